/**
 * The typed client reads at most `maxAnswerBytes` of an answer (10 MiB by
 * default): past it the call fails with `AnswerTooLarge`, the rest is not
 * read, and errors keep a preview of an answer, never all of it. Against
 * real local servers, with small caps so that the test's bytes stay small.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AnswerTooLarge, ClientError, StatusError, createClient } from '../../src/client/index.js';
import type { Api } from '../../examples/system/routes/api.js';

const test = suite('switchyard-http/client: the size of an answer');

/** JSON of exactly `bytes` bytes: `{"data":"aaa…"}`. */
function jsonOf(bytes: number): string {
  return `{"data":"${'a'.repeat(bytes - 11)}"}`;
}

const STREAMED_BYTES = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** Bytes the streaming answer had handed to its socket when its connection closed. */
let streamedBeforeClose = -1;

/** Answers `/<kind>/<size>/<status>`: `json` or `html` of that many bytes with a Content-Length; `stream` a 64 MiB JSON string, chunked, written as the socket takes it. */
async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [kind, size, status] = (req.url ?? '/').split('?')[0]!.split('/').slice(1);
  if (kind === 'stream') {
    res.writeHead(200, { 'content-type': 'application/json' });
    let written = 0;
    let wake = () => {};
    res.on('drain', () => wake());
    res.on('close', () => {
      streamedBeforeClose = written;
      wake();
    });
    res.write('"');
    while (written < STREAMED_BYTES && !res.destroyed) {
      written += CHUNK.length;
      if (!res.write(CHUNK)) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (!res.destroyed) res.end('"');
    return;
  }
  const body = kind === 'html' ? `<html>${'x'.repeat(Number(size))}</html>` : jsonOf(Number(size));
  res.writeHead(Number(status ?? 200), {
    'content-type': kind === 'html' ? 'text/html' : 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

let server: Server;
let base = '';

test.before(async () => {
  server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** A client whose `system.status` asks the server for `path` (`/<kind>/<size>/<status>`). */
const clientFor = (path: string, maxAnswerBytes?: number) =>
  createClient<Api>({ baseUrl: base, paths: { system: path }, ...(maxAnswerBytes === undefined ? {} : { maxAnswerBytes }) });

test('an answer over maxAnswerBytes (Content-Length known): AnswerTooLarge, with the status, the limit and a preview', async () => {
  const error = await rejection(clientFor('/json/65536', 4096).system.status());
  assert.instance(error, AnswerTooLarge);
  assert.instance(error, StatusError);
  assert.instance(error, ClientError);
  const tooLarge = error as AnswerTooLarge;
  assert.is(tooLarge.name, 'AnswerTooLarge');
  assert.is(tooLarge.status, 200);
  assert.is(tooLarge.limit, 4096);
  assert.is(tooLarge.endpoint, 'system.status');
  assert.match(tooLarge.message, /4096 bytes/);
  assert.is(tooLarge.preview, jsonOf(65536).slice(0, 1024));
  assert.is(tooLarge.body, undefined);
  assert.is(tooLarge.headers.get('content-type'), 'application/json');
});

test('an answer at the limit is read; one byte more is not', async () => {
  assert.equal(await clientFor('/json/4096', 4096).system.status(), JSON.parse(jsonOf(4096)));
  assert.instance(await rejection(clientFor('/json/4097', 4096).system.status()), AnswerTooLarge);
});

test('a chunked answer of 64 MiB with a cap of 16 KiB: AnswerTooLarge, and the client stops reading (the server could not write it all)', async () => {
  streamedBeforeClose = -1;
  const error = await rejection(clientFor('/stream', 16 * 1024).system.status());
  assert.instance(error, AnswerTooLarge);
  assert.is((error as AnswerTooLarge).preview, `"${'a'.repeat(1023)}`);
  for (let waited = 0; streamedBeforeClose === -1 && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.ok(streamedBeforeClose >= 0, 'the connection closed');
  assert.ok(streamedBeforeClose < STREAMED_BYTES / 4, `the server wrote ${streamedBeforeClose} bytes of ${STREAMED_BYTES}`);
});

test('an error answer over the cap is AnswerTooLarge too, with its status', async () => {
  const error = await rejection(clientFor('/json/8192/500', 1024).system.status());
  assert.instance(error, AnswerTooLarge);
  assert.is((error as AnswerTooLarge).status, 500);
});

test('an answer that is not JSON: the StatusError keeps a preview of its text, not all of it', async () => {
  const error = await rejection(clientFor('/html/5000').system.status());
  assert.instance(error, StatusError);
  assert.not.instance(error, AnswerTooLarge);
  assert.is((error as StatusError).body, `<html>${'x'.repeat(1018)}`);
});

test('the default cap is 10 MiB: a streamed answer of up to 64 MiB fails once 10 MiB are passed, and is read no further', async () => {
  const mebibyte = new Uint8Array(1024 * 1024).fill(0x61);
  let chunks = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        chunks++;
        if (chunks <= 64) controller.enqueue(mebibyte);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const api = createClient<Api>({
    baseUrl: 'http://x',
    fetch: async () => ({ status: 200, headers: { get: () => null }, body: stream, text: () => Promise.reject(new Error('not called')) }),
  });
  const error = await rejection(api.system.status());
  assert.instance(error, AnswerTooLarge);
  assert.is((error as AnswerTooLarge).limit, 10 * 1024 * 1024);
  assert.is(chunks, 11, 'the chunks pulled: 10 MiB, then the one past it');
});

test('a fetch whose answers have no body stream: their text is measured instead', async () => {
  const api = createClient<Api>({
    baseUrl: 'http://x',
    maxAnswerBytes: 10,
    fetch: async () => ({ status: 200, headers: { get: () => null }, text: async () => '"ééééé"' }),
  });
  const error = await rejection(api.system.status());
  assert.instance(error, AnswerTooLarge, '12 bytes in 7 characters');
  assert.is((error as AnswerTooLarge).preview, '"ééééé"');
});

test('maxAnswerBytes must be a whole number ≥ 1', () => {
  for (const bad of [0, -1, 1.5, Number.NaN, '10' as unknown as number]) {
    assert.throws(() => createClient<Api>({ baseUrl: 'http://x', maxAnswerBytes: bad }), /maxAnswerBytes/, String(bad));
  }
});

test.run();
