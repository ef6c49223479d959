/**
 * `DateTime::createFromFormat('!'.$format, $value)` as PHP 8.2 answers it
 * (every expectation printed by PHP 8.2.36, timezone UTC): lenient where PHP
 * is (`Y-m-d` reads `2024-1-5`, `2024-13-01` is January 2025), strict where
 * it is (trailing data, two-digit minutes).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFromFormat } from '../../../src/php/strtotime/from-format.js';
import { assertLinear } from '../../helpers/growth.js';

const NOW = { sse: 1_705_314_645, us: 0 };

/** [format, value, [seconds, microseconds] or null (false in PHP)]. */
const PHP: ReadonlyArray<readonly [string, string, readonly [number, number] | null]> = [
  ['Y-m-d', '2024-01-15', [1705276800, 0]],
  ['Y-m-d', '2024-1-5', [1704412800, 0]],
  ['Y-m-d', '2024-13-01', [1735689600, 0]],
  ['Y-m-d', '2024-02-30', [1709251200, 0]],
  ['Y-m-d', '24-01-15', [-61408627200, 0]],
  ['Y-m-d', '2024-01-15 ', null],
  ['Y-m-d', ' 2024-01-15', null],
  ['Y-m-d', '2024-01', null],
  ['d/m/Y', '15/01/2024', [1705276800, 0]],
  ['d/m/Y', '5/1/2024', [1704412800, 0]],
  ['m/d/Y', '01/15/2024', [1705276800, 0]],
  ['Y-m-d H:i:s', '2024-01-15 10:30:00', [1705314600, 0]],
  ['Y-m-d H:i:s', '2024-01-15 10:30:0', null],
  ['Y-m-d H:i:s', '2024-01-15 25:61:61', [1705370521, 0]],
  ['Y-m-d\\TH:i:sP', '2024-01-15T10:30:00+02:00', [1705307400, 0]],
  ['Y-m-d\\TH:i:sP', '2024-01-15T10:30:00Z', [1705314600, 0]],
  ['Y-m-d\\TH:i:s.uP', '2024-01-15T10:30:00.5+02:00', [1705307400, 500000]],
  ['Y-m-d e', '2024-01-15 Europe/Paris', [1705273200, 0]],
  ['Y-m-d T', '2024-01-15 EST', [1705294800, 0]],
  ['D, d M Y H:i:s O', 'Mon, 15 Jan 2024 10:00:00 +0000', [1705312800, 0]],
  ['D Y-m-d', 'Fri 2024-01-15', [1705622400, 0]],
  ['l jS F Y', 'Monday 1st January 2024', [1704067200, 0]],
  ['j M Y', '5 jan 2024', [1704412800, 0]],
  ['M Y', 'XII 2024', [1733011200, 0]],
  ['y-m-d', '69-01-15', [3125433600, 0]],
  ['y-m-d', '70-01-15', [1209600, 0]],
  ['U', '1700000000', [1700000000, 0]],
  ['U', '-5', [-5, 0]],
  ['U.u', '1700000000.5', [1700000000, 500000]],
  ['H:i', '10:30', [37800, 0]],
  ['g:i A', '1:05 PM', [47100, 0]],
  ['g:i A', '13:05 PM', null],
  ['h:i a', '12:00 am', [0, 0]],
  ['Y z', '2024 59', [1709164800, 0]],
  ['Y-m-d H:i:s.v', '2024-01-15 10:00:00.12', [1705312800, 120000]],
  ['Y#m#d', '2024/01.15', [1705276800, 0]],
  ['Y-m-d+', '2024-01-15 trailing', [1705276800, 0]],
  ['?Y', 'x2024', [1704067200, 0]],
  ['Y-m-d|', '2024-01-15', [1705276800, 0]],
  ['Y-m-d\\Z', '2024-01-15Z', [1705276800, 0]],
  ['Ymd', '20240115', [1705276800, 0]],
  ['YmdHis', '20240115103000', [1705314600, 0]],
  ['Y-m-d', '', null],
];

const test = suite('createFromFormat, as PHP 8.2');

for (const [format, value, expected] of PHP) {
  test(`createFromFormat(${JSON.stringify(`!${format}`)}, ${JSON.stringify(value)})`, () => {
    const at = createFromFormat(format, value, NOW);
    assert.equal(at === null ? null : [at.sse, at.us], expected);
  });
}

test('one pass over the value: 100 KB of input answers in linear time', async () => {
  const longOf = (size: number) => `2024-01-15${' '.repeat(size)}`;
  const long = longOf(100_000);
  assert.is(createFromFormat('Y-m-d', long, NOW), null);
  assert.is(createFromFormat('Y-m-d+', long, NOW)?.sse, 1_705_276_800);
  assert.is(createFromFormat('Y-m-d *', `${long}x`, NOW)?.sse, 1_705_276_800);
  for (const [format, tail] of [
    ['Y-m-d', ''],
    ['Y-m-d+', ''],
    ['Y-m-d *', 'x'],
  ] as const) {
    await assertLinear(
      format,
      (size) => {
        const value = longOf(size) + tail;
        return () => createFromFormat(format, value, NOW);
      },
      10_000,
    );
  }
});

test.run();
