/**
 * CORS over real sockets, key by key, as the host framework's HandleCors
 * with fruitcake/php-cors answers: the preflight (answered before routing,
 * 204 with the Access-Control-Allow-* headers) against the actual request
 * (the route's own answer plus Allow-Origin, -Credentials, -Expose-Headers),
 * `*` against listed origins, Vary, and the paths CORS applies to.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serve } from '../helpers/apps.js';
import type { Reply } from '../helpers/http.js';
import { corsApp, reported } from './app.js';

const PRECOGNITION = 'Precognition, Precognition-Success';
const FRONT = 'http://localhost:5173';

function preflightHeaders(origin: string | undefined, method = 'post', headers?: string): Record<string, string> {
  const out: Record<string, string> = { 'access-control-request-method': method };
  if (origin !== undefined) out['origin'] = origin;
  if (headers !== undefined) out['access-control-request-headers'] = headers;
  return out;
}

/** No Access-Control-* header at all. */
function assertNoCors(reply: Reply, label = ''): void {
  const names = Object.keys(reply.headers).filter((name) => name.startsWith('access-control-'));
  assert.equal(names, [], `${label} no CORS headers`);
}

// ---------------------------------------------------------------------------
const defaults = suite('cors: the defaults of config/cors.php');
const d = serve(defaults, () => corsApp());
defaults.before.each(() => {
  reported.length = 0;
});

defaults(
  'an actual request gets Allow-Origin *, no exposed headers (exposed_headers is empty), no Vary (nothing depends on the origin)',
  async () => {
    const reply = await d.http.send('GET', '/api/things?action=ping', { headers: { origin: FRONT } });
    assert.is(reply.status, 200);
    assert.equal(reply.body, { ok: true });
    assert.is(reply.headers['access-control-allow-origin'], '*');
    assert.is(reply.headers['access-control-expose-headers'], undefined);
    assert.is(reply.headers['access-control-allow-credentials'], undefined);
    assert.is(reply.headers['vary'], undefined);
    assert.is(reply.headers['access-control-allow-methods'], undefined, 'preflight headers only on preflights');
    assert.is(reply.headers['access-control-max-age'], undefined);
  },
);

defaults('the answer to a Precognition request exposes Precognition and Precognition-Success, which the client reads', async () => {
  const failed = await d.http.send('POST', '/api/things?action=save', { json: {}, headers: { origin: FRONT, precognition: 'true' } });
  assert.is(failed.status, 422);
  assert.is(failed.headers['precognition'], 'true');
  assert.is(failed.headers['access-control-expose-headers'], PRECOGNITION);
  const passed = await d.http.send('POST', '/api/things?action=save', {
    json: { name: 'ok' },
    headers: { origin: FRONT, precognition: 'true' },
  });
  assert.is(passed.status, 204);
  assert.is(passed.headers['precognition-success'], 'true');
  assert.is(passed.headers['access-control-expose-headers'], PRECOGNITION);
  const plain = await d.http.send('POST', '/api/things?action=save', { json: { name: 'ok' }, headers: { origin: FRONT } });
  assert.is(plain.status, 200);
  assert.is(plain.headers['access-control-expose-headers'], undefined, 'not on the same action answered without Precognition');
});

defaults('a request without Origin on a CORS path gets Allow-Origin * too (as the host framework)', async () => {
  const reply = await d.http.send('GET', '/api/things?action=ping');
  assert.is(reply.headers['access-control-allow-origin'], '*');
});

defaults('a preflight is 204 with the method and headers asked for echoed, max age 0 and Vary on both', async () => {
  const reply = await d.http.send('OPTIONS', '/api/things?action=ping', {
    headers: preflightHeaders(FRONT, 'put', 'Content-Type, X-Custom'),
  });
  assert.is(reply.status, 204);
  assert.is(reply.text, '');
  assert.is(reply.headers['access-control-allow-origin'], '*');
  assert.is(reply.headers['access-control-allow-methods'], 'PUT');
  assert.is(reply.headers['access-control-allow-headers'], 'Content-Type, X-Custom');
  assert.is(reply.headers['access-control-max-age'], '0');
  assert.is(reply.headers['vary'], 'Access-Control-Request-Method, Access-Control-Request-Headers');
  assert.is(reply.headers['access-control-expose-headers'], undefined, 'exposed headers only on actual requests');
  assert.is(reply.headers['allow'], undefined, 'not the route answer');
});

defaults('a preflight without Access-Control-Request-Headers allows none', async () => {
  const reply = await d.http.send('OPTIONS', '/api/things', { headers: preflightHeaders(FRONT, 'GET') });
  assert.is(reply.status, 204);
  assert.is(reply.headers['access-control-allow-headers'], '');
});

defaults('a preflight is answered before routing and action selection: unknown actions and paths, failing handlers', async () => {
  for (const path of ['/api/things?action=boom', '/api/things?action=nope', '/api/nothing/here', '/api/things?action[]=x']) {
    const reply = await d.http.send('OPTIONS', path, { headers: preflightHeaders(FRONT, 'DELETE') });
    assert.is(reply.status, 204, path);
    assert.is(reply.headers['access-control-allow-methods'], 'DELETE', path);
  }
  assert.equal(reported, [], 'no handler ran');
});

defaults('a preflight needs no Origin header (as the host framework tells preflights)', async () => {
  const reply = await d.http.send('OPTIONS', '/api/things', { headers: preflightHeaders(undefined, 'GET') });
  assert.is(reply.status, 204);
  assert.is(reply.headers['access-control-allow-origin'], '*');
});

defaults('OPTIONS without Access-Control-Request-Method is no preflight: the route answers, Vary names the header', async () => {
  const reply = await d.http.send('OPTIONS', '/api/things?action=ping', { headers: { origin: FRONT } });
  assert.is(reply.status, 204);
  assert.is(reply.headers['allow'], 'GET, HEAD');
  assert.is(reply.headers['access-control-allow-origin'], '*');
  assert.is(reply.headers['access-control-expose-headers'], undefined);
  assert.is(reply.headers['vary'], 'Access-Control-Request-Method');
  assert.is(reply.headers['access-control-allow-methods'], undefined);
});

defaults('paths outside api/* get no CORS headers, and their preflights reach the route', async () => {
  const actual = await d.http.send('GET', '/page?action=ping', { headers: { origin: FRONT } });
  assert.is(actual.status, 200);
  assertNoCors(actual, 'actual');
  const preflight = await d.http.send('OPTIONS', '/page?action=ping', { headers: preflightHeaders(FRONT, 'GET') });
  assert.is(preflight.status, 204);
  assert.is(preflight.headers['allow'], 'GET, HEAD', 'the route answered');
  assertNoCors(preflight, 'preflight');
});

defaults('api/* is Str::is: /api itself does not match, a trailing slash is trimmed', async () => {
  assertNoCors(await d.http.send('GET', '/api', { headers: { origin: FRONT } }), '/api');
  const slashed = await d.http.send('GET', '/api/things/?action=ping', { headers: { origin: FRONT } });
  assert.is(slashed.status, 200);
  assert.is(slashed.headers['access-control-allow-origin'], '*');
});

defaults('HEAD gets the actual-request headers', async () => {
  const reply = await d.http.send('HEAD', '/api/things?action=ping', { headers: { origin: FRONT } });
  assert.is(reply.status, 200);
  assert.is(reply.headers['access-control-allow-origin'], '*');
});

// ---------------------------------------------------------------------------
const off = suite('cors: false');
const o = serve(off, () => corsApp({ cors: false }));

off('turns every CORS header off; OPTIONS with Access-Control-Request-Method reaches the route', async () => {
  assertNoCors(await o.http.send('GET', '/api/things?action=ping', { headers: { origin: FRONT } }), 'actual');
  const preflight = await o.http.send('OPTIONS', '/api/things?action=ping', { headers: preflightHeaders(FRONT, 'GET') });
  assert.is(preflight.status, 204);
  assert.is(preflight.headers['allow'], 'GET, HEAD');
  assertNoCors(preflight, 'preflight');
});

// ---------------------------------------------------------------------------
const single = suite('cors: one allowed origin');
const sg = serve(single, () => corsApp({ cors: { allowed_origins: [FRONT] } }));

single('the one origin is always sent, whatever the request says, and nothing varies on Origin', async () => {
  for (const origin of [FRONT, 'https://evil.example', undefined]) {
    const reply = await sg.http.send('GET', '/api/things?action=ping', origin === undefined ? {} : { headers: { origin } });
    assert.is(reply.headers['access-control-allow-origin'], FRONT, String(origin));
    assert.is(reply.headers['vary'], undefined, String(origin));
  }
  const preflight = await sg.http.send('OPTIONS', '/api/things', { headers: preflightHeaders('https://evil.example', 'GET') });
  assert.is(preflight.headers['access-control-allow-origin'], FRONT);
  assert.is(preflight.headers['vary'], 'Access-Control-Request-Method, Access-Control-Request-Headers');
});

// ---------------------------------------------------------------------------
const listed = suite('cors: listed origins, methods and headers, credentials, exposed headers, max age');
const l = serve(listed, () =>
  corsApp({
    cors: {
      allowed_origins: [FRONT, 'https://app.example.com'],
      allowed_methods: ['GET', 'post'],
      allowed_headers: ['Content-Type', 'X-Requested-With'],
      exposed_headers: ['X-Total', 'precognition'],
      max_age: 600,
      supports_credentials: true,
    },
  }),
);

listed('an allowed origin is echoed, with credentials and the exposed headers; Vary: Origin', async () => {
  const reply = await l.http.send('GET', '/api/things?action=ping', { headers: { origin: 'https://app.example.com' } });
  assert.is(reply.status, 200);
  assert.is(reply.headers['access-control-allow-origin'], 'https://app.example.com');
  assert.is(reply.headers['access-control-allow-credentials'], 'true');
  assert.is(reply.headers['access-control-expose-headers'], 'X-Total, precognition', 'the configured list, as the host framework');
  assert.is(reply.headers['vary'], 'Origin');
  const predicted = await l.http.send('POST', '/api/things?action=save', {
    json: {},
    headers: { origin: 'https://app.example.com', precognition: 'true' },
  });
  assert.is(predicted.headers['access-control-expose-headers'], 'X-Total, precognition, Precognition-Success', 'each name once');
});

listed('a disallowed origin gets the normal answer without CORS headers (the browser blocks it), and Vary: Origin', async () => {
  const reply = await l.http.send('GET', '/api/things?action=ping', { headers: { origin: 'https://evil.example' } });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { ok: true });
  assert.is(reply.headers['access-control-allow-origin'], undefined);
  assert.is(reply.headers['access-control-allow-credentials'], undefined);
  assert.is(reply.headers['access-control-expose-headers'], undefined);
  assert.is(reply.headers['vary'], 'Origin');
});

listed('origins are compared exactly: case, trailing slash and port count', async () => {
  for (const origin of ['HTTP://LOCALHOST:5173', `${FRONT}/`, 'http://localhost:5174', 'http://localhost']) {
    const reply = await l.http.send('GET', '/api/things?action=ping', { headers: { origin } });
    assert.is(reply.headers['access-control-allow-origin'], undefined, origin);
  }
});

listed('a request without Origin gets no Allow-Origin, and Vary: Origin', async () => {
  const reply = await l.http.send('GET', '/api/things?action=ping');
  assert.is(reply.headers['access-control-allow-origin'], undefined);
  assert.is(reply.headers['vary'], 'Origin');
});

listed('a preflight from an allowed origin lists the configured methods (upper case) and headers (lower case)', async () => {
  const reply = await l.http.send('OPTIONS', '/api/things', { headers: preflightHeaders(FRONT, 'DELETE', 'X-Other') });
  assert.is(reply.status, 204);
  assert.is(reply.headers['access-control-allow-origin'], FRONT);
  assert.is(reply.headers['access-control-allow-credentials'], 'true');
  assert.is(reply.headers['access-control-allow-methods'], 'GET, POST', 'the list, not the method asked for');
  assert.is(reply.headers['access-control-allow-headers'], 'content-type, x-requested-with');
  assert.is(reply.headers['access-control-max-age'], '600');
  assert.is(reply.headers['vary'], 'Origin, Access-Control-Request-Method');
  assert.is(reply.headers['access-control-expose-headers'], undefined);
});

listed('a preflight from a disallowed origin is a bare 204 that varies on Origin and the method', async () => {
  const reply = await l.http.send('OPTIONS', '/api/things', { headers: preflightHeaders('https://evil.example', 'GET') });
  assert.is(reply.status, 204);
  assertNoCors(reply);
  assert.is(reply.headers['vary'], 'Origin, Access-Control-Request-Method');
});

listed('OPTIONS that is no preflight varies on the method header first, then Origin', async () => {
  const reply = await l.http.send('OPTIONS', '/api/things?action=ping', { headers: { origin: FRONT } });
  assert.is(reply.headers['vary'], 'Access-Control-Request-Method, Origin');
  assert.is(reply.headers['access-control-allow-origin'], FRONT);
});

// ---------------------------------------------------------------------------
const anyWithCredentials = suite('cors: * with supports_credentials');
const a = serve(anyWithCredentials, () => corsApp({ cors: { supports_credentials: true } }));

anyWithCredentials('echoes any origin instead of *, which browsers refuse with credentials', async () => {
  const reply = await a.http.send('GET', '/api/things?action=ping', { headers: { origin: 'https://anyone.example' } });
  assert.is(reply.headers['access-control-allow-origin'], 'https://anyone.example');
  assert.is(reply.headers['access-control-allow-credentials'], 'true');
  assert.is(reply.headers['vary'], 'Origin');
  const preflight = await a.http.send('OPTIONS', '/api/things', { headers: preflightHeaders('null', 'patch', 'authorization') });
  assert.is(preflight.headers['access-control-allow-origin'], 'null');
  assert.is(preflight.headers['access-control-allow-methods'], 'PATCH');
  assert.is(preflight.headers['access-control-allow-headers'], 'authorization');
  assert.is(preflight.headers['vary'], 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
});

// ---------------------------------------------------------------------------
const patterns = suite('cors: wildcard origins and allowed_origins_patterns');
const p = serve(patterns, () =>
  corsApp({
    cors: {
      allowed_origins: ['https://*.example.com'],
      allowed_origins_patterns: ['#^http://localhost:\\d+$#', /^https:\/\/preview-\d+\.example\.org$/g],
      max_age: null,
      exposed_headers: false,
    },
  }),
);

patterns('a * inside an allowed origin is a wildcard; patterns are PHP literals or RegExps', async () => {
  const allowed = ['https://app.example.com', 'https://a.b.example.com', 'http://localhost:8080', 'https://preview-12.example.org'];
  for (const origin of allowed) {
    const reply = await p.http.send('GET', '/api/things?action=ping', { headers: { origin } });
    assert.is(reply.headers['access-control-allow-origin'], origin, origin);
    assert.is(reply.headers['access-control-expose-headers'], undefined, `${origin}: exposed_headers false exposes nothing`);
    const predicted = await p.http.send('GET', '/api/things?action=ping', { headers: { origin, precognition: 'true' } });
    assert.is(predicted.headers['access-control-expose-headers'], PRECOGNITION, `${origin}: but a Precognition answer's headers`);
    assert.is(reply.headers['vary'], 'Origin', origin);
  }
});

patterns('a global (g) RegExp matches every time, not every other time', async () => {
  for (let i = 0; i < 3; i++) {
    const reply = await p.http.send('GET', '/api/things?action=ping', { headers: { origin: 'https://preview-7.example.org' } });
    assert.is(reply.headers['access-control-allow-origin'], 'https://preview-7.example.org', `request ${i}`);
  }
});

patterns('origins that only look alike are refused', async () => {
  const refused = [
    'https://example.com',
    'http://app.example.com',
    'https://app.example.com.evil.net',
    'https://evilexample.com',
    'http://localhost',
    'http://localhost:80x',
    'https://preview-1.example.org.evil.net',
  ];
  for (const origin of refused) {
    const reply = await p.http.send('GET', '/api/things?action=ping', { headers: { origin } });
    assert.is(reply.headers['access-control-allow-origin'], undefined, origin);
  }
});

patterns('max_age null sends no Access-Control-Max-Age', async () => {
  const reply = await p.http.send('OPTIONS', '/api/things', { headers: preflightHeaders('https://app.example.com', 'GET') });
  assert.is(reply.status, 204);
  assert.is(reply.headers['access-control-allow-origin'], 'https://app.example.com');
  assert.is(reply.headers['access-control-max-age'], undefined);
});

// ---------------------------------------------------------------------------
const catastrophic = suite('cors: origin patterns run in linear time');
const c = serve(catastrophic, () =>
  corsApp({
    cors: {
      allowed_origins: [],
      allowed_origins_patterns: ['#^https://([a-z0-9]+)*\\.example\\.org$#', /^https:\/\/([a-z0-9]+)*\.example\.net$/],
    },
  }),
);

catastrophic('a crafted origin (40 letters and "!") is refused at once by PHP-string and RegExp patterns alike', async () => {
  for (const origin of [`https://${'a'.repeat(40)}!`, `https://${'a'.repeat(500)}!`]) {
    const reply = await c.http.send('OPTIONS', '/api/things', { headers: preflightHeaders(origin, 'GET') });
    assert.is(reply.headers['access-control-allow-origin'], undefined, origin.slice(0, 20));
  }
  for (const origin of ['https://app.example.org', 'https://app.example.net']) {
    const reply = await c.http.send('OPTIONS', '/api/things', { headers: preflightHeaders(origin, 'GET') });
    assert.is(reply.headers['access-control-allow-origin'], origin);
  }
});

// ---------------------------------------------------------------------------
const paths = suite('cors: paths');
const pa = serve(paths, () => corsApp({ cors: { paths: ['/page/', 'api/thing*', 'http://127.0.0.1:*/api/other'] } }));

paths('each path is Str::is against the decoded path without slashes; URL patterns against the full URL', async () => {
  const cases: [string, boolean][] = [
    ['/page?action=ping', true],
    ['/api/things?action=ping', true],
    ['/api/thing', true],
    ['/api/%74hings?action=ping', true],
    ['/api/other', true],
    ['/api/others', false],
    ['/api/nothing', false],
    ['/api/%ff', false],
  ];
  for (const [path, cors] of cases) {
    const reply = await pa.http.send('GET', path, { headers: { origin: FRONT } });
    assert.is(reply.headers['access-control-allow-origin'], cors ? '*' : undefined, path);
  }
});

defaults.run();
off.run();
single.run();
listed.run();
anyWithCredentials.run();
patterns.run();
catastrophic.run();
paths.run();
