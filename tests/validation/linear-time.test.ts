/**
 * Every built-in rule runs in linear time (security review, issue #8): each
 * rule the engine accepts is run on 10 KB and 100 KB values made of long runs
 * of the characters its patterns loop on, and its cost must grow about 10
 * times, not 100 (tests/helpers/growth.ts: CPU time, fastest of several runs, measured again when over the limit,
 * so a busy machine does not fail it). A catastrophic pattern takes seconds
 * to centuries on these inputs, a quadratic one about a second.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSync, type SyncValidator } from './helpers.js';
import { RULES } from '../../src/validation/rules/index.js';
import type { RuleMap } from '../../src/validation/types.js';
import { compileValidator } from '../../src/validation/compiler.js';
import { DnsResolver } from '../../src/validation/services/dns-resolver.js';
import { PasswordUserResolver } from '../../src/validation/services/password-user-resolver.js';
import { contextWith } from '../helpers/validation-context.js';
import type { ValidationContext } from '../../src/validation/rules/definition.js';
import { PresenceVerifier } from '../../src/database/presence-verifier.js';
import { PresentValues } from '../../src/database/present-values.js';
import { presenceKey, type PresenceValue } from '../../src/database/presence-value.js';
import { assertLinear, confirmedGrowth, cpuCost, isLinear } from '../helpers/growth.js';
import { UploadedFile } from '../../src/http/uploaded-file.js';

const SIZE = 100_000;

/** Rule name → rule maps that exercise it (field `value`, or `list.*` for `distinct`). */
const SPECS: Readonly<Record<string, readonly RuleMap[]>> = {
  bail: [{ value: 'bail|max:255|url' }, { value: 'bail|string|email|url|date' }],
  nullable: [{ value: 'nullable|url' }],
  sometimes: [{ value: 'sometimes|email' }],
  required: [{ value: 'required' }],
  filled: [{ value: 'filled' }],
  present: [{ value: 'present' }],
  accepted: [{ value: 'accepted' }],
  declined: [{ value: 'declined' }],
  required_if: [{ value: 'required_if:other,1,2' }],
  required_unless: [{ value: 'required_unless:other,1' }],
  required_with: [{ value: 'required_with:other' }],
  required_with_all: [{ value: 'required_with_all:other,value_confirmation' }],
  required_without: [{ value: 'required_without:missing' }],
  required_without_all: [{ value: 'required_without_all:missing,gone' }],
  string: [{ value: 'string' }],
  integer: [{ value: 'integer' }, { value: 'int|min:1|max:9' }],
  numeric: [{ value: 'numeric|between:1,5' }],
  boolean: [{ value: 'boolean' }],
  array: [{ value: 'array' }, { value: 'array:a,b' }],
  list: [{ value: 'list' }],
  in: [{ value: 'in:a,b,1,2.5' }],
  not_in: [{ value: 'not_in:a,b,1,2.5' }],
  min: [{ value: 'min:3' }],
  max: [{ value: 'max:255' }],
  size: [{ value: 'size:3' }],
  between: [{ value: 'between:1,255' }],
  digits: [{ value: 'digits:4' }],
  digits_between: [{ value: 'digits_between:1,5' }],
  // email:dns looks domains up through IO_CONTEXT's resolver, which answers at once. The egulias
  // parser on runs of quotes, parentheses and backslashes: tests/php/email/rfc-parser.test.ts.
  email: [
    { value: 'email' },
    { value: 'email:spoof' },
    { value: 'email:rfc,dns' },
    { value: 'email:dns,spoof' },
    { value: 'email:rfc,strict,filter,filter_unicode' },
  ],
  url: [{ value: 'url' }, { value: 'url:http,https' }],
  uuid: [{ value: 'uuid' }],
  ulid: [{ value: 'ulid' }],
  ip: [{ value: 'ip' }],
  ipv4: [{ value: 'ipv4' }],
  ipv6: [{ value: 'ipv6' }],
  json: [{ value: 'json' }],
  date: [{ value: 'date' }],
  date_format: [
    { value: 'date_format:Y-m-d' },
    { value: 'date_format:"D, d M Y H:i:s P",U' },
    { value: 'date_format:UU' },
    { value: 'date_format:Y-m-d e' },
    { value: 'date_format:H:i T' },
  ],
  before: [{ value: 'before:2030-01-01' }, { value: 'before:other' }],
  before_or_equal: [{ value: 'before_or_equal:tomorrow' }],
  after: [{ value: 'after:+1 week' }, { value: 'date_format:UU|after:other', other: 'date_format:UU' }],
  after_or_equal: [{ value: 'after_or_equal:2020-01-01' }],
  date_equals: [{ value: 'date_equals:today' }],
  // A developer's own pattern is theirs to keep linear (`/\d+$/` is quadratic in PHP too): these
  // check that the PCRE translation (`$`, `\Z`, flags) adds no backtracking of its own.
  regex: [
    { value: ['regex:/^[a-z0-9.-]+$/iu'] },
    { value: ['regex:/^\\d+$/'] },
    { value: ['regex:/a$/'] },
    // Patterns of the application's that backtrack catastrophically in PHP and JavaScript.
    { value: ['regex:/^([a-z]+)*$/'] },
    { value: ['regex:/(a+)+$/'] },
    { value: ['regex:/(a|a)*$/'] },
    { value: ['regex:/(a|aa)+$/u'] },
    { value: ['regex:/(.*a){20}/'] },
    { value: ['regex:/^(\\w+\\s?)*$/'] },
    { value: ['regex:/\\d+x/'] },
    { value: ['regex:/^(?=(a+)+b)/'] },
  ],
  not_regex: [{ value: ['not_regex:/^[a-z]+\\Z/'] }, { value: ['not_regex:/^([a-z]+)*$/'] }],
  alpha: [{ value: 'alpha' }, { value: 'alpha:ascii' }],
  alpha_num: [{ value: 'alpha_num' }, { value: 'alpha_num:ascii' }],
  alpha_dash: [{ value: 'alpha_dash' }, { value: 'alpha_dash:ascii' }],
  starts_with: [{ value: 'starts_with:http,xn--' }],
  ends_with: [{ value: 'ends_with:.com,!' }],
  confirmed: [{ value: 'confirmed' }],
  same: [{ value: 'same:other' }],
  different: [{ value: 'different:other' }],
  distinct: [{ 'list.*': 'distinct' }, { 'list.*': 'distinct:ignore_case' }],
  required_if_accepted: [{ value: 'required_if_accepted:other' }],
  required_if_declined: [{ value: 'required_if_declined:other' }],
  accepted_if: [{ value: 'accepted_if:other,1' }],
  declined_if: [{ value: 'declined_if:other,1' }],
  missing: [{ value: 'missing' }],
  missing_if: [{ value: 'missing_if:other,1' }],
  missing_unless: [{ value: 'missing_unless:other,1' }],
  missing_with: [{ value: 'missing_with:other' }],
  missing_with_all: [{ value: 'missing_with_all:other,list' }],
  present_if: [{ value: 'present_if:other,1' }],
  present_unless: [{ value: 'present_unless:other,1' }],
  present_with: [{ value: 'present_with:other' }],
  present_with_all: [{ value: 'present_with_all:other,list' }],
  prohibited: [{ value: 'prohibited' }],
  prohibited_if: [{ value: 'prohibited_if:other,1' }],
  prohibited_unless: [{ value: 'prohibited_unless:other,1' }],
  prohibited_if_accepted: [{ value: 'prohibited_if_accepted:other' }],
  prohibited_if_declined: [{ value: 'prohibited_if_declined:other' }],
  prohibits: [{ value: 'prohibits:other' }],
  exclude: [{ value: 'exclude' }],
  exclude_if: [{ value: 'exclude_if:other,1' }],
  exclude_unless: [{ value: 'exclude_unless:other,1' }],
  exclude_with: [{ value: 'exclude_with:other' }],
  exclude_without: [{ value: 'exclude_without:other' }],
  required_array_keys: [{ value: 'required_array_keys:a,b' }],
  contains: [{ value: 'contains:a,b' }],
  // The list's values are indexed once per request: linear in the list and in the items checked.
  in_array: [{ value: 'in_array:list.*' }, { 'list.*': 'in_array:other' }],
  gt: [{ value: 'gt:other' }, { value: 'numeric|gt:5' }],
  gte: [{ value: 'gte:other' }],
  lt: [{ value: 'lt:5' }],
  lte: [{ value: 'integer|lte:other' }],
  max_digits: [{ value: 'max_digits:3' }],
  min_digits: [{ value: 'min_digits:3' }],
  decimal: [{ value: 'decimal:2' }, { value: 'decimal:0,4' }],
  multiple_of: [{ value: 'multiple_of:3' }, { value: 'multiple_of:0.25' }],
  doesnt_start_with: [{ value: 'doesnt_start_with:http,xn--' }],
  doesnt_end_with: [{ value: 'doesnt_end_with:.com,!' }],
  ascii: [{ value: 'ascii' }],
  lowercase: [{ value: 'lowercase' }],
  uppercase: [{ value: 'uppercase' }],
  hex_color: [{ value: 'hex_color' }],
  mac_address: [{ value: 'mac_address' }],
  timezone: [{ value: 'timezone' }, { value: 'timezone:all_with_bc' }],
  // File rules fail a string at once; tests/files bounds the inspection of large uploads.
  file: [{ value: 'file' }],
  extensions: [{ value: 'extensions:png,jpg' }],
};

/** The runs the built-in patterns loop on: letters, separators, digits, IDN prefixes, unicode. */
const UNITS = [
  'a',
  '-',
  '.',
  '_',
  'xn--a',
  'xn--',
  'a.',
  'a-',
  '0',
  '1.',
  '9:',
  '@',
  'a@',
  ':',
  '/',
  '%',
  '%4',
  '[',
  '::',
  'é',
  '😀',
  '€',
  ' ',
  '\t',
  'e1',
  '+',
  '?',
  '#',
  'Jan ',
  '12 ',
  // PHP's date grammar: relative units, 'ago', timestamps, zones, Carbon's ' at ' rewrite.
  '+1 day ',
  'ago ',
  '@1',
  'GMT+',
  ' at ',
  'next 2pm ',
];

/** Starts that lead each pattern into the part that loops. */
const PREFIXES = ['http://', 'http://a:b@', 'http://a.com/', 'http://a.com?', 'a@', 'a@a.', '[', '2024-01-01 ', '1.2.3.'];

/** Runs of each unit, bare and followed by `!` (a failure at the very end is what makes a pattern backtrack). */
function plain(size = SIZE): string[] {
  const out: string[] = [];
  for (const unit of UNITS) {
    const body = unit.repeat(Math.ceil(size / unit.length));
    out.push(body, body + '!');
  }
  return out;
}

/** The same runs after each prefix, for the rules that parse a structure. */
function prefixed(size = SIZE): string[] {
  const out: string[] = [];
  for (const prefix of PREFIXES) {
    for (const unit of UNITS) out.push(prefix + unit.repeat(Math.ceil((size - prefix.length) / unit.length)) + '!');
  }
  return out;
}

const PLAIN = plain();
const ALL = [...PLAIN, ...prefixed()];
/** The same values at a tenth of the size, in the same order. */
const PLAIN_SMALL = plain(SIZE / 10);
const ALL_SMALL = [...PLAIN_SMALL, ...prefixed(SIZE / 10)];
/** Rules that read a structure (scheme, host, address, date parts) get the prefixed values too. */
const STRUCTURED = /url|email|ip|date|before|after|regex|mac|hex|decimal|multiple/;

/**
 * Null when `run` grows linearly from the small value to the large one (a
 * tenth of the size, then the size), else what was measured.
 */
async function superLinear<T>(small: T, large: T, run: (value: T) => unknown): Promise<string | null> {
  const measured = await confirmedGrowth((size) => {
    const value = size === SIZE ? large : small;
    return () => run(value);
  }, SIZE / 10);
  return isLinear(measured) ? null : measured.text;
}

function inputFor(value: string): Record<string, unknown> {
  return { value, other: value, value_confirmation: value, list: [value, value.slice(1), value] };
}

function label(value: string): string {
  return `${JSON.stringify(value.slice(0, 24))}... (${value.length} chars)`;
}

const test = suite('every built-in rule is linear-time on 100 KB adversarial values');

/**
 * Rules with input/output (a query), run with an in-memory service that
 * answers at once: what is measured is the rule's own work per request
 * (collecting the values, matching the answer back), not the database.
 */
const IO_SPECS: Readonly<Record<string, readonly RuleMap[]>> = {
  exists: [{ value: 'exists:t,c' }, { 'list.*': 'exists:t,c,a,1' }, { value: 'array|exists:t,c' }],
  unique: [{ value: 'unique:t,c,5,id,a,!1' }, { 'list.*': 'unique:t,c' }],
  // File rules that inspect uploads: on strings they answer without reading anything.
  image: [{ value: 'image' }, { 'list.*': 'image' }],
  mimes: [{ value: 'mimes:png,jpg' }],
  mimetypes: [{ value: 'mimetypes:image/*,text/plain' }],
  dimensions: [{ value: 'dimensions:min_width=1,max_width=100,ratio=3/2' }],
  active_url: [{ value: 'active_url' }, { 'list.*': 'active_url' }],
  current_password: [{ value: 'current_password' }],
};

/** A PresenceVerifier over a set of values, answering without I/O. */
class MemoryVerifier extends PresenceVerifier {
  readonly #rows = new Set([presenceKey('a'), presenceKey('x')]);
  getCount(_table: string, _column: string, value: PresenceValue): number {
    return this.#rows.has(presenceKey(value)) ? 1 : 0;
  }
  getMultiCount(_table: string, _column: string, values: readonly PresenceValue[]): number {
    return new Set(values.map(presenceKey).filter((key) => this.#rows.has(key))).size;
  }
  getPresentValues(_table: string, _column: string, values: readonly PresenceValue[]): PresentValues {
    return new PresentValues(values.map(presenceKey).filter((key) => this.#rows.has(key)));
  }
}

/** Services that answer at once: rows `a` and `x`; every host has an address and an MX; the user's hash is bcrypt of 'x' (cost 4). */
const IO_CONTEXT: ValidationContext = contextWith([
  [PresenceVerifier, new MemoryVerifier()],
  [
    DnsResolver,
    new (class extends DnsResolver {
      override records = async (_host: string, type: string) => (type === 'MX' ? ['mail.example.org'] : ['192.0.2.1']);
    })(),
  ],
  [
    PasswordUserResolver,
    new (class extends PasswordUserResolver {
      override passwordHash = () => '$2b$04$8NV5QSSmsd6v9jgqFOX9l.fOcQiUJVC8xFOxdVqGLI1xb8S5pX6Bm';
    })(),
  ],
]);

test('the specs cover every rule the engine accepts', () => {
  assert.equal([...Object.keys(SPECS), ...Object.keys(IO_SPECS)].sort(), Object.keys(RULES).sort());
});

for (const name of Object.keys(IO_SPECS)) {
  test(`${name} answers each adversarial value, and 10,000 wildcard items, in linear time`, async () => {
    const slow: string[] = [];
    const many = (count: number) => ({
      list: Array.from({ length: count }, (_, i) => (i % 3 === 0 ? 'a' : `v${i}`)),
      value: ['a', 'x', 'b'],
    });
    for (const rules of IO_SPECS[name]!) {
      const validator = compileValidator(rules, { owner: 'LinearTime' });
      const structured = STRUCTURED.test(JSON.stringify(rules));
      const smalls = [...(structured ? ALL_SMALL : PLAIN_SMALL).map(inputFor), many(1_000)];
      const larges = [...(structured ? ALL : PLAIN).map(inputFor), many(10_000)];
      for (const [i, input] of larges.entries()) {
        const text = await superLinear(smalls[i]!, input, (value) => validator.validate(value, undefined, undefined, IO_CONTEXT));
        if (text !== null) slow.push(`${JSON.stringify(rules)} on ${JSON.stringify(input).slice(0, 40)}: ${text}`);
      }
    }
    assert.equal(slow, [], slow.join('\n'));
  });
}

for (const name of Object.keys(SPECS)) {
  test(`${name} answers each adversarial value in linear time`, async () => {
    const slow: string[] = [];
    for (const rules of SPECS[name]!) {
      const io = compileValidator(rules, { owner: 'LinearTime' }).async;
      const sync: SyncValidator | null = io ? null : compileSync(rules, { owner: 'LinearTime' });
      const async = io ? compileValidator(rules, { owner: 'LinearTime' }) : null;
      const structured = STRUCTURED.test(JSON.stringify(rules));
      const smalls = structured ? ALL_SMALL : PLAIN_SMALL;
      for (const [i, value] of (structured ? ALL : PLAIN).entries()) {
        const text = await superLinear(inputFor(smalls[i]!), inputFor(value), (input) =>
          sync !== null ? sync.validate(input) : async!.validate(input, undefined, undefined, IO_CONTEXT),
        );
        if (text !== null) slow.push(`${JSON.stringify(rules)} on ${label(value)}: ${text}`);
      }
    }
    assert.equal(slow, [], slow.join('\n'));
  });
}

test('the reported url attacks: 118 bytes and 10 KB of "xn--a" after http://', async () => {
  const validator = compileSync({ u: 'url' }, { owner: 'LinearTime' });
  const attack = (repeat: number) => ({ u: `http://${'xn--a'.repeat(repeat)}!` });
  for (const repeat of [22, 2000, 20_000]) assert.is(validator.validate(attack(repeat)).ok, false);
  await assertLinear('url on xn--a runs', (repeat) => () => validator.validate(attack(repeat)), 2_000);
  const host = (length: number) => ({ u: `http://${'a'.repeat(length)}` });
  await assertLinear('url on a host of a', (length) => () => validator.validate(host(length)), 4_000);
  assert.is(validator.validate(host(40_000)).ok, true);
});

test('100 KB object keys under a wildcard: messages name them (Str::snake for :other) in linear time', async () => {
  const validator = compileSync({ 'obj.*': 'same:other.*' }, { owner: 'LinearTime' });
  for (const unit of ['aA', 'A', ' a', 'a ', '\t', 'é', '_', '1']) {
    const inputOf = (size: number) => {
      const key = unit.repeat(size / unit.length);
      return { obj: { [key]: 'a' }, other: { [key]: 'b' } };
    };
    await assertLinear(`keys of ${JSON.stringify(unit)}`, (size) => () => validator.validate(inputOf(size)), SIZE / 10);
    assert.is(validator.validate(inputOf(SIZE)).ok, false);
  }
});

test('in_array under a wildcard indexes the other list once: 10,000 items against 10,000 values', async () => {
  const validator = compileSync({ 'items.*': 'in_array:allowed.*' }, { owner: 'LinearTime' });
  const inputOf = (count: number) => {
    const allowed = Array.from({ length: count }, (_, i) => `v${i}`);
    return { allowed, items: allowed.map((v, i) => (i === count - 1 ? 'nope' : v)) };
  };
  await assertLinear(
    'in_array over items',
    (count) => {
      const input = inputOf(count);
      return () => validator.validate(input);
    },
    1_000,
  );
  assert.equal(validator.validate(inputOf(10_000)), {
    ok: false,
    errors: { 'items.9999': ['The items.9999 field must exist in allowed.*.'] },
  });
});

test('in_array with several wildcards matches crafted 100 KB keys in linear time', async () => {
  const validator = compileSync({ value: 'in_array:a.*.b.*.c' }, { owner: 'LinearTime' });
  await assertLinear(
    'in_array:a.*.b.*.c on a crafted key',
    (repeat) => {
      const input = { value: 'x', a: { ['.b.'.repeat(repeat)]: 'x' } };
      return () => validator.validate(input);
    },
    3_300,
  );
  const input = { value: 'x', a: { ['.b.'.repeat(33_000)]: 'x' } };
  assert.equal(validator.validate(input), { ok: false, errors: { value: ['The value field must exist in a.*.b.*.c.'] } });
});

test('with bail, no rule runs after the first failure: a catastrophic regex after a failed max is never run', async () => {
  const validator = compileSync({ value: ['bail', 'max:5', 'regex:/^(a+)+$/'] }, { owner: 'LinearTime' });
  const input = { value: `${'a'.repeat(26)}!` };
  // The pattern, if it ran, would take about 2^13 times as long on 26 a's as on 13.
  await assertLinear(
    'bail|max:5|regex',
    (length) => {
      const value = { value: `${'a'.repeat(length)}!` };
      return () => validator.validate(value);
    },
    13,
    { factor: 2 },
  );
  assert.equal(validator.validate(input), {
    ok: false,
    errors: { value: ['The value field must not be greater than 5 characters.'] },
  });
});

test('bail|max:255|url on a 100 KB value answers fast with only the max message', async () => {
  const validator = compileSync({ value: 'bail|max:255|url' }, { owner: 'LinearTime' });
  const input = { value: `http://${'xn--a'.repeat(25_000)}!` };
  // url on this value costs several times what max does: with bail it must not run.
  const url = compileSync({ value: 'url' }, { owner: 'LinearTime' });
  const [bail, urlAlone] = [await cpuCost(() => validator.validate(input)), await cpuCost(() => url.validate(input))];
  assert.ok(bail < urlAlone / 3, `bail|max:255|url took ${bail.toFixed(3)} ms CPU, url alone ${urlAlone.toFixed(3)} ms`);
  assert.equal(validator.validate(input), {
    ok: false,
    errors: { value: ['The value field must not be greater than 255 characters.'] },
  });
});

test('* alone over alternating integer-keyed values and objects is gathered in linear time (PHP renumbering replayed once per key)', async () => {
  const validator = compileSync({ '*': 'integer' }, { owner: 'LinearTime' });
  const limits = { max_validation_errors: 1, max_wildcard_items: 0 };
  const inputOf = (count: number) => {
    const input: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) input[String(i * 3 + 1)] = i % 2 === 0 ? 'x' : { c: 1 };
    return input;
  };
  // A copy of the flattened keys per nested object (array_merge taken literally) is quadratic.
  await assertLinear(
    '* over integer keys and objects',
    (count) => {
      const input = inputOf(count);
      return () => validator.validate(input, undefined, limits);
    },
    6_000,
  );
  assert.equal(validator.validate(inputOf(60_000), undefined, limits), { ok: false, errors: { '1': ['The 1 field must be an integer.'] } });
});

test('the file rules read a client file name in linear time, with a long run of spaces in its extension', async () => {
  const validator = compileSync({ doc: 'extensions:png' }, { owner: 'LinearTime' });
  const named = (filename: string) => ({ doc: new UploadedFile('doc', filename, 'image/png', Buffer.from('x')) });
  assert.ok(validator.validate(named('scan.png')).ok, 'a png passes');
  assert.not.ok(validator.validate(named('scan.php ')).ok, 'a PHP extension, trimmed, is refused');
  await assertLinear(
    'extensions on a spaced file name',
    (size) => {
      const input = named(`scan.p${' '.repeat(size)}g`);
      return () => validator.validate(input);
    },
    10_000,
  );
});

test.run();
