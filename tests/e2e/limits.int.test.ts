/**
 * Bad input over a real socket gets a specific status with a JSON body, and
 * the server keeps answering afterwards: body, query, header, parameter-count
 * and nesting limits, broken encodings, duplicate JSON keys, empty JSON
 * bodies, unsupported content types, and prototype-pollution payloads.
 */
import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSystemApp } from '../../examples/system/app.js';
import type { Reply } from '../helpers/http.js';
import { serve } from '../helpers/apps.js';
import { prototypeIsClean } from '../helpers/plain.js';

const reported: unknown[] = [];
const report = (error: unknown) => void reported.push(error);

const LIMITS = {
  body_limit: 4096,
  max_query_length: 256,
  max_input_vars: 10,
  max_input_nesting: 5,
  max_header_size: 2048,
};

/** A JSON error answer: the status, a JSON content type and a non-empty `message`. */
function assertError(reply: Reply, status: number, message?: RegExp | string, label = ''): void {
  assert.is(reply.status, status, `${label} status (body: ${reply.text.slice(0, 200)})`);
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/, `${label} content-type`);
  assert.type(reply.body?.message, 'string', `${label} message`);
  assert.ok(reply.body.message.length > 0, `${label} message not empty`);
  if (typeof message === 'string') assert.is(reply.body.message, message, `${label} message`);
  else if (message) assert.match(reply.body.message, message, `${label} message`);
  assert.not.ok('stack' in reply.body, `${label} no stack`);
}

/** `{"message":"hi",...}` whose `a` holds `depth - 1` nested arrays: `depth` levels in all. */
function jsonOfDepth(depth: number): string {
  return `{"message":"hi","a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
}

/** A chunked body: no Content-Length, `count` chunks of `size` bytes. */
function chunked(count: number, size: number, first = '{"message":"'): Readable {
  return Readable.from(
    (function* () {
      yield Buffer.from(first);
      for (let i = 0; i < count; i++) yield Buffer.alloc(size, 'a');
      yield Buffer.from('"}');
    })(),
  );
}

// ---------------------------------------------------------------------------
const small = suite('limits e2e: small configured limits');
const s = serve(small, () => createSystemApp({ ...LIMITS, report }));

/** After every bad request the same server answers a normal one. */
async function stillServes(label: string): Promise<void> {
  const status = await s.http.send('GET', '/api/system?action=status');
  assert.is(status.status, 200, `${label}: the next request still works`);
  assert.equal(status.body, { status: 'ok' });
  const echo = await s.http.send('POST', '/api/system?action=echo', { json: { message: 'still here' } });
  assert.is(echo.status, 200, `${label}: echo still works`);
  assert.equal(echo.body, { message: 'still here' });
}

small.before.each(() => {
  reported.length = 0;
});
small.after.each(() => {
  assert.equal(reported, [], 'bad input is never a reported server error');
});

small('a body over body_limit with Content-Length: 413 JSON', async () => {
  const body = JSON.stringify({ message: 'a'.repeat(5000) });
  const reply = await s.http.send('POST', '/api/system?action=echo', { body, headers: { 'content-type': 'application/json' } });
  assertError(reply, 413, /4096/);
  await stillServes('413 with length');
});

small('a chunked body (no Content-Length) over body_limit: 413 JSON', async () => {
  const reply = await s.http.send('POST', '/api/system?action=echo', {
    body: chunked(6, 1024),
    headers: { 'content-type': 'application/json' },
  });
  assertError(reply, 413, /4096/);
  await stillServes('413 chunked');
});

small('a chunked body within body_limit is read normally', async () => {
  const reply = await s.http.send('POST', '/api/system?action=echo', {
    body: chunked(2, 100),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'a'.repeat(200) });
});

small('a body of exactly body_limit bytes is accepted', async () => {
  const overhead = JSON.stringify({ message: '' }).length;
  const body = JSON.stringify({ message: 'a'.repeat(4096 - overhead) });
  assert.is(body.length, 4096);
  const reply = await s.http.send('POST', '/api/system?action=echo', { body, headers: { 'content-type': 'application/json' } });
  // Accepted by the body reader; the echo rule max:255 then answers 422.
  assert.is(reply.status, 422, reply.text);
  assert.equal(reply.body.errors, { message: ['The message field must not be greater than 255 characters.'] });
});

small('a query string longer than max_query_length: 414 JSON; exactly the limit is fine', async () => {
  const prefix = 'action=status&pad=';
  const exact = await s.http.send('GET', `/api/system?${prefix}${'a'.repeat(256 - prefix.length)}`);
  assert.is(exact.status, 200, exact.text);
  assert.equal(exact.body, { status: 'ok' });
  const reply = await s.http.send('GET', `/api/system?${prefix}${'a'.repeat(257 - prefix.length)}`);
  assertError(reply, 414);
  const huge = await s.http.send('GET', `/api/system?${prefix}${'a'.repeat(1500)}`);
  assertError(huge, 414);
  await stillServes('414');
});

small('more than max_input_vars parameters: 400 (query and form body)', async () => {
  const vars = (n: number) => Array.from({ length: n }, (_, i) => `v${i}=1`);
  const atLimit = await s.http.send('GET', `/api/system?${['action=status', ...vars(9)].join('&')}`);
  assert.is(atLimit.status, 200, atLimit.text);
  assertError(await s.http.send('GET', `/api/system?${['action=status', ...vars(10)].join('&')}`), 400, /10/, 'query');
  const form = await s.http.send('POST', '/api/system?action=echo', { form: ['message=hi', ...vars(10)].join('&') });
  assertError(form, 400, /10/, 'form');
  await stillServes('max_input_vars');
});

small('bracket nesting deeper than max_input_nesting: 400 (query and form body)', async () => {
  const ok = await s.http.send('GET', '/api/system?action=status&a[1][2][3][4][5]=x');
  assert.is(ok.status, 200, ok.text);
  assertError(await s.http.send('GET', '/api/system?action=status&a[1][2][3][4][5][6]=x'), 400, /5/, 'query');
  assertError(await s.http.send('GET', '/api/system?action=status&a[][][][][][]=x'), 400, /5/, 'query []');
  const form = await s.http.send('POST', '/api/system?action=echo', { form: 'message=hi&a[1][2][3][4][5][6]=x' });
  assertError(form, 400, /5/, 'form');
  await stillServes('bracket nesting');
});

small('JSON nested deeper than max_input_nesting: 400; exactly the limit is fine', async () => {
  const ok = await s.http.send('POST', '/api/system?action=echo', {
    body: jsonOfDepth(5),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(ok.status, 200, ok.text);
  assert.equal(ok.body, { message: 'hi' });
  const deep = await s.http.send('POST', '/api/system?action=echo', {
    body: jsonOfDepth(6),
    headers: { 'content-type': 'application/json' },
  });
  assertError(deep, 400, /5/);
  await stillServes('json nesting');
});

small('invalid UTF-8 in a JSON or form body: 400', async () => {
  const json = Buffer.concat([Buffer.from('{"message":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
  assertError(
    await s.http.send('POST', '/api/system?action=echo', { body: json, headers: { 'content-type': 'application/json' } }),
    400,
    /UTF-8/,
    'json',
  );
  const form = Buffer.concat([Buffer.from('message='), Buffer.from([0xc3, 0x28])]);
  assertError(
    await s.http.send('POST', '/api/system?action=echo', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    400,
    /UTF-8/,
    'form',
  );
  await stillServes('utf-8');
});

small('invalid percent-encoding in the query (or a form body): 400', async () => {
  for (const bad of ['x=%ZZ', 'x=%', 'x=%E0%A4%A', 'x=%FF', '%C3%28=1', 'x=%ED%A0%80']) {
    assertError(await s.http.send('GET', `/api/system?action=status&${bad}`), 400, undefined, bad);
  }
  assertError(await s.http.send('POST', '/api/system?action=echo', { form: 'message=%E2%82' }), 400, undefined, 'form');
  await stillServes('percent-encoding');
});

small('duplicate JSON keys: the last one wins', async () => {
  const reply = await s.http.send('POST', '/api/system?action=echo', {
    body: '{"message":"first","message":"last"}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'last' });
  const invalidLast = await s.http.send('POST', '/api/system?action=echo', {
    body: '{"message":"first","message":42}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(invalidLast.status, 422, 'the last value is the one validated');
  assert.equal(invalidLast.body.errors, { message: ['The message field must be a string.'] });
});

small('an empty body with Content-Type: application/json is {}: 422 "The message field is required."', async () => {
  const reply = await s.http.send('POST', '/api/system?action=echo', { body: '', headers: { 'content-type': 'application/json' } });
  assert.is(reply.status, 422, reply.text);
  assert.equal(reply.body, { message: 'The message field is required.', errors: { message: ['The message field is required.'] } });
  const chunkedEmpty = await s.http.send('POST', '/api/system?action=echo', {
    body: Readable.from([]),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(chunkedEmpty.status, 422, chunkedEmpty.text);
  assert.is(chunkedEmpty.body.message, 'The message field is required.');
});

small('a header larger than max_header_size: 431 JSON', async () => {
  const reply = await s.http.send('GET', '/api/system?action=status', { headers: { 'x-big': 'a'.repeat(4000) } });
  assertError(reply, 431);
  await stillServes('431');
});

small('a text/plain body: 415 JSON', async () => {
  const reply = await s.http.send('POST', '/api/system?action=echo', { body: 'message=hi', headers: { 'content-type': 'text/plain' } });
  assertError(reply, 415, /text\/plain/);
  const none = await s.http.send('POST', '/api/system?action=echo', { body: '{"message":"hi"}' });
  assertError(none, 415, undefined, 'no content type');
  await stillServes('415');
});

small.run();

// ---------------------------------------------------------------------------
const defaults = suite('limits e2e: default limits, hostile nesting, prototype pollution');
const d = serve(defaults, () => createSystemApp({ report }));

defaults.before.each(() => {
  reported.length = 0;
});
defaults.after.each(() => {
  assert.equal(reported, [], 'hostile input is never a reported server error');
  assert.ok(prototypeIsClean(), 'Object.prototype unchanged');
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

async function normal(label: string): Promise<void> {
  const reply = await d.http.send('GET', '/api/system?action=status');
  assert.is(reply.status, 200, `${label}: the next request still works`);
  assert.equal(reply.body, { status: 'ok' });
}

defaults('default max_input_nesting is 64: 64 JSON levels pass, 65 are a 400', async () => {
  const ok = await d.http.send('POST', '/api/system?action=echo', {
    body: jsonOfDepth(64),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(ok.status, 200, ok.text);
  assert.equal(ok.body, { message: 'hi' });
  const deep = await d.http.send('POST', '/api/system?action=echo', {
    body: jsonOfDepth(65),
    headers: { 'content-type': 'application/json' },
  });
  assertError(deep, 400, /64/);
});

defaults('100000 levels of JSON nesting: a 400, never a crash', async () => {
  const balanced = await d.http.send('POST', '/api/system?action=echo', {
    body: jsonOfDepth(100_000),
    headers: { 'content-type': 'application/json' },
  });
  assertError(balanced, 400, undefined, 'balanced');
  const objects = await d.http.send('POST', '/api/system?action=echo', {
    body: '{"message":"hi","a":' + '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000) + '}',
    headers: { 'content-type': 'application/json' },
  });
  assertError(objects, 400, undefined, 'objects');
  const unbalanced = await d.http.send('POST', '/api/system?action=echo', {
    body: '['.repeat(100_000),
    headers: { 'content-type': 'application/json' },
  });
  assertError(unbalanced, 400, undefined, 'unbalanced');
  await normal('deep json');
});

defaults('100000 bracket levels in a form body: a 400, never a crash', async () => {
  const reply = await d.http.send('POST', '/api/system?action=echo', { form: 'message=hi&a' + '[a]'.repeat(100_000) + '=1' });
  assertError(reply, 400);
  await normal('deep form');
});

defaults('__proto__ and constructor[prototype] in the query: no pollution, a normal answer', async () => {
  const reply = await d.http.send(
    'GET',
    '/api/system?action=status&__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&a[__proto__][polluted]=1&%5F%5Fproto%5F%5F[polluted]=1',
  );
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { status: 'ok' });
  const selects = await d.http.send('GET', '/api/system?action=__proto__');
  assert.is(selects.status, 404, 'a prototype name is not an action');
  const ctor = await d.http.send('GET', '/api/system?action=constructor');
  assert.is(ctor.status, 404);
});

defaults('__proto__ and constructor[prototype] in a form body: no pollution, a normal answer', async () => {
  const reply = await d.http.send('POST', '/api/system?action=echo', {
    form: 'message=hi&__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__[message]=evil',
  });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'hi' });
  const only = await d.http.send('POST', '/api/system?action=echo', { form: '__proto__[message]=evil' });
  assert.is(only.status, 422, 'a message on the prototype is not a message');
});

defaults('__proto__ and constructor.prototype in a JSON body: no pollution, a normal answer', async () => {
  const reply = await d.http.send('POST', '/api/system?action=echo', {
    body: '{"message":"hi","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"a":{"__proto__":{"polluted":1}}}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'hi' });
  const escaped = await d.http.send('POST', '/api/system?action=echo', {
    body: '{"message":"hi","\\u005f_proto__":{"polluted":1}}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(escaped.status, 200, escaped.text);
  assert.equal(escaped.body, { message: 'hi' });
  const only = await d.http.send('POST', '/api/system?action=echo', {
    body: '{"__proto__":{"message":"evil"}}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(only.status, 422, 'a message on the prototype is not a message');
  assert.equal(only.body.errors, { message: ['The message field is required.'] });
});

defaults.run();
