import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { announcesBody, bodyKind, parseJsonObject, readBody, type BodyLimits } from '../../src/http/body.js';
import { BadRequestError, HttpError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../src/errors/http-error.js';
import { fakeIncoming, jsonIncoming } from '../helpers/fake-request.js';
import { plain, prototypeIsClean, rejected, thrown } from '../helpers/plain.js';

const hasOwn = (bag: object, key: string) => Object.hasOwn(bag, key);
const LIMIT = 1024;
const LIMITS: BodyLimits = { body_limit: LIMIT, max_input_vars: 1000, max_input_nesting: 64 };

function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

// ---------------------------------------------------------------------------
const kind = suite('bodyKind: which content types are read');

const kinds: [string | undefined, string][] = [
  ['application/json', 'json'],
  ['application/json; charset=utf-8', 'json'],
  ['Application/JSON', 'json'],
  [' application/json ;charset=UTF-8', 'json'],
  ['application/vnd.api+json', 'json'],
  ['application/merge-patch+json', 'json'],
  ['text/json', 'json'],
  ['application/x-www-form-urlencoded', 'form'],
  ['application/x-www-form-urlencoded; charset=UTF-8', 'form'],
  ['text/plain', 'unsupported'],
  ['application/xml', 'unsupported'],
  ['', 'unsupported'],
  [undefined, 'unsupported'],
];
for (const [type, expected] of kinds) {
  kind(`${JSON.stringify(type)} is ${expected}`, () => {
    assert.is(bodyKind(type), expected);
  });
}
kind.run();

// ---------------------------------------------------------------------------
const announce = suite('announcesBody');

announce('Content-Length above zero announces a body', () => {
  assert.is(announcesBody(fakeIncoming([], { 'content-length': '5' })), true);
});
announce('Content-Length: 0 does not', () => {
  assert.is(announcesBody(fakeIncoming([], { 'content-length': '0' })), false);
});
announce('chunked transfer announces a body', () => {
  assert.is(announcesBody(fakeIncoming([], { 'transfer-encoding': 'chunked' })), true);
});
announce('no length and no transfer-encoding: no body', () => {
  assert.is(announcesBody(fakeIncoming([], {})), false);
});
announce.run();

// ---------------------------------------------------------------------------
const read = suite('readBody: JSON and form bodies');

read('a JSON object', async () => {
  const body = await readBody(jsonIncoming('{"message":"hi","n":1,"list":[1,2],"nested":{"a":null}}'), LIMITS);
  assert.equal(plain(body), { message: 'hi', n: 1, list: [1, 2], nested: { a: null } });
});

read('a +json media type is JSON', async () => {
  const body = await readBody(jsonIncoming('{"a":1}', 'application/vnd.api+json'), LIMITS);
  assert.equal(plain(body), { a: 1 });
});

read('JSON with a charset parameter', async () => {
  const body = await readBody(jsonIncoming('{"m":"€"}', 'application/json; charset=utf-8'), LIMITS);
  assert.equal(plain(body), { m: '€' });
});

read('JSON split into many chunks, including inside a multi-byte character', async () => {
  const bytes = Buffer.from('{"m":"€uro"}', 'utf8');
  const chunks = [...bytes].map((b) => Buffer.from([b]));
  const req = fakeIncoming(chunks, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  assert.equal(plain(await readBody(req, LIMITS)), { m: '€uro' });
});

read('a form body, with brackets, "+" and percent-encoding', async () => {
  const text = 'message=hello+world&tags[]=a&tags[]=b&who[name]=J%C3%BCrgen';
  const req = fakeIncoming([text], {
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(Buffer.byteLength(text)),
  });
  assert.equal(plain(await readBody(req, LIMITS)), { message: 'hello world', tags: ['a', 'b'], who: { name: 'Jürgen' } });
});

read('an empty body is an empty bag', async () => {
  const req = fakeIncoming([], { 'content-type': 'application/json', 'content-length': '0' });
  assert.equal(Object.keys(await readBody(req, LIMITS)), []);
});

read('a body exactly at the limit is accepted', async () => {
  const text = '{"m":"' + 'x'.repeat(LIMIT - 8) + '"}';
  assert.is(Buffer.byteLength(text), LIMIT);
  const body = await readBody(jsonIncoming(text), LIMITS);
  assert.is((body.m as string).length, LIMIT - 8);
});

read.run();

// ---------------------------------------------------------------------------
const bad = suite('readBody: unreadable bodies');

for (const type of ['text/plain', 'application/xml', 'application/octet-stream', undefined]) {
  bad(`content type ${JSON.stringify(type)} is a 415`, async () => {
    const headers = type === undefined ? { 'content-length': '7' } : { 'content-type': type, 'content-length': '7' };
    const error = await rejected(readBody(fakeIncoming(['{"a":1}'], headers), LIMITS));
    assert.instance(error, UnsupportedMediaTypeError);
    assert.is(statusOf(error), 415);
  });
}

const malformed = ['{"a":', '{a:1}', "{'a':1}", '{"a":1,}', 'nope', '{"a":1}}', '{"a":1} x'];
for (const text of malformed) {
  bad(`malformed JSON ${JSON.stringify(text)} is a 400`, async () => {
    const error = await rejected(readBody(jsonIncoming(text), LIMITS));
    assert.instance(error, BadRequestError);
    assert.is(statusOf(error), 400);
  });
}

const notObjects = ['[1,2]', '[]', '"text"', '1', 'null', 'true'];
for (const text of notObjects) {
  bad(`JSON that is not an object (${text}) is a 400`, async () => {
    const error = await rejected(readBody(jsonIncoming(text), LIMITS));
    assert.instance(error, BadRequestError);
    assert.is(statusOf(error), 400);
  });
}

bad('invalid UTF-8 in a JSON body is a 400', async () => {
  const bytes = Buffer.concat([Buffer.from('{"m":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
  const error = await rejected(readBody(jsonIncoming(bytes), LIMITS));
  assert.instance(error, BadRequestError);
  assert.is(statusOf(error), 400);
});

bad('invalid UTF-8 in a form body is a 400', async () => {
  const bytes = Buffer.concat([Buffer.from('m='), Buffer.from([0xc3, 0x28])]);
  const req = fakeIncoming([bytes], {
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(bytes.length),
  });
  const error = await rejected(readBody(req, LIMITS));
  assert.instance(error, BadRequestError);
  assert.is(statusOf(error), 400);
});

bad('a truncated UTF-8 sequence at the end is a 400', async () => {
  const bytes = Buffer.concat([Buffer.from('{"m":"x"}'), Buffer.from([0xe2, 0x82])]);
  const error = await rejected(readBody(jsonIncoming(bytes), LIMITS));
  assert.is(statusOf(error), 400);
});

bad('malformed percent-encoding in a form body is a 400', async () => {
  const req = fakeIncoming(['m=%ZZ'], { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5' });
  const error = await rejected(readBody(req, LIMITS));
  assert.is(statusOf(error), 400);
});

/** The listeners the reader left on the request (a read that is over must leave none). */
function listenersLeft(req: NodeJS.EventEmitter): number {
  return ['data', 'end', 'error', 'close'].reduce((sum, event) => sum + req.listenerCount(event), 0);
}

bad('a body read, a client gone mid-upload, a stream error and an oversized body all leave no listener behind', async () => {
  const done = jsonIncoming('{"m":"x"}');
  assert.equal(plain(await readBody(done, LIMITS)), { m: 'x' });
  assert.is(listenersLeft(done), 0, 'read');

  const gone = fakeIncoming([], { 'content-type': 'application/json', 'content-length': '9' });
  const aborted = rejected(readBody(gone, LIMITS));
  gone.emit('close');
  const abort = await aborted;
  assert.is(statusOf(abort), 400);
  assert.is((abort as Error).message, 'The request body could not be read: the client aborted the upload.');
  assert.is(listenersLeft(gone), 0, 'aborted');

  const broken = fakeIncoming([], { 'content-type': 'application/json', 'content-length': '9' });
  const failing = rejected(readBody(broken, LIMITS));
  broken.emit('error', new Error('socket hang up'));
  const failure = await failing;
  assert.is((failure as Error).message, 'The request body could not be read: socket hang up.');
  assert.is(listenersLeft(broken), 0, 'error');

  const large = fakeIncoming(['x'.repeat(LIMIT + 1)], { 'content-type': 'application/json' });
  assert.instance(await rejected(readBody(large, LIMITS)), PayloadTooLargeError);
  assert.is(listenersLeft(large), 0, 'too large');
});

bad.run();

// ---------------------------------------------------------------------------
const limits = suite('readBody: size limit (413)');

limits('a Content-Length over the limit is a 413 before reading', async () => {
  let reads = 0;
  const req = fakeIncoming([], { 'content-type': 'application/json', 'content-length': String(LIMIT + 1) });
  req.on('data', () => reads++);
  const error = await rejected(readBody(req, LIMITS));
  assert.instance(error, PayloadTooLargeError);
  assert.is(statusOf(error), 413);
  assert.ok((error as PayloadTooLargeError).message.includes(String(LIMIT)));
  assert.is(reads, 0);
});

limits('a streamed body that passes the limit is a 413', async () => {
  const chunk = 'x'.repeat(400);
  const req = fakeIncoming(['{"m":"', chunk, chunk, chunk, '"}'], {
    'content-type': 'application/json',
    'transfer-encoding': 'chunked',
  });
  const error = await rejected(readBody(req, LIMITS));
  assert.instance(error, PayloadTooLargeError);
  assert.is(statusOf(error), 413);
});

limits('a Content-Length that lies low does not get past the limit', async () => {
  const big = '{"m":"' + 'x'.repeat(2 * LIMIT) + '"}';
  const req = fakeIncoming([big], { 'content-type': 'application/json', 'content-length': '10' });
  const error = await rejected(readBody(req, LIMITS));
  assert.is(statusOf(error), 413);
});

limits('a limit of zero rejects any body byte', async () => {
  const req = fakeIncoming(['{}'], { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  const error = await rejected(readBody(req, { ...LIMITS, body_limit: 0 }));
  assert.is(statusOf(error), 413);
});

limits('the 413 asks the client to close the connection', () => {
  const error = new PayloadTooLargeError(10);
  assert.is(error.headers.connection, 'close');
});

limits('a stream error is a 400, not a crash', async () => {
  const req = fakeIncoming([], { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  const pending = readBody(req, LIMITS);
  req.destroy(new Error('socket hang up'));
  const error = await rejected(pending);
  assert.is(statusOf(error), 400);
});

limits.run();

// ---------------------------------------------------------------------------
const json = suite('parseJsonObject: __proto__ keys are dropped');

json('a top-level __proto__ key is dropped, other keys kept', () => {
  const body = parseJsonObject('{"__proto__":{"polluted":1},"a":1}');
  assert.not.ok(hasOwn(body, '__proto__'));
  assert.is((body as Record<string, unknown>).polluted, undefined);
  assert.is(body.a, 1);
  assert.ok(prototypeIsClean());
});

json('the escaped spelling \\u005f_proto__ is dropped too', () => {
  const body = parseJsonObject('{"\\u005f_proto__":{"polluted":1},"a":2}');
  assert.not.ok(hasOwn(body, '__proto__'));
  assert.is((body as Record<string, unknown>).polluted, undefined);
  assert.is(body.a, 2);
  assert.ok(prototypeIsClean());
});

json('a fully escaped \\u005f\\u005f\\u0070roto\\u005f\\u005f key is dropped', () => {
  const body = parseJsonObject('{"\\u005f\\u005f\\u0070roto\\u005f\\u005f":{"x":1}}');
  assert.not.ok(hasOwn(body, '__proto__'));
  assert.ok(prototypeIsClean());
});

json('a nested __proto__ key is dropped', () => {
  const body = parseJsonObject('{"a":{"__proto__":{"polluted":1},"b":1},"list":[{"__proto__":{"x":1}}]}');
  const a = body.a as Record<string, unknown>;
  assert.not.ok(hasOwn(a, '__proto__'));
  assert.is(a.polluted, undefined);
  assert.is(a.b, 1);
  const item = (body.list as Record<string, unknown>[])[0]!;
  assert.not.ok(hasOwn(item, '__proto__'));
  assert.is(item.x, undefined);
  assert.ok(prototypeIsClean());
});

json('copying the parsed body cannot change a prototype', () => {
  const body = parseJsonObject('{"\\u005f_proto__":{"polluted":1}}');
  const copy = Object.assign({}, body) as Record<string, unknown>;
  assert.is(copy.polluted, undefined);
  assert.is(Object.getPrototypeOf(copy), Object.prototype);
  assert.ok(prototypeIsClean());
});

json('constructor and prototype keys are ordinary data', () => {
  const body = parseJsonObject('{"constructor":{"prototype":{"polluted":1}},"prototype":1}');
  assert.ok(hasOwn(body, 'constructor'));
  assert.ok(prototypeIsClean());
});

json('a body containing "\\u" but no __proto__ keeps its values', () => {
  assert.equal(plain(parseJsonObject('{"m":"caf\\u00e9","__proto":1}')), { m: 'café', __proto: 1 });
});

json('the string value "__proto__" is kept (only keys are dropped)', () => {
  assert.equal(plain(parseJsonObject('{"name":"__proto__"}')), { name: '__proto__' });
});

json('duplicate keys: the last wins', () => {
  assert.equal(plain(parseJsonObject('{"action":"a","action":"b"}')), { action: 'b' });
});

json('non-objects and malformed text throw BadRequestError', () => {
  for (const text of ['[]', 'null', '1', '{']) {
    const error = thrown(() => parseJsonObject(text));
    assert.instance(error, BadRequestError);
  }
});

json('deeply nested JSON is a 400, never a crash', () => {
  const deep = '{"a":' + '['.repeat(200_000) + ']'.repeat(200_000) + '}';
  const error = thrown(() => parseJsonObject(deep));
  assert.instance(error, BadRequestError);
  assert.is(statusOf(error), 400);
});

json('nesting up to the limit is accepted, one level more is a 400', () => {
  const nest = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
  assert.ok(parseJsonObject(nest(64), 64));
  const error = thrown(() => parseJsonObject(nest(65), 64));
  assert.is(statusOf(error), 400);
});

json('brackets inside strings do not count as nesting', () => {
  const text = '{"m":"' + '['.repeat(500) + '\\"' + '{'.repeat(500) + '"}';
  const body = parseJsonObject(text, 64);
  assert.is(body.m, '['.repeat(500) + '"' + '{'.repeat(500));
});

json('readBody applies the configured nesting limit to JSON', async () => {
  const text = '{"a":'.repeat(5) + '1' + '}'.repeat(5);
  const error = await rejected(readBody(jsonIncoming(text), { ...LIMITS, max_input_nesting: 4 }));
  assert.is(statusOf(error), 400);
});

json('readBody applies max_input_vars to form bodies', async () => {
  const text = 'a=1&b=2&c=3';
  const req = fakeIncoming([text], { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(text.length) });
  const error = await rejected(readBody(req, { ...LIMITS, max_input_vars: 2 }));
  assert.is(statusOf(error), 400);
});

json.run();
