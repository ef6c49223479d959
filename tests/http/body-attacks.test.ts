/**
 * The body reader under hostile input (issue #8): memory stays within a small
 * multiple of the limit whatever the chunking, encodings it does not decode
 * are refused, and JSON with lone surrogates is refused as Laravel's decoder does.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { readBody } from '../../src/http/body.js';
import { readMultipart } from '../../src/http/multipart.js';
import { HttpError } from '../../src/errors/http-error.js';
import { jsonIncoming } from '../helpers/fake-request.js';
import { rejected } from '../helpers/plain.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const limits = { body_limit: 1024 * 1024, max_input_vars: 1000, max_input_nesting: 64, max_file_size: 1024 * 1024, max_files: 5 };

/**
 * A request whose body arrives as `count` one-byte chunks, each its own
 * Buffer object (views of one backing store, so only the reader can make
 * them expensive). Pauses before the end so the test can measure the heap.
 */
function oneByteChunks(
  bytes: Buffer,
  headers: Record<string, string>,
): { req: IncomingMessage; finish: () => void; pushed: Promise<void> } {
  let index = 0;
  let resolvePushed: () => void;
  const pushed = new Promise<void>((resolve) => (resolvePushed = resolve));
  let ended = false;
  const stream = new Readable({
    highWaterMark: 1,
    read() {
      if (index < bytes.length) {
        this.push(bytes.subarray(index, ++index));
        if (index === bytes.length) resolvePushed();
      } else if (ended) this.push(null);
    },
  });
  const finish = () => {
    ended = true;
    stream.push(null);
  };
  return { req: Object.assign(stream, { headers }) as unknown as IncomingMessage, finish, pushed };
}

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const test = suite('body reader: hostile bodies');

test('a JSON body sent as one-byte chunks costs memory near its size, not per chunk', async () => {
  const size = 256 * 1024;
  const json = Buffer.from(JSON.stringify({ a: 'x'.repeat(size - 10) }).slice(0, size - 2) + '"}');
  const before = heapAfterGc();
  const { req, finish, pushed } = oneByteChunks(json, { 'content-type': 'application/json' });
  const reading = readBody(req, limits);
  await pushed;
  await new Promise((resolve) => setImmediate(resolve));
  const during = heapAfterGc() - before;
  finish();
  await reading.catch(() => undefined);
  // One Buffer kept per chunk costs ~100 bytes each (25+ MiB here); a growing buffer costs ~1x the body.
  assert.ok(during < 4 * size, `heap grew by ${(during / 1024 / 1024).toFixed(1)} MiB while reading a ${size / 1024} KiB body`);
});

test('a multipart file sent as one-byte chunks costs memory near its size', async () => {
  const size = 128 * 1024;
  const body = Buffer.from(
    `--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'y'.repeat(size)}\r\n--b--\r\n`,
  );
  const before = heapAfterGc();
  const { req, finish, pushed } = oneByteChunks(body, { 'content-type': 'multipart/form-data; boundary=b' });
  const reading = readMultipart(req, limits);
  await pushed;
  await new Promise((resolve) => setImmediate(resolve));
  const during = heapAfterGc() - before;
  finish();
  const result = await reading;
  assert.is(result.files.get('f')?.[0]?.size, size);
  assert.ok(during < 8 * size, `heap grew by ${(during / 1024 / 1024).toFixed(1)} MiB while reading a ${size / 1024} KiB file`);
});

test('Content-Encoding other than identity: 415 before reading', async () => {
  for (const encoding of ['gzip', 'x-unknown', 'deflate', 'br']) {
    const req = jsonIncoming('{"a":1}');
    req.headers['content-encoding'] = encoding;
    const error = await rejected(readBody(req, limits));
    assert.instance(error, HttpError);
    assert.is((error as HttpError).status, 415, encoding);
    assert.match((error as HttpError).message, /Content-Encoding/);
  }
});

test('Content-Encoding: identity is read as usual', async () => {
  const req = jsonIncoming('{"a":1}');
  req.headers['content-encoding'] = 'identity';
  const body = await readBody(req, limits);
  assert.is(body.a, 1);
});

test('a lone surrogate escape in JSON is a 400, as PHP json_decode refuses it', async () => {
  for (const text of ['{"a":"\\ud800"}', '{"\\udc00":1}', '{"a":["x\\ud83d"]}', '{"a":"\\udc00\\ud800"}']) {
    const error = await rejected(readBody(jsonIncoming(text), limits));
    assert.instance(error, HttpError);
    assert.is((error as HttpError).status, 400, text);
  }
});

test('a correct surrogate pair is accepted', async () => {
  const body = await readBody(jsonIncoming('{"a":"\\ud83d\\ude00"}'), limits);
  assert.is(body.a, '😀');
});

test('multipart: a part without a name (or an empty one) is skipped, as PHP does', async () => {
  for (const disposition of ['form-data', 'form-data; name=""']) {
    const body = `--b\r\nContent-Disposition: ${disposition}\r\n\r\nhi\r\n--b\r\nContent-Disposition: form-data; name="kept"\r\n\r\nyes\r\n--b--\r\n`;
    const req = Object.assign(Readable.from([Buffer.from(body)]), {
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    }) as unknown as IncomingMessage;
    const result = await readMultipart(req, limits);
    assert.equal(JSON.parse(JSON.stringify(result.fields)), { kept: 'yes' }, disposition);
  }
});

test('multipart: invalid UTF-8 in a field value or name is a 400, as in JSON and form bodies', async () => {
  for (const [name, value] of [
    ['f', Buffer.from([0x61, 0xff, 0x62])],
    [Buffer.from([0xc3, 0x28]).toString('latin1'), Buffer.from('ok')],
  ] as const) {
    const body = Buffer.concat([
      Buffer.from(`--b\r\nContent-Disposition: form-data; name="`),
      Buffer.from(name, 'latin1'),
      Buffer.from('"\r\n\r\n'),
      value,
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const req = Object.assign(Readable.from([body]), {
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    }) as unknown as IncomingMessage;
    const error = await rejected(readMultipart(req, limits));
    assert.instance(error, HttpError);
    assert.is((error as HttpError).status, 400);
  }
});

test('multipart: UTF-8 field names and values arrive intact', async () => {
  const body = Buffer.from('--b\r\nContent-Disposition: form-data; name="naïve"\r\n\r\nçà 😀\r\n--b--\r\n');
  const req = Object.assign(Readable.from([body]), {
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
  }) as unknown as IncomingMessage;
  const result = await readMultipart(req, limits);
  assert.equal(JSON.parse(JSON.stringify(result.fields)), { naïve: 'çà 😀' });
});

test.run();
