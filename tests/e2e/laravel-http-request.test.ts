/**
 * Laravel 11's tests/Http/HttpRequestTest.php, ported as HTTP requests: each
 * `Request::create(...)` becomes a request sent to an application whose
 * handler calls the same accessor, once on the handler's request and once
 * on a form request bound to it (both must answer alike). GET parameters go
 * in the query string, or as a JSON body where Laravel's test needs a null
 * (a query string cannot carry one); POST parameters as a form body.
 *
 * Not ported, as they do not apply to a JSON or form API on Node: sessions,
 * old input and flash (testSessionMethod, testOld*, testFlush*, testHttpRequestFlash*),
 * PHP's ArrayAccess and magic properties (testArrayAccess*, testOffsetUnset,
 * testMagicMethods), `$_SERVER` (testServerMethod), route parameters
 * (Switchyard's routes are exact paths: testRouteMethod keeps its defaults),
 * a request without a route (testFingerprintWithoutRoute) and Symfony's
 * `getPayload()` (testGeneratingJsonRequestFromParentRequestUsesCorrectType).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles, json, type HttpRequest } from '../../src/index.js';
import { bindRequest } from '../../src/form-request.js';
import type { RequestAccessors } from '../../src/http/request/accessor-names.js';
import { UploadedFile } from '../../src/http/uploaded-file.js';
import { multipart, type Part } from '../helpers/multipart.js';

type Subject = RequestAccessors;
type Probe = (request: Subject) => unknown;

class ProbeForm extends FormRequest {}

/** A form request through the whole pipeline: prepareForValidation, authorize, rules, then the handler. */
class ProfileRequest extends FormRequest {
  override prepareForValidation() {
    this.mergeIfMissing({ role: 'member' });
    this.merge({ active: this.boolean('active'), tags: this.array('tags') });
  }
  override authorize() {
    return this.bearerToken() === 'token' && this.expectsJson() && this.isMethod('post');
  }
  override rules() {
    return { name: 'required|string', role: 'required|string', active: 'boolean', tags: 'array' };
  }
}

class ProfileAction extends Action {
  override methods = ['POST'];
  @handles()
  handle(form: ProfileRequest) {
    return {
      validated: form.validated(),
      only: form.only('name', 'missing', 'meta.source'),
      except: form.except('tags', 'meta'),
      has: [form.has('name', 'role'), form.has(['name', 'nope']), form.filled('meta.source'), form.missing('nope')],
      typed: [form.integer('age'), form.float('age'), form.string('age'), form.date('born')?.toISOString() ?? null],
      url: [form.path(), form.is('svc/*'), form.fullUrl(), form.routeIs('profile'), form.method()],
      negotiation: [form.wantsJson(), form.prefers(['html', 'json']), form.format(), form.isJson()],
    };
  }
}

class ProfileController extends ActionController {
  actions = { save: ProfileAction };
}

const probes = new Map<string, Probe>();
let nextProbe = 0;

/** JSON for the answer header: undefined as null (Laravel's null), dates as ISO text, files by name. */
function encode(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return { date: value.toISOString() };
  if (value instanceof UploadedFile) return { file: value.filename };
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = encode(item);
    return out;
  }
  return value;
}

async function answer(request: HttpRequest): Promise<ReturnType<typeof json>> {
  await request.loadBody();
  const probe = probes.get(request.header('x-probe') ?? '');
  if (probe === undefined) return json({ message: 'no probe' }, 500);
  let subject: Subject = request;
  if (request.header('x-subject') === 'form') {
    const form = new ProbeForm();
    bindRequest(form, request);
    subject = form;
  }
  const value = encode(await probe(subject));
  return json(null, 200, { 'x-value': encodeURIComponent(JSON.stringify(value)) });
}

const PATHS = ['/', '/foo/bar', '/foo%20bar', '/foo/0/bar', '/foo/bar/script.php', '/example/bar'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function makeApp(): Application {
  // Laravel's unit tests read the request as sent, without TrimStrings and ConvertEmptyStringsToNull.
  const app = new Application({ trust_proxy: ['127.0.0.1'], trim_strings: false, convert_empty_strings_to_null: false });
  // Global middleware sees the request before its route: for OPTIONS (which a route answers
  // itself, 204 with Allow) and for paths no route has (`foo/bar//baz`: routes collapse `//`).
  app.use((request, next) => (request.header('x-global') === '1' ? answer(request) : next(request)));
  return app.withRouting({
    web(router) {
      for (const path of PATHS) router.addRoute(METHODS, decodeURIComponent(path), answer);
      router.addRoute(METHODS, '/named', answer).name('foo.bar');
      router.addRoute(METHODS, '/user', answer).middleware((request, next) => next(request.setUserResolver(() => 'user')));
      router.svc('/svc/profile', ProfileController, ['POST']).name('profile');
    },
  });
}

interface Send {
  method?: string;
  /** Path and query, or a full URL (`https://example.com:8080/x?y`): its host goes in `Host`, https in X-Forwarded-Proto. */
  url?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: string;
  body?: string;
  parts?: Part[];
  /** Through global middleware (for OPTIONS, which the route answers itself). */
  global?: boolean;
}

const app = makeApp();

async function call(send: Send, probe: string, subject: 'request' | 'form'): Promise<{ status: number; value: unknown }> {
  const headers: Record<string, string> = { 'x-probe': probe, 'x-subject': subject, ...send.headers };
  if (send.global) headers['x-global'] = '1';
  let url = send.url ?? '/';
  const absolute = /^(https?):\/\/([^/?]*)(.*)$/.exec(url);
  if (absolute !== null) {
    headers.host = absolute[2]!;
    if (absolute[1] === 'https') headers['x-forwarded-proto'] = 'https';
    url = absolute[3] === '' ? '/' : absolute[3]!.startsWith('?') ? `/${absolute[3]}` : absolute[3]!;
  }
  let payload: string | Buffer | undefined = send.body;
  if (send.json !== undefined) {
    payload = JSON.stringify(send.json);
    headers['content-type'] ??= 'application/json';
  } else if (send.form !== undefined) {
    payload = send.form;
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (send.parts !== undefined) {
    const made = multipart(send.parts);
    payload = made.body;
    Object.assign(headers, made.headers);
  }
  const response = await app.inject({ method: (send.method ?? 'GET') as 'GET', url, headers, payload });
  const header = response.headers['x-value'];
  if (typeof header !== 'string') return { status: response.statusCode, value: response.body === '' ? undefined : response.json() };
  return { status: response.statusCode, value: JSON.parse(decodeURIComponent(header)) };
}

/** The accessor's answer, the same on the handler's request and on a form request (else the test fails). */
async function ask(send: Send, probe: Probe): Promise<unknown> {
  const id = String(nextProbe++);
  probes.set(id, probe);
  const [plain, form] = await Promise.all([call(send, id, 'request'), call(send, id, 'form')]);
  probes.delete(id);
  assert.equal(form, plain, 'a form request answers as its request');
  assert.is(plain.status, 200, JSON.stringify(plain.value));
  return plain.value;
}

/** As `ask`, for an answer that is not 200 (an error the accessor raises). */
async function refuse(send: Send, probe: Probe): Promise<{ status: number; value: unknown }> {
  const id = String(nextProbe++);
  probes.set(id, probe);
  const [plain, form] = await Promise.all([call(send, id, 'request'), call(send, id, 'form')]);
  probes.delete(id);
  assert.equal(form, plain);
  return plain;
}

const test = suite('Laravel HttpRequestTest, over HTTP');

test('testInstanceMethod', async () => {
  assert.is(await ask({}, (r) => r.instance() === r || r.instance() === (r as { request?: unknown }).request), true);
});

test('testMethodMethod', async () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) assert.is(await ask({ method }, (r) => r.method()), method);
  assert.is(await ask({ method: 'OPTIONS', global: true }, (r) => r.method()), 'OPTIONS');
  // HEAD: the answer has no body; the value travels in a header.
  assert.is(await ask({ method: 'HEAD' }, (r) => r.method()), 'HEAD');
});

test('testRootMethod', async () => {
  assert.is(await ask({ url: 'http://example.com/foo/bar/script.php?test' }, (r) => r.root()), 'http://example.com');
});

test('testPathMethod', async () => {
  assert.is(await ask({ url: '/' }, (r) => r.path()), '/');
  assert.is(await ask({ url: '/foo/bar' }, (r) => r.path()), 'foo/bar');
});

test('testDecodedPathMethod', async () => {
  assert.is(await ask({ url: '/foo%20bar' }, (r) => r.decodedPath()), 'foo bar');
});

test('testSegmentMethod and testSegmentsMethod', async () => {
  assert.is(await ask({ url: '/' }, (r) => r.segment(1, 'default')), 'default');
  assert.equal(
    await ask({ url: '/foo/bar//baz', global: true }, (r) => [r.segment(1, 'default'), r.segment(2, 'default'), r.segment(3, 'default')]),
    ['foo', 'bar', 'baz'],
  );
  assert.equal(await ask({ url: '/' }, (r) => r.segments()), []);
  assert.equal(await ask({ url: '/foo/bar' }, (r) => r.segments()), ['foo', 'bar']);
  assert.equal(await ask({ url: '/foo/bar//baz', global: true }, (r) => r.segments()), ['foo', 'bar', 'baz']);
  assert.equal(await ask({ url: '/foo/0/bar' }, (r) => r.segments()), ['foo', '0', 'bar']);
});

test('testUrlMethod', async () => {
  assert.is(await ask({ url: 'http://foo.com/foo/bar?name=taylor' }, (r) => r.url()), 'http://foo.com/foo/bar');
  assert.is(await ask({ url: 'http://foo.com/foo/bar//baz?', global: true }, (r) => r.url()), 'http://foo.com/foo/bar//baz');
});

test('testFullUrlMethod', async () => {
  assert.is(await ask({ url: 'http://foo.com/foo/bar?name=taylor' }, (r) => r.fullUrl()), 'http://foo.com/foo/bar?name=taylor');
  assert.is(await ask({ url: 'https://foo.com' }, (r) => r.fullUrl()), 'https://foo.com');
  assert.is(await ask({ url: 'https://foo.com' }, (r) => r.fullUrlWithQuery({ coupon: 'foo' })), 'https://foo.com/?coupon=foo');
  assert.is(await ask({ url: 'https://foo.com?a=b' }, (r) => r.fullUrl()), 'https://foo.com/?a=b');
  assert.is(await ask({ url: 'https://foo.com?a=b' }, (r) => r.fullUrlWithQuery({ coupon: 'foo' })), 'https://foo.com/?a=b&coupon=foo');
  assert.is(await ask({ url: 'https://foo.com?a=b' }, (r) => r.fullUrlWithQuery({ a: 'c' })), 'https://foo.com/?a=c');
  assert.is(
    await ask({ url: 'http://foo.com/foo/bar?name=taylor' }, (r) => r.fullUrlWithQuery({ name: 'taylor' })),
    'http://foo.com/foo/bar?name=taylor',
  );
  assert.is(
    await ask({ url: 'http://foo.com/foo/bar//baz/?name=taylor', global: true }, (r) => r.fullUrlWithQuery({ name: 'graham' })),
    'http://foo.com/foo/bar//baz?name=graham',
  );
  assert.is(
    await ask({ url: 'https://foo.com' }, (r) => r.fullUrlWithQuery({ key: 'value with spaces' })),
    'https://foo.com/?key=value%20with%20spaces',
  );
  // Symfony's normalisation: keys sorted, values RFC 3986.
  assert.is(await ask({ url: 'http://foo.com/foo/bar?b=2&a=1+1' }, (r) => r.fullUrl()), 'http://foo.com/foo/bar?a=1%201&b=2');
  assert.is(await ask({ url: 'http://foo.com/foo/bar?a=1&b=2' }, (r) => r.fullUrlWithoutQuery(['a'])), 'http://foo.com/foo/bar?b=2');
  assert.is(await ask({ url: 'http://foo.com/foo/bar?a=1' }, (r) => r.fullUrlWithoutQuery('a')), 'http://foo.com/foo/bar');
});

test('testIsMethod', async () => {
  assert.equal(await ask({ url: '/foo/bar' }, (r) => [r.is('foo*'), r.is('bar*'), r.is('*bar*'), r.is('bar*', 'foo*', 'baz')]), [
    true,
    false,
    true,
    true,
  ]);
  assert.is(await ask({ url: '/' }, (r) => r.is('/')), true);
});

test('testFullUrlIsMethod', async () => {
  const checks = (r: Subject) => [
    r.fullUrlIs('http://example.com/foo/bar'),
    r.fullUrlIs('example.com*'),
    r.fullUrlIs('http://*'),
    r.fullUrlIs('*foo*'),
    r.fullUrlIs('*bar'),
    r.fullUrlIs('*'),
  ];
  assert.equal(await ask({ url: 'http://example.com/foo/bar' }, checks), [true, false, true, true, true, true]);
});

test('testRouteIsMethod', async () => {
  assert.is(await ask({ url: '/foo/bar' }, (r) => r.routeIs('foo.bar')), false);
  assert.equal(await ask({ url: '/named' }, (r) => [r.routeIs('foo.bar'), r.routeIs('foo*', '*bar'), r.routeIs('foo.foo')]), [
    true,
    true,
    false,
  ]);
});

test('testRouteMethod (what applies: a route without parameters gives the defaults)', async () => {
  assert.equal(await ask({ url: '/foo/bar' }, (r) => [r.route('optional'), r.route('optional', 'default'), r.route() !== undefined]), [
    null,
    'default',
    true,
  ]);
});

test('testAjaxMethod', async () => {
  assert.is(await ask({}, (r) => r.ajax()), false);
  // A GET with a body and no Content-Type reaches the handler, as in Laravel.
  assert.is(await ask({ headers: { 'x-requested-with': 'XMLHttpRequest' }, body: '{}' }, (r) => r.ajax()), true);
  assert.is(await ask({ method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' } }, (r) => r.ajax()), true);
  assert.is(await ask({ method: 'POST', headers: { 'x-requested-with': '' } }, (r) => r.ajax()), false);
});

test('testPrefetchMethod', async () => {
  assert.is(await ask({}, (r) => r.prefetch()), false);
  for (const name of ['x-moz', 'purpose', 'sec-purpose']) {
    assert.is(await ask({ headers: { [name]: '' } }, (r) => r.prefetch()), false, name);
    assert.is(await ask({ headers: { [name]: 'prefetch' } }, (r) => r.prefetch()), true, name);
    assert.is(await ask({ headers: { [name]: 'Prefetch' } }, (r) => r.prefetch()), true, name);
  }
});

test('testPjaxMethod', async () => {
  assert.is(await ask({ headers: { 'x-pjax': 'true' }, body: '{}' }, (r) => r.pjax()), true);
  assert.is(await ask({ headers: { 'x-pjax': 'false' } }, (r) => r.pjax()), true);
  assert.is(await ask({}, (r) => r.pjax()), false);
  assert.is(await ask({ headers: { 'x-pjax': '' } }, (r) => r.pjax()), false);
});

test('testSecureMethod', async () => {
  assert.is(await ask({ url: 'http://example.com' }, (r) => r.secure()), false);
  assert.is(await ask({ url: 'https://example.com' }, (r) => r.secure()), true);
});

test('testUserAgentMethod', async () => {
  assert.is(await ask({ headers: { 'user-agent': 'Laravel' } }, (r) => r.userAgent()), 'Laravel');
});

test('testHostMethod, testHttpHostMethod, testSchemeAndHttpHostMethod', async () => {
  const all = (r: Subject) => [r.host(), r.httpHost(), r.schemeAndHttpHost(), r.getHost()];
  assert.equal(await ask({ url: 'http://example.com' }, all), ['example.com', 'example.com', 'http://example.com', 'example.com']);
  assert.equal(await ask({ url: 'https://example.com' }, all), ['example.com', 'example.com', 'https://example.com', 'example.com']);
  assert.equal(await ask({ url: 'http://example.com:8080' }, all), [
    'example.com',
    'example.com:8080',
    'http://example.com:8080',
    'example.com',
  ]);
  assert.equal(await ask({ url: 'https://example.com:8080' }, all), [
    'example.com',
    'example.com:8080',
    'https://example.com:8080',
    'example.com',
  ]);
  // Symfony's getHttpHost leaves out the scheme's default port, and getHost is lower case.
  assert.equal(await ask({ url: 'http://Example.COM:80' }, all), ['example.com', 'example.com', 'http://example.com', 'example.com']);
});

const TAYLOR_AGE_CITY = { name: 'Taylor', age: '', city: null };

test('testHasMethod', async () => {
  assert.equal(
    await ask({ json: TAYLOR_AGE_CITY }, (r) => [r.has('name'), r.has('age'), r.has('city'), r.has('foo'), r.has('name', 'email')]),
    [true, true, true, false, false],
  );
  assert.equal(await ask({ url: '/?name=Taylor&email=foo' }, (r) => [r.has('name'), r.has('name', 'email'), r.has(['name', 'email'])]), [
    true,
    true,
    true,
  ]);
  assert.is(await ask({ url: '/?foo[]=bar&foo[]=bar' }, (r) => r.has('foo')), true);
  assert.equal(await ask({ json: { foo: '', bar: null } }, (r) => [r.has('foo'), r.has('bar')]), [true, true]);
  assert.equal(await ask({ json: { foo: { bar: null, baz: '' } } }, (r) => [r.has('foo.bar'), r.has('foo.baz')]), [true, true]);
});

test('testWhenHasMethod', async () => {
  const result = await ask({ json: TAYLOR_AGE_CITY }, (r) => {
    const seen: Record<string, unknown> = { name: false, age: false, city: false, foo: false, bar: false };
    r.whenHas('name', (value) => {
      seen.name = value;
    });
    r.whenHas('age', (value) => {
      seen.age = value;
    });
    r.whenHas('city', (value) => {
      seen.city = value;
    });
    r.whenHas('foo', () => {
      seen.foo = 'test';
    });
    r.whenHas(
      'bar',
      () => {
        seen.bar = 'test';
      },
      () => {
        seen.bar = true;
      },
    );
    return seen;
  });
  assert.equal(result, { name: 'Taylor', age: '', city: null, foo: false, bar: true });
});

test('testWhenFilledMethod', async () => {
  const result = await ask({ json: TAYLOR_AGE_CITY }, (r) => {
    const seen: Record<string, unknown> = { name: false, age: false, city: false, foo: false, bar: false };
    r.whenFilled('name', (value) => {
      seen.name = value;
    });
    r.whenFilled('age', () => {
      seen.age = 'test';
    });
    r.whenFilled('city', () => {
      seen.city = 'test';
    });
    r.whenFilled('foo', () => {
      seen.foo = 'test';
    });
    r.whenFilled(
      'bar',
      () => {
        seen.bar = 'test';
      },
      () => {
        seen.bar = true;
      },
    );
    return seen;
  });
  assert.equal(result, { name: 'Taylor', age: false, city: false, foo: false, bar: true });
});

test('testMissingMethod', async () => {
  assert.equal(
    await ask({ json: TAYLOR_AGE_CITY }, (r) => [
      r.missing('name'),
      r.missing('age'),
      r.missing('city'),
      r.missing('foo'),
      r.missing('name', 'email'),
      r.missing(['name', 'email']),
    ]),
    [false, false, false, true, true, true],
  );
  assert.equal(await ask({ url: '/?name=Taylor&email=foo' }, (r) => [r.missing('name'), r.missing('name', 'email')]), [false, false]);
  assert.is(await ask({ url: '/?foo[]=bar&foo[]=bar' }, (r) => r.missing('foo')), false);
  assert.equal(await ask({ json: { foo: '', bar: null } }, (r) => [r.missing('foo'), r.missing('bar')]), [false, false]);
  assert.equal(await ask({ json: { foo: { bar: null, baz: '' } } }, (r) => [r.missing('foo.bar'), r.missing('foo.baz')]), [false, false]);
});

test('testWhenMissingMethod', async () => {
  const result = await ask({ json: { bar: null } }, (r) => {
    const seen: Record<string, unknown> = { name: true, age: true, city: true, foo: true, bar: true };
    r.whenMissing('name', () => {
      seen.name = 'Taylor';
    });
    r.whenMissing('age', () => {
      seen.age = '';
    });
    r.whenMissing('city', () => {
      seen.city = null;
    });
    r.whenMissing('foo', () => {
      seen.foo = false;
    });
    r.whenMissing(
      'bar',
      () => {
        seen.bar = 'test';
      },
      () => {
        seen.bar = true;
      },
    );
    return seen;
  });
  assert.equal(result, { name: 'Taylor', age: '', city: null, foo: false, bar: true });
});

test('testHasAnyMethod', async () => {
  assert.equal(
    await ask({ json: TAYLOR_AGE_CITY }, (r) => [
      r.hasAny('name'),
      r.hasAny('age'),
      r.hasAny('city'),
      r.hasAny('foo'),
      r.hasAny('name', 'email'),
      r.hasAny(['name', 'email']),
    ]),
    [true, true, true, false, true, true],
  );
  assert.equal(
    await ask({ url: '/?name=Taylor&email=foo' }, (r) => [
      r.hasAny('name', 'email'),
      r.hasAny('surname', 'password'),
      r.hasAny(['surname', 'password']),
    ]),
    [true, false, false],
  );
  assert.equal(
    await ask({ json: { foo: { bar: null, baz: '' } } }, (r) => [
      r.hasAny('foo.bar'),
      r.hasAny('foo.baz'),
      r.hasAny('foo.bax'),
      r.hasAny(['foo.bax', 'foo.baz']),
    ]),
    [true, true, false, true],
  );
});

test('testFilledMethod', async () => {
  assert.equal(
    await ask({ json: TAYLOR_AGE_CITY }, (r) => [
      r.filled('name'),
      r.filled('age'),
      r.filled('city'),
      r.filled('foo'),
      r.filled('name', 'email'),
    ]),
    [true, false, false, false, false],
  );
  assert.equal(
    await ask({ url: '/?name=Taylor&email=foo' }, (r) => [r.filled('name'), r.filled('name', 'email'), r.filled(['name', 'email'])]),
    [true, true, true],
  );
  assert.is(await ask({ url: '/?foo[]=bar&foo[]=baz' }, (r) => r.filled('foo')), true);
  assert.is(await ask({ url: '/?foo[bar]=baz' }, (r) => r.filled('foo.bar')), true);
});

test('testIsNotFilledMethod', async () => {
  assert.equal(
    await ask({ json: TAYLOR_AGE_CITY }, (r) => [
      r.isNotFilled('name'),
      r.isNotFilled('age'),
      r.isNotFilled('city'),
      r.isNotFilled('foo'),
      r.isNotFilled(['name', 'email']),
      r.isNotFilled(['foo', 'age']),
      r.isNotFilled(['age', 'city']),
    ]),
    [false, true, true, true, false, true, true],
  );
  assert.equal(
    await ask({ url: '/?foo[0]=bar&foo[baz]=0' }, (r) => [r.isNotFilled('foo'), r.isNotFilled('foo.bar'), r.isNotFilled('foo.baz')]),
    [false, true, false],
  );
});

test('testFilledAnyMethod', async () => {
  assert.equal(
    await ask({ json: TAYLOR_AGE_CITY }, (r) => [
      r.anyFilled(['name']),
      r.anyFilled('name'),
      r.anyFilled(['age']),
      r.anyFilled('age'),
      r.anyFilled(['foo']),
      r.anyFilled('foo'),
      r.anyFilled(['age', 'name']),
      r.anyFilled('age', 'name'),
      r.anyFilled(['foo', 'name']),
      r.anyFilled('foo', 'name'),
      r.anyFilled(['age', 'city']),
      r.anyFilled('age', 'city'),
      r.anyFilled(['foo', 'bar']),
      r.anyFilled('foo', 'bar'),
    ]),
    [true, true, false, false, false, false, true, true, true, true, false, false, false, false],
  );
});

test('testInputMethod', async () => {
  assert.equal(await ask({ url: '/?name=Taylor' }, (r) => [r.input('name'), r.input('foo', 'Bob')]), ['Taylor', 'Bob']);
  const file = await ask({ method: 'POST', parts: [{ name: 'file', filename: 'foo.php', content: '<?php' }] }, (r) => r.input('file'));
  // input() is the fields, as Laravel's input(); all() has the file.
  assert.is(file, null);
  assert.equal(await ask({ method: 'POST', parts: [{ name: 'file', filename: 'foo.php', content: '<?php' }] }, (r) => r.all().file), {
    file: 'foo.php',
  });
});

test('testStringMethod', async () => {
  const data = {
    int: 123,
    int_str: '456',
    float: 123.456,
    float_str: '123.456',
    float_zero: 0.0,
    float_str_zero: '0.000',
    str: 'abc',
    empty_str: '',
    null: null,
  };
  assert.equal(
    await ask({ json: data }, (r) => [
      r.string('int'),
      r.string('int_str'),
      r.string('float'),
      r.string('float_str'),
      r.string('float_zero'),
      r.string('float_str_zero'),
      r.string('empty_str'),
      r.string('null'),
      r.string('unknown_key'),
      r.str('str'),
    ]),
    ['123', '456', '123.456', '123.456', '0', '0.000', '', '', '', 'abc'],
  );
});

test('testBooleanMethod', async () => {
  const url = '/?with_trashed=false&download=1&checked=1&unchecked=0&with_on=on&with_yes=yes';
  assert.equal(
    await ask({ url }, (r) => [
      r.boolean('checked'),
      r.boolean('download'),
      r.boolean('unchecked'),
      r.boolean('with_trashed'),
      r.boolean('some_undefined_key'),
      r.boolean('with_on'),
      r.boolean('with_yes'),
    ]),
    [true, true, false, false, false, true, true],
  );
  assert.is(await ask({ json: { download: true } }, (r) => r.boolean('download')), true);
});

test('testIntegerMethod', async () => {
  const data = {
    int: '123',
    raw_int: 456,
    zero_padded: '078',
    space_padded: ' 901',
    nan: 'nan',
    mixed: '1ab',
    underscore_notation: '2_000',
    null: null,
  };
  assert.equal(
    await ask({ json: data }, (r) => [
      r.integer('int'),
      r.integer('raw_int'),
      r.integer('zero_padded'),
      r.integer('space_padded'),
      r.integer('nan'),
      r.integer('mixed'),
      r.integer('underscore_notation'),
      r.integer('unknown_key', 123456),
      r.integer('null'),
      r.integer('null', 123456),
    ]),
    [123, 456, 78, 901, 0, 1, 2, 123456, 0, 0],
  );
});

test('testFloatMethod', async () => {
  const data = {
    float: '1.23',
    raw_float: 45.6,
    decimal_only: '.6',
    zero_padded: '0.78',
    space_padded: ' 90.1',
    nan: 'nan',
    mixed: '1.ab',
    scientific_notation: '1e3',
    null: null,
  };
  assert.equal(
    await ask({ json: data }, (r) => [
      r.float('float'),
      r.float('raw_float'),
      r.float('decimal_only'),
      r.float('zero_padded'),
      r.float('space_padded'),
      r.float('nan'),
      r.float('mixed'),
      r.float('scientific_notation'),
      r.float('unknown_key', 123.456),
      r.float('null'),
      r.float('null', 123.456),
    ]),
    [1.23, 45.6, 0.6, 0.78, 90.1, 0, 1, 1000, 123.456, 0, 0],
  );
});

test('testArrayMethod', async () => {
  assert.equal(await ask({}, (r) => r.array()), []);
  const data = { users: [1, 2, 3], roles: [4, 5, 6], email: 'test@example.com' };
  assert.equal(
    await ask({ json: data }, (r) => [
      r.array('missing'),
      r.array(['missing']),
      r.array('users'),
      r.array(['users']),
      r.array(['users', 'email']),
      r.array(),
    ]),
    [[], [], [1, 2, 3], { users: [1, 2, 3] }, { users: [1, 2, 3], email: 'test@example.com' }, data],
  );
});

test('testCollectMethod (plain arrays and objects)', async () => {
  assert.equal(await ask({ json: { users: [1, 2, 3] } }, (r) => [r.collect('users'), r.collect('developers'), r.collect()]), [
    [1, 2, 3],
    [],
    { users: [1, 2, 3] },
  ]);
  assert.equal(await ask({ json: { email: 'test@example.com' } }, (r) => r.collect('email')), ['test@example.com']);
  assert.equal(await ask({}, (r) => r.collect()), []);
  const data = { users: [1, 2, 3], roles: [4, 5, 6], foo: ['bar', 'baz'], email: 'test@example.com' };
  assert.equal(
    await ask({ json: data }, (r) => [
      r.collect(['users']),
      r.collect(['developers']),
      r.collect(['roles']),
      r.collect(['users', 'email']),
      r.collect(['roles', 'foo']),
      r.collect(),
    ]),
    [
      { users: [1, 2, 3] },
      [],
      { roles: [4, 5, 6] },
      { users: [1, 2, 3], email: 'test@example.com' },
      { roles: [4, 5, 6], foo: ['bar', 'baz'] },
      data,
    ],
  );
});

test('testDateMethod', async () => {
  const data = {
    as_null: null,
    as_invalid: 'invalid',
    as_datetime: '20-01-01 16:30:25',
    as_format: '1577896225',
    as_timezone: '20-01-01 13:30:25',
    as_date: '2020-01-01',
    as_time: '16:30:25',
  };
  const current = '2020-01-01T16:30:25.000Z';
  const [asNull, missing, datetime, format, timezone, date, time] = (await ask({ json: data }, (r) => [
    r.date('as_null'),
    r.date('doesnt_exists'),
    r.date('as_datetime'),
    r.date('as_format', 'U'),
    r.date('as_timezone', null, 'America/Santiago'),
    r.date('as_date'),
    r.date('as_time'),
  ])) as ({ date: string } | null)[];
  assert.equal([asNull, missing], [null, null]);
  assert.equal([datetime, format, timezone], [{ date: current }, { date: current }, { date: current }]);
  assert.is(date!.date, '2020-01-01T00:00:00.000Z');
  assert.is(time!.date.slice(11), '16:30:25.000Z');
});

test('testDateMethodExceptionWhenValueInvalid and ...WhenFormatInvalid: a 400 here (Laravel: an exception, a 500)', async () => {
  const invalid = await refuse({ json: { date: 'invalid' } }, (r) => r.date('date'));
  assert.is(invalid.status, 400);
  assert.equal(invalid.value, { message: 'The date value is not a valid date.' });
  const format = await refuse({ json: { date: '20-01-01 16:30:25' } }, (r) => r.date('date', 'invalid_format'));
  assert.is(format.status, 400);
});

/** Midnight UTC of the Monday after the UTC day of `ms` (a Monday gives the next one), worked out by hand. */
function nextMondayAfter(ms: number): number {
  const day = new Date(ms);
  const ahead = (8 - day.getUTCDay()) % 7 || 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + ahead);
}

test("date() reads what PHP's date parser reads, as the date rule does: relative formats, zones in the text, timestamps", async () => {
  const data = {
    next_monday: 'next monday',
    week: '+1 week noon',
    stamp: '@1700000000',
    number: 1700000000,
    offset: '2024-01-01T10:00:00+05:00',
    named: '2024-01-01 10:00 Europe/Paris',
    first: 'first day of january 2025',
    formatted: '05 Jan 2024 10:00 +02:00',
  };
  const before = Date.now();
  const answers = (await ask({ json: data }, (r) => [
    r.date('next_monday'),
    r.date('week'),
    r.date('stamp', null, 'Europe/Paris'),
    r.date('number'),
    r.date('offset', null, 'America/New_York'),
    r.date('named', null, 'Asia/Tokyo'),
    r.date('first'),
    r.date('formatted', 'd M Y H:i P', 'Asia/Tokyo'),
  ])) as { date: string }[];
  const after = Date.now();
  const [nextMonday, week, ...fixed] = answers.map((answer) => answer.date);
  assert.ok([nextMondayAfter(before), nextMondayAfter(after)].includes(Date.parse(nextMonday!)), nextMonday);
  const noonInAWeek = (ms: number) =>
    Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), new Date(ms).getUTCDate() + 7, 12);
  assert.ok([noonInAWeek(before), noonInAWeek(after)].includes(Date.parse(week!)), week);
  assert.equal(fixed, [
    '2023-11-14T22:13:20.000Z', // the zone of '@' is UTC, whatever the zone given
    '2023-11-14T22:13:20.000Z', // a JSON number is a Unix timestamp (Carbon::parse of an int)
    '2024-01-01T05:00:00.000Z', // the offset in the text wins over the zone given
    '2024-01-01T09:00:00.000Z', // so does a named zone
    '2025-01-01T00:00:00.000Z',
    '2024-01-05T08:00:00.000Z',
  ]);
});

test('date() of a megabyte of text: a 400 at once, and the server keeps serving', async () => {
  const started = Date.now();
  for (const [text, format] of [
    ['9'.repeat(1_000_000), null],
    [`${'am '.repeat(333_000)}\n1`, null],
    [`${'am '.repeat(333_000)}\n1`, 'A h:i'],
    [`2024-01-05${' '.repeat(999_000)}x`, 'Y-m-d H'],
  ] as const) {
    const refused = await refuse({ method: 'POST', json: { date: text } }, (r) => r.date('date', format));
    assert.is(refused.status, 400, `${text.slice(0, 12)} ${format}`);
  }
  // Four values, each linear in its length: far under this generous bound, where a quadratic scan would take hours.
  assert.ok(Date.now() - started < 20_000);
  assert.equal(await ask({ json: { date: '2024-01-05' } }, (r) => r.date('date')), { date: '2024-01-05T00:00:00.000Z' });
});

enum TestEnumBacked {
  test = 'test',
}
enum TestIntegerEnumBacked {
  minus_1 = -1,
  zero = 0,
  plus_1 = 1,
}

test('testEnumMethod (TypeScript enums for backed enums)', async () => {
  const data = {
    valid_enum_value: 'test',
    invalid_enum_value: 'invalid',
    empty_value_request: '',
    string: { minus_1: '-1', 0: '0', plus_1: '1', doesnt_exist: '-1024' },
    int: { minus_1: -1, 0: 0, plus_1: 1, doesnt_exist: 1024 },
  };
  assert.equal(
    await ask({ json: data }, (r) => [
      r.enum('doesnt_exist', TestEnumBacked),
      r.enum('valid_enum_value', TestEnumBacked),
      r.enum('invalid_enum_value', TestEnumBacked),
      r.enum('empty_value_request', TestEnumBacked),
      r.enum('string.minus_1', TestIntegerEnumBacked),
      r.enum('string.0', TestIntegerEnumBacked),
      r.enum('string.plus_1', TestIntegerEnumBacked),
      r.enum('string.doesnt_exist', TestIntegerEnumBacked),
      r.enum('int.minus_1', TestIntegerEnumBacked),
      r.enum('int.0', TestIntegerEnumBacked),
      r.enum('int.plus_1', TestIntegerEnumBacked),
      r.enum('int.doesnt_exist', TestIntegerEnumBacked),
    ]),
    [null, 'test', null, null, -1, 0, 1, null, -1, 0, 1, null],
  );
});

test('testEnumsMethod', async () => {
  const data = {
    valid_enum_values: ['test', 'test'],
    invalid_enum_values: ['invalid', 'invalid'],
    empty_value_request: [],
    string: { minus_1: ['-1', '0'], 0: '0', plus_1: '1', doesnt_exist: '-1024' },
    int: { minus_1: -1, 0: 0, plus_1: 1, doesnt_exist: 1024 },
  };
  assert.equal(
    await ask({ json: data }, (r) => [
      r.enums('doesnt_exist', TestEnumBacked),
      r.enums('valid_enum_values', TestEnumBacked),
      r.enums('invalid_enum_value', TestEnumBacked),
      r.enums('empty_value_request', TestEnumBacked),
      r.enums('string.minus_1', TestIntegerEnumBacked),
      r.enums('string.0', TestIntegerEnumBacked),
      r.enums('string.plus_1', TestIntegerEnumBacked),
      r.enums('string.doesnt_exist', TestIntegerEnumBacked),
      r.enums('int.minus_1', TestIntegerEnumBacked),
      r.enums('int.0', TestIntegerEnumBacked),
      r.enums('int.plus_1', TestIntegerEnumBacked),
      r.enums('int.doesnt_exist', TestIntegerEnumBacked),
    ]),
    [[], ['test', 'test'], [], [], [-1, 0], [0], [1], [], [-1], [0], [1], []],
  );
});

test('testAllMethod', async () => {
  assert.equal(await ask({ json: { name: 'Taylor', age: null } }, (r) => [r.all('name', 'age', 'email'), r.all('name'), r.all()]), [
    { name: 'Taylor', age: null, email: null },
    { name: 'Taylor' },
    { name: 'Taylor', age: null },
  ]);
  assert.equal(
    await ask({ json: { developer: { name: 'Taylor', age: null } } }, (r) => [
      r.all('developer.name', 'developer.skills'),
      r.all(['developer.name', 'developer.skills']),
      r.all('developer.age'),
      r.all('developer.skills'),
      r.all(),
    ]),
    [
      { developer: { name: 'Taylor', skills: null } },
      { developer: { name: 'Taylor', skills: null } },
      { developer: { age: null } },
      { developer: { skills: null } },
      { developer: { name: 'Taylor', age: null } },
    ],
  );
});

test('testKeysMethod', async () => {
  assert.equal(await ask({ json: { name: 'Taylor', age: null } }, (r) => r.keys()), ['name', 'age']);
  const file = { name: 'foo', filename: 'foo.jpg', type: 'blah', content: 'x' };
  assert.equal(await ask({ method: 'POST', parts: [file] }, (r) => r.keys()), ['foo']);
  assert.equal(await ask({ method: 'POST', parts: [{ name: 'name', content: 'Taylor' }, file] }, (r) => r.keys()), ['name', 'foo']);
});

test('testOnlyMethod', async () => {
  assert.equal(await ask({ json: { name: 'Taylor', age: null } }, (r) => r.only('name', 'age', 'email')), { name: 'Taylor', age: null });
  assert.equal(
    await ask({ json: { developer: { name: 'Taylor', age: null } } }, (r) => [
      r.only('developer.name', 'developer.skills'),
      r.only('developer.age'),
      r.only('developer.skills'),
    ]),
    [{ developer: { name: 'Taylor' } }, { developer: { age: null } }, {}],
  );
});

test('testExceptMethod', async () => {
  assert.equal(await ask({ url: '/?name=Taylor&age=25' }, (r) => [r.except('age'), r.except('age', 'name'), r.except(['age', 'name'])]), [
    { name: 'Taylor' },
    {},
    {},
  ]);
});

test('testQueryMethod', async () => {
  assert.equal(
    await ask({ url: '/?name=Taylor' }, (r) => [
      r.query(),
      r.query('name'),
      r.query('name', 'Amir'),
      r.query('foo', 'Bob'),
      (r.query(null) as Record<string, unknown>).name,
    ]),
    [{ name: 'Taylor' }, 'Taylor', 'Taylor', 'Bob', 'Taylor'],
  );
  assert.equal(await ask({ url: '/?hello=world&user[]=Taylor&user[]=Mohamed%20Said' }, (r) => [r.query('user'), r.query()]), [
    ['Taylor', 'Mohamed Said'],
    { hello: 'world', user: ['Taylor', 'Mohamed Said'] },
  ]);
});

test('testPostMethod', async () => {
  assert.equal(
    await ask({ method: 'POST', form: 'name=Taylor' }, (r) => [
      r.post(),
      r.post('name'),
      r.post('name', 'Amir'),
      r.post('foo', 'Bob'),
      (r.post(null) as Record<string, unknown>).name,
    ]),
    [{ name: 'Taylor' }, 'Taylor', 'Taylor', 'Bob', 'Taylor'],
  );
});

test('testCookieMethod and testHasCookieMethod', async () => {
  assert.equal(
    await ask({ headers: { cookie: 'name=Taylor' } }, (r) => [
      r.cookie(),
      r.cookie('name'),
      r.cookie('name', 'Amir'),
      r.cookie('foo', 'Bob'),
      (r.cookie(null) as Record<string, unknown>).name,
    ]),
    [{ name: 'Taylor' }, 'Taylor', 'Taylor', 'Bob', 'Taylor'],
  );
  assert.equal(await ask({ headers: { cookie: 'foo=bar' } }, (r) => [r.hasCookie('foo'), r.hasCookie('qu')]), [true, false]);
  // As PHP fills $_COOKIE: values URL-decoded, the first of a repeated name kept.
  assert.equal(await ask({ headers: { cookie: 'a=x%20y+z; a=second; b' } }, (r) => r.cookie()), { a: 'x y z', b: '' });
});

test('testFileMethod and testHasFileMethod', async () => {
  const foo = { name: 'foo', filename: 'foo.jpg', type: 'blah', content: 'x' };
  assert.equal(await ask({ method: 'POST', parts: [foo] }, (r) => [r.file('foo'), r.hasFile('foo'), r.hasFile('bar')]), [
    { file: 'foo.jpg' },
    true,
    false,
  ]);
  assert.is(await ask({}, (r) => r.hasFile('foo')), false);
});

test('testMergeMethod, testMergeIfMissingMethod, testReplaceMethod', async () => {
  assert.equal(
    await ask({ url: '/?name=Taylor' }, (r) => {
      r.merge({ buddy: 'Dayle' });
      return [r.input('name'), r.input('buddy'), r.query('buddy')];
    }),
    ['Taylor', 'Dayle', 'Dayle'],
  );
  assert.equal(
    await ask({ url: '/?name=Taylor' }, (r) => {
      r.mergeIfMissing({ boolean_setting: 0 });
      return [r.input('name'), r.input('boolean_setting')];
    }),
    ['Taylor', 0],
  );
  assert.equal(
    await ask({ json: { name: 'Taylor', boolean_setting: 1 } }, (r) => {
      r.mergeIfMissing({ boolean_setting: 0 });
      return [r.input('name'), r.input('boolean_setting')];
    }),
    ['Taylor', 1],
  );
  assert.equal(
    await ask({ url: '/?name=Taylor' }, (r) => {
      r.replace({ buddy: 'Dayle' });
      return [r.input('name'), r.input('buddy')];
    }),
    [null, 'Dayle'],
  );
});

test('testHeaderMethod', async () => {
  assert.equal(
    await ask({ headers: { 'do-this': 'foo' } }, (r) => [
      r.header('do-this'),
      r.header('do-that', 'default'),
      (r.header(null) as Record<string, string[]>)['do-this']![0],
    ]),
    ['foo', 'default', 'foo'],
  );
  // Symfony's HeaderBag reads `_` as `-`: Laravel's own isJson() asks for CONTENT_TYPE.
  assert.equal(await ask({ json: {} }, (r) => [r.header('CONTENT_TYPE'), r.hasHeader('Content_Type')]), ['application/json', true]);
});

test('testBearerTokenMethod', async () => {
  const token = (authorization: string) => ask({ headers: { authorization } }, (r) => r.bearerToken());
  assert.is(await token('Bearer fooBearerbar'), 'fooBearerbar');
  assert.is(await token('bearer fooBearerbar'), 'fooBearerbar');
  assert.is(await token('Basic foo, Bearer bar'), 'bar');
  assert.is(await token('Bearer foo,bar'), 'foo');
  assert.is(await token('bearer foo,bar'), 'foo');
  assert.is(await token('foo,bar'), null);
});

test('testJSONMethod and testJSONEmulatingPHPBuiltInServer', async () => {
  assert.equal(
    await ask({ json: { name: 'taylor' } }, (r) => [
      r.json('name'),
      r.json('name', 'Otwell'),
      r.json('family', 'Moharami'),
      r.input('name'),
      r.json(),
      r.isJson(),
      r.all(),
    ]),
    ['taylor', 'taylor', 'Moharami', 'taylor', { name: 'taylor' }, true, { name: 'taylor' }],
  );
});

const PREFERS: [string, string | string[], string | null][] = [
  ['application/json', ['json'], 'json'],
  ['application/json', ['html', 'json'], 'json'],
  ['application/foo+json', 'application/foo+json', 'application/foo+json'],
  ['application/foo+json', 'json', 'json'],
  ['application/json;q=0.5, text/html;q=1.0', ['json', 'html'], 'html'],
  ['application/json;q=0.5, text/plain;q=1.0, text/html;q=1.0', ['json', 'txt', 'html'], 'txt'],
  ['application/*', 'json', 'json'],
  ['application/json; charset=utf-8', 'json', 'json'],
  ['application/xml; charset=utf-8', ['html', 'json'], null],
  ['application/json, text/html', ['html', 'json'], 'json'],
  ['application/json;q=0.4, text/html;q=0.6', ['html', 'json'], 'html'],
  ['application/json; charset=utf-8', 'application/json', 'application/json'],
  ['application/json, text/html', ['text/html', 'application/json'], 'application/json'],
  ['application/json;q=0.4, text/html;q=0.6', ['text/html', 'application/json'], 'text/html'],
  ['application/json;q=0.4, text/html;q=0.6', ['application/json', 'text/html'], 'text/html'],
  ['*/*; charset=utf-8', 'json', 'json'],
  ['application/*', 'application/json', 'application/json'],
  ['application/*', 'application/xml', 'application/xml'],
  ['application/*', 'text/html', null],
];

test('testPrefersMethod (all 19 cases of getPrefersCases)', async () => {
  for (const [accept, prefers, expected] of PREFERS) {
    assert.is(await ask({ headers: { accept } }, (r) => r.prefers(prefers)), expected, `${accept} / ${JSON.stringify(prefers)}`);
  }
});

test('testAllInputReturnsInputAndFiles and ...NestedInputAndFiles', async () => {
  assert.equal(
    await ask(
      {
        method: 'POST',
        url: '/?boom=breeze',
        parts: [
          { name: 'foo', content: 'bar' },
          { name: 'baz', filename: 'photo.jpg', content: 'x' },
        ],
      },
      (r) => r.all(),
    ),
    { boom: 'breeze', foo: 'bar', baz: { file: 'photo.jpg' } },
  );
  assert.equal(
    await ask(
      {
        method: 'POST',
        url: '/?boom=breeze',
        parts: [
          { name: 'foo[bar]', content: 'baz' },
          { name: 'foo[photo]', filename: 'photo.jpg', content: 'x' },
        ],
      },
      (r) => r.all(),
    ),
    { boom: 'breeze', foo: { bar: 'baz', photo: { file: 'photo.jpg' } } },
  );
});

test('testAllInputReturnsInputAfterReplace and ...WithNumericKeys', async () => {
  assert.equal(
    await ask({ url: '/?boom=breeze&foo[bar]=baz' }, (r) => {
      r.replace({ foo: { bar: 'baz' }, boom: 'breeze' });
      return r.all();
    }),
    { foo: { bar: 'baz' }, boom: 'breeze' },
  );
  // PHP's [0 => 'A', 1 => 'B', 2 => 'C'] is a list; an input bag keeps its keys (the same entries).
  assert.equal(
    await ask({ method: 'POST', form: '0=A&1=B&2=C' }, (r) => {
      r.replace({ 0: 'A', 1: 'B', 2: 'C' });
      return r.all();
    }),
    { 0: 'A', 1: 'B', 2: 'C' },
  );
  assert.equal(
    await ask({ method: 'POST', form: '1=A&2=B&3=C' }, (r) => {
      r.replace({ 1: 'A', 2: 'B', 3: 'C' });
      return r.all();
    }),
    { 1: 'A', 2: 'B', 3: 'C' },
  );
});

test('testInputWithEmptyFilename and testMultipleFileUploadWithEmptyValue', async () => {
  assert.equal(
    await ask(
      {
        method: 'POST',
        url: '/?boom=breeze',
        parts: [
          { name: 'foo[bar]', content: 'baz' },
          { name: 'file', filename: '', content: '' },
        ],
      },
      (r) => [r.allFiles(), r.all()],
    ),
    [{}, { boom: 'breeze', foo: { bar: 'baz' } }],
  );
  assert.equal(
    await ask({ method: 'POST', parts: [{ name: 'file[]', filename: '', content: '' }] }, (r) => [r.allFiles(), r.hasFile('file')]),
    [{}, false],
  );
});

test('testExpectsJson', async () => {
  const expects = (headers: Record<string, string>) => ask({ headers }, (r) => r.expectsJson());
  assert.is(await expects({ accept: 'application/json' }), true);
  assert.is(await expects({ accept: '*/*' }), false);
  assert.is(await expects({ accept: '*/*', 'x-requested-with': 'XMLHttpRequest' }), true);
  assert.is(await expects({ 'x-requested-with': 'XMLHttpRequest' }), true);
  assert.is(await expects({ accept: '*/*', 'x-requested-with': 'XMLHttpRequest', 'x-pjax': 'true' }), false);
  assert.is(await expects({ accept: 'text/html' }), false);
  assert.is(await expects({ accept: 'text/html', 'x-requested-with': 'XMLHttpRequest' }), false);
  assert.is(await expects({ accept: 'text/html', 'x-requested-with': 'XMLHttpRequest', 'x-pjax': 'true' }), false);
});

test('testFormatReturnsAcceptableFormat', async () => {
  const format = (accept: string) => ask({ headers: { accept } }, (r) => [r.format(), r.wantsJson(), r.format('foo')]);
  assert.equal(await format('application/json'), ['json', true, 'json']);
  assert.equal(await format('application/json; charset=utf-8'), ['json', true, 'json']);
  assert.equal(await format('application/atom+xml'), ['atom', false, 'atom']);
  assert.equal(await format('is/not/known'), ['html', false, 'foo']);
});

test('testFormatReturnsAcceptsJson, ...Html, ...All, ...Multiple, ...Charset', async () => {
  const accepts = (accept: string, types: (string | string[])[]) => ask({ headers: { accept } }, (r) => types.map((t) => r.accepts(t)));
  const both = (accept: string) => ask({ headers: { accept } }, (r) => [r.acceptsJson(), r.acceptsHtml(), r.format()]);
  assert.equal(await accepts('application/json', ['application/json', 'application/baz+json']), [true, true]);
  assert.equal(await both('application/json'), [true, false, 'json']);
  assert.equal(await accepts('application/foo+json', ['application/foo+json', 'application/bar+json', 'application/json']), [
    true,
    false,
    false,
  ]);
  assert.equal(await accepts('application/*', ['application/xml', 'application/json']), [true, true]);
  assert.equal(await accepts('text/html', ['text/html']), [true]);
  assert.equal(await both('text/html'), [false, true, 'html']);
  assert.equal(await accepts('text/*', ['text/html', 'text/plain']), [true, true]);
  for (const any of ['*/*', '*']) {
    assert.equal(await accepts(any, ['text/html', 'foo/bar', 'application/baz+xml']), [true, true, true]);
    assert.equal(await both(any), [true, true, 'html']);
  }
  assert.equal(
    await accepts('application/json,text/*', [
      ['text/html', 'application/json'],
      'text/html',
      'text/foo',
      'application/json',
      'application/baz+json',
    ]),
    [true, true, true, true, true],
  );
  assert.equal(
    await accepts('application/json; charset=utf-8', [
      ['text/html', 'application/json'],
      'text/html',
      'text/foo',
      'application/json',
      'application/baz+json',
    ]),
    [true, false, false, true, true],
  );
});

test('testBadAcceptHeader and testCaseInsensitiveAcceptHeader', async () => {
  const mozilla = 'Mozilla/5.0 (Windows; U; Windows NT 5.1; pt-PT; rv:1.9.1.2) Gecko/20090729 Firefox/3.5.2 (.NET CLR 3.5.30729)';
  assert.equal(
    await ask({ headers: { accept: mozilla } }, (r) => [
      r.accepts(['text/html', 'application/json']),
      r.accepts('text/html'),
      r.accepts('text/foo'),
      r.accepts('application/json'),
      r.accepts('application/baz+json'),
      r.acceptsHtml(),
      r.acceptsJson(),
    ]),
    [false, false, false, false, false, false, false],
  );
  assert.equal(await ask({ headers: { accept: '.+/.+' } }, (r) => [r.accepts('application/json'), r.accepts('application/baz+json')]), [
    false,
    false,
  ]);
  assert.is(await ask({ headers: { accept: '(/(' } }, (r) => r.accepts('text/html')), false);
  for (const accept of ['APPLICATION/JSON', 'AppLiCaTion/JsOn', 'APPLICATION/*']) {
    assert.is(await ask({ headers: { accept } }, (r) => r.accepts(['text/html', 'application/json'])), true, accept);
  }
  assert.is(await ask({ headers: { accept: 'APPLICATION/JSON' } }, (r) => r.expectsJson()), true);
});

test('testUserResolverMakesUserAvailableAsMagicProperty: the resolver authentication middleware sets', async () => {
  assert.is(await ask({ url: '/user', headers: { accept: 'application/json' } }, (r) => r.user()), 'user');
  assert.is(await ask({ url: '/foo/bar' }, (r) => r.user()), null);
});

test('testFingerprintMethod', async () => {
  const [first, second, other] = (await Promise.all([
    ask({ url: '/foo/bar' }, (r) => r.fingerprint()),
    ask({ url: '/foo/bar' }, (r) => r.fingerprint()),
    ask({ url: '/named' }, (r) => r.fingerprint()),
  ])) as string[];
  assert.is(first!.length, 40);
  assert.is(first, second);
  assert.is.not(first, other);
});

test('testJsonRequestFillsRequestBodyParams and testNonJsonRequestDoesntFillRequestBodyParams', async () => {
  const body = { foo: 'bar', baz: ['qux'] };
  assert.equal(await ask({ json: body }, (r) => r.post()), body);
  assert.equal(await ask({ url: '/?foo=bar' }, (r) => [r.post(), r.query()]), [{}, { foo: 'bar' }]);
  assert.equal(await ask({ method: 'POST', form: 'foo=bar' }, (r) => [r.post(), r.query()]), [{ foo: 'bar' }, {}]);
});

test('testJsonRequestsCanMergeDataIntoJsonRequest and testItCanHaveObjectsInJsonPayload', async () => {
  assert.is(
    await ask({ method: 'POST', json: { first: 'Taylor', last: 'Otwell' } }, (r) => {
      r.merge({ name: `${r.get('first')} ${r.get('last')}` });
      return r.get('name');
    }),
    'Taylor Otwell',
  );
  assert.equal(await ask({ method: 'POST', json: { framework: { name: 'Laravel' } } }, (r) => r.get('framework')), { name: 'Laravel' });
});

test('a form request through the pipeline: merge() in prepareForValidation, authorize() and the handler read the accessors', async () => {
  const payload = { name: 'Ada', active: 'on', tags: 'x', age: '42.5kg', born: '1815-12-10', meta: { source: 'web' } };
  const headers = { authorization: 'Bearer token', accept: 'application/json' };
  const reply = await app.inject({ method: 'POST', url: '/svc/profile?action=save', headers, payload });
  assert.is(reply.statusCode, 200, reply.body);
  assert.equal(reply.json(), {
    validated: { name: 'Ada', role: 'member', active: true, tags: ['x'] },
    only: { name: 'Ada', meta: { source: 'web' } },
    except: { name: 'Ada', active: true, age: '42.5kg', born: '1815-12-10', role: 'member', action: 'save' },
    has: [true, false, true, true],
    typed: [42, 42.5, '42.5kg', '1815-12-10T00:00:00.000Z'],
    url: ['svc/profile', true, 'http://localhost/svc/profile?action=save', true, 'POST'],
    negotiation: [true, 'json', 'json', true],
  });
  const denied = await app.inject({ method: 'POST', url: '/svc/profile?action=save', headers: { accept: 'application/json' }, payload });
  assert.is(denied.statusCode, 403);
});

test('testItDoesNotGenerateJsonErrorsForEmptyContent', async () => {
  assert.equal(await ask({}, (r) => r.json()), {});
});

test.run();
