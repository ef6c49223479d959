/**
 * The SPEC's "Example endpoint: system", over real sockets with undici,
 * plus the error answers a client can meet on it. After every bad request
 * the server must still answer a normal one.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Readable } from 'node:stream';
import { Router } from '../../src/routing/router.js';
import { createSystemApp } from '../../examples/system/app.js';
import { start, type Client, type Reply } from '../helpers/http.js';

const PATH = '/api/system';
const REQUIRED = 'The message field is required.';

function assertJson(reply: Reply): void {
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/, 'content-type is JSON');
}

function assertErrorBody(reply: Reply, status: number): void {
  assert.is(reply.status, status, `status (body: ${reply.text})`);
  assertJson(reply);
  assert.type(reply.body?.message, 'string');
  assert.ok(reply.body.message.length > 0, 'the error has a message');
  assert.not.match(reply.text, /\bat \S+:\d+/, 'no stack trace');
}

async function stillServes(http: Client): Promise<void> {
  const reply = await http.send('GET', `${PATH}?action=status`);
  assert.is(reply.status, 200, 'the server still answers a normal request');
  assert.equal(reply.body, { status: 'ok' });
}

// ---------------------------------------------------------------------------
const table = suite('system endpoint: the SPEC table');
let http: Client;

table.before(async () => {
  Router.flushMacros();
  http = await start(createSystemApp());
});
table.after(async () => {
  await http?.close();
});

table('GET ?action=status -> 200 {"status":"ok"} as JSON', async () => {
  const reply = await http.send('GET', `${PATH}?action=status`);
  assert.is(reply.status, 200);
  assertJson(reply);
  assert.equal(reply.body, { status: 'ok' });
  assert.is(reply.headers['content-length'], String(Buffer.byteLength(reply.text)));
});

table('POST ?action=echo with a JSON message -> 200 {"message": ...}', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { json: { message: 'hello' } });
  assert.is(reply.status, 200);
  assertJson(reply);
  assert.equal(reply.body, { message: 'hello' });
});

table('POST ?action=echo echoes only validated fields', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    json: { message: 'hi', extra: 'not echoed', admin: true, action: 'status' },
  });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message: 'hi' });
});

table('POST ?action=echo: query values are not echoed either', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo&extra=1`, { json: { message: 'hi' } });
  assert.equal(reply.body, { message: 'hi' });
});

table('POST ?action=status -> 405 with Allow: GET, HEAD', async () => {
  const reply = await http.send('POST', `${PATH}?action=status`, { json: { message: 'x' } });
  assertErrorBody(reply, 405);
  assert.is(reply.headers.allow, 'GET, HEAD');
  await stillServes(http);
});

table('GET ?action=<unregistered> -> 404 JSON with a message', async () => {
  const reply = await http.send('GET', `${PATH}?action=nope`);
  assertErrorBody(reply, 404);
  await stillServes(http);
});

table('POST ?action=echo without message -> 422 with the exact validation body', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { json: {} });
  assert.is(reply.status, 422);
  assertJson(reply);
  assert.equal(reply.body, { message: REQUIRED, errors: { message: [REQUIRED] } });
  await stillServes(http);
});

table.run();

// ---------------------------------------------------------------------------
const validation = suite('system endpoint: echo validation');

validation.before(async () => {
  Router.flushMacros();
  http = await start(createSystemApp());
});
validation.after(async () => {
  await http?.close();
});

async function echo(json: unknown): Promise<Reply> {
  return http.send('POST', `${PATH}?action=echo`, { json });
}

function assert422(reply: Reply, message: string): void {
  assert.is(reply.status, 422, `status (body: ${reply.text})`);
  assert.equal(reply.body, { message, errors: { message: [message] } });
}

validation('POST ?action=echo with no body at all -> 422 required', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`);
  assert422(reply, REQUIRED);
});

validation('a null message -> 422 required', async () => {
  assert422(await echo({ message: null }), REQUIRED);
});

validation('an empty message -> 422 required', async () => {
  assert422(await echo({ message: '' }), REQUIRED);
});

validation('a 256-character message -> 422 "must not be greater than 255 characters"', async () => {
  assert422(await echo({ message: 'x'.repeat(256) }), 'The message field must not be greater than 255 characters.');
});

validation('a 255-character message is accepted', async () => {
  const message = 'x'.repeat(255);
  const reply = await echo({ message });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message });
});

validation('255 "€" characters are accepted (characters, not bytes)', async () => {
  const message = '€'.repeat(255);
  const reply = await echo({ message });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message });
});

validation('200 emoji are accepted (characters, not UTF-16 units)', async () => {
  const message = '😀'.repeat(200);
  const reply = await echo({ message });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message });
});

validation('256 "€" characters -> 422', async () => {
  assert422(await echo({ message: '€'.repeat(256) }), 'The message field must not be greater than 255 characters.');
});

validation('a number -> 422 "must be a string"', async () => {
  assert422(await echo({ message: 123 }), 'The message field must be a string.');
});

validation('a boolean -> 422 "must be a string"', async () => {
  assert422(await echo({ message: true }), 'The message field must be a string.');
});

validation('an array -> 422 "must be a string"', async () => {
  assert422(await echo({ message: ['a'] }), 'The message field must be a string.');
});

validation('an object -> 422 "must be a string"', async () => {
  assert422(await echo({ message: { text: 'a' } }), 'The message field must be a string.');
});

validation('a message in the query string is read as input (body over query)', async () => {
  const fromQuery = await http.send('POST', `${PATH}?action=echo&message=from-query`);
  assert.is(fromQuery.status, 200);
  assert.equal(fromQuery.body, { message: 'from-query' });
  const bodyWins = await http.send('POST', `${PATH}?action=echo&message=from-query`, { json: { message: 'from-body' } });
  assert.equal(bodyWins.body, { message: 'from-body' });
});

validation('the server answers normally after the 422s', async () => {
  await stillServes(http);
});

validation.run();

// ---------------------------------------------------------------------------
const wire = suite('system endpoint: methods, bodies and errors');

wire.before(async () => {
  Router.flushMacros();
  http = await start(createSystemApp());
});
wire.after(async () => {
  await http?.close();
});

wire('a form-encoded body works', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { form: 'message=hello+world%21&extra=1' });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message: 'hello world!' });
});

wire('a form-encoded body with a missing message -> 422', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { form: 'other=1' });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { message: [REQUIRED] });
});

wire('a +json content type is read as JSON', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    body: JSON.stringify({ message: 'vnd' }),
    headers: { 'content-type': 'application/vnd.api+json' },
  });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message: 'vnd' });
});

wire('a chunked JSON body works', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    body: Readable.from([Buffer.from('{"mess'), Buffer.from('age":"chunked"}')]),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message: 'chunked' });
});

wire('HEAD ?action=status -> 200 with headers and no body', async () => {
  const get = await http.send('GET', `${PATH}?action=status`);
  const head = await http.send('HEAD', `${PATH}?action=status`);
  assert.is(head.status, 200);
  assert.is(head.text, '');
  assertJson(head);
  assert.is(head.headers['content-length'], get.headers['content-length']);
});

wire('OPTIONS ?action=status -> 204 with Allow', async () => {
  const reply = await http.send('OPTIONS', `${PATH}?action=status`);
  assert.is(reply.status, 204);
  assert.is(reply.headers.allow, 'GET, HEAD');
  assert.is(reply.text, '');
});

wire('OPTIONS on the endpoint -> 204 with the route Allow', async () => {
  const reply = await http.send('OPTIONS', PATH);
  assert.is(reply.status, 204);
  assert.is(reply.headers.allow, 'GET, HEAD, POST');
});

wire('PUT (outside the route) -> 405 with the route Allow: GET, HEAD, POST', async () => {
  const reply = await http.send('PUT', `${PATH}?action=echo`, { json: { message: 'x' } });
  assertErrorBody(reply, 405);
  assert.is(reply.headers.allow, 'GET, HEAD, POST');
  await stillServes(http);
});

wire('DELETE (outside the route) -> 405 with the route Allow', async () => {
  const reply = await http.send('DELETE', `${PATH}?action=status`);
  assertErrorBody(reply, 405);
  assert.is(reply.headers.allow, 'GET, HEAD, POST');
  await stillServes(http);
});

wire('GET without an action -> 404 JSON', async () => {
  const reply = await http.send('GET', PATH);
  assertErrorBody(reply, 404);
  await stillServes(http);
});

for (const query of [
  'action=',
  'action=Status',
  'action[]=status',
  'action=status&action=status',
  'action=%2F',
  'action=toString',
  'action=__proto__',
]) {
  wire(`GET ?${query} -> 404 JSON (no fallback registered)`, async () => {
    const reply = await http.send('GET', `${PATH}?${query}`);
    assertErrorBody(reply, 404);
  });
}

wire('an unknown path -> 404 JSON', async () => {
  for (const path of ['/api/nothing', '/', '/api', '/system?action=status', '/api/system/extra?action=status']) {
    const reply = await http.send('GET', path);
    assertErrorBody(reply, 404);
  }
  await stillServes(http);
});

wire('a text/plain body on echo -> 415 JSON', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    body: 'message=hi',
    headers: { 'content-type': 'text/plain' },
  });
  assertErrorBody(reply, 415);
  await stillServes(http);
});

wire('a body without a content type on echo -> 415 JSON', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { body: '{"message":"hi"}' });
  assertErrorBody(reply, 415);
  await stillServes(http);
});

wire('malformed JSON -> 400 JSON', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    body: '{"message": "hi"',
    headers: { 'content-type': 'application/json' },
  });
  assertErrorBody(reply, 400);
  await stillServes(http);
});

wire('a JSON array body -> 400 JSON', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { json: ['message'] });
  assertErrorBody(reply, 400);
  await stillServes(http);
});

wire('invalid UTF-8 in the body -> 400 JSON', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    body: Buffer.concat([Buffer.from('{"message":"'), Buffer.from([0xff]), Buffer.from('"}')]),
    headers: { 'content-type': 'application/json' },
  });
  assertErrorBody(reply, 400);
  await stillServes(http);
});

wire('malformed percent-encoding in the query -> 400 JSON', async () => {
  const reply = await http.send('GET', `${PATH}?action=status&x=%ZZ`);
  assertErrorBody(reply, 400);
  await stillServes(http);
});

wire('a __proto__ key in the JSON body does not reach the response or the prototype', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    body: '{"message":"safe","__proto__":{"polluted":"yes"}}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message: 'safe' });
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

wire.run();

// ---------------------------------------------------------------------------
const limit = suite('system endpoint: body_limit');

limit.before(async () => {
  Router.flushMacros();
  http = await start(createSystemApp({ body_limit: 1024 }));
});
limit.after(async () => {
  await http?.close();
});

limit('a body within the limit is accepted', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { json: { message: 'ok', pad: 'x'.repeat(900) } });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { message: 'ok' });
});

limit('a body over the limit (Content-Length) -> 413 JSON', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { json: { message: 'x'.repeat(2000) } });
  assertErrorBody(reply, 413);
  await stillServes(http);
});

limit('a chunked body that grows over the limit -> 413 JSON', async () => {
  const chunks = [Buffer.from('{"message":"'), Buffer.from('x'.repeat(700)), Buffer.from('x'.repeat(700)), Buffer.from('"}')];
  const reply = await http.send('POST', `${PATH}?action=echo`, {
    body: Readable.from(chunks),
    headers: { 'content-type': 'application/json' },
  });
  assertErrorBody(reply, 413);
  await stillServes(http);
});

limit('a form body over the limit -> 413', async () => {
  const reply = await http.send('POST', `${PATH}?action=echo`, { form: 'message=' + 'y'.repeat(2000) });
  assertErrorBody(reply, 413);
  await stillServes(http);
});

limit.run();
