/**
 * Multipart fields follow the same bracket rules as a form body, in time
 * linear in the number of parts: a list of n `items[]` fields is built in
 * n steps, not n² (tests/helpers/growth.ts).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readMultipart, type MultipartLimits } from '../../src/http/multipart.js';
import { fakeIncoming } from '../helpers/fake-request.js';
import { multipart } from '../helpers/multipart.js';
import { assertLinear } from '../helpers/growth.js';

const LIMITS: MultipartLimits = {
  max_input_vars: 10_000_000,
  max_input_nesting: 64,
  body_limit: 100_000_000,
  max_file_size: 1_000_000,
  max_files: 10,
};

const test = suite('multipart: fields in linear time');

test('n items[] fields make a list of n, in time linear in n (plain and nested)', async () => {
  for (const name of ['items[]', 'items[a][]']) {
    const body = (n: number) => multipart(Array.from({ length: n }, (_, i) => ({ name, content: String(i) })));
    const small = body(3);
    const read = await readMultipart(fakeIncoming([small.body], small.headers), LIMITS);
    assert.equal(
      JSON.parse(JSON.stringify(read.fields)),
      name === 'items[]' ? { items: ['0', '1', '2'] } : { items: { a: ['0', '1', '2'] } },
    );
    await assertLinear(
      `${name} × n`,
      (size) => {
        const { body: bytes, headers } = body(size);
        return () => readMultipart(fakeIncoming([bytes], headers), LIMITS);
      },
      1_000,
    );
  }
});

test.run();
