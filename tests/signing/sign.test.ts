/**
 * Signing: the URLs must be byte-for-byte those the host framework's
 * `URL::signedRoute()` / `URL::temporarySignedRoute()` produce, with
 * signatures checked against an HMAC computed here with node:crypto.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LogicException } from '../../src/errors/logic-exception.js';
import { UrlSigner } from '../../src/signing/url-signer.js';
import { signerKeysFromEnv } from '../../src/signing/keys.js';
import { phpKeyCompare } from '../../src/signing/php-query.js';
import { APP_KEY, APP_URL, NOW, NOW_MS, hmac, makeSigner } from './helpers.js';
import { thrown } from '../helpers/plain.js';

const laravel = suite('signing: vectors as the framework produces them');

laravel("URL::signedRoute('system', ['action' => 'echo']) with APP_KEY=base64:...", () => {
  // The framework signs with config('app.key') as written: the "base64:" string itself.
  const unsigned = 'http://127.0.0.1:3000/api/system?action=echo';
  const expected = `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`;
  assert.is(makeSigner().signedRoute('system', { action: 'echo' }), expected);
  assert.is(expected, 'http://127.0.0.1:3000/api/system?action=echo&signature=' + hmac(APP_KEY, unsigned));
});

laravel('the key is not base64-decoded (the framework does not decode it for URLs)', () => {
  const unsigned = 'http://127.0.0.1:3000/api/system?action=echo';
  const decoded = Buffer.from(APP_KEY.slice('base64:'.length), 'base64');
  const url = makeSigner().signedRoute('system', { action: 'echo' });
  assert.not.ok(url.endsWith(hmac(decoded, unsigned)));
  // Raw key bytes are still possible, by passing a Buffer.
  assert.ok(makeSigner({ key: decoded }).signedRoute('system', { action: 'echo' }).endsWith(hmac(decoded, unsigned)));
});

laravel("URL::temporarySignedRoute('system', now()->addMinutes(5), ['action' => 'status'])", () => {
  const unsigned = `http://127.0.0.1:3000/api/system?action=status&expires=${NOW + 300}`;
  const expected = `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`;
  const signer = makeSigner();
  assert.is(signer.temporarySignedRoute('system', 300, { action: 'status' }), expected);
  assert.is(signer.temporarySignedRoute('system', new Date(NOW_MS + 300_000), { action: 'status' }), expected);
  assert.is(signer.signedRoute('system', { action: 'status' }, { expiration: 300 }), expected);
});

laravel('the worked example of docs/signed-urls.md, as literal hex', () => {
  assert.is(
    makeSigner().temporarySignedRoute('system', 300, { action: 'status' }),
    'http://127.0.0.1:3000/api/system?action=status&expires=1700000300' +
      '&signature=054866ca65b6565888d4f93e7bb80c781e96e4272ed5b2c39d94cbd593a0dbff',
  );
  assert.is(
    makeSigner().signedRoute('system', { action: 'echo' }),
    'http://127.0.0.1:3000/api/system?action=echo' + '&signature=9b6b581d343e8028746907ca5f8345ad7c31287c57c0e3aa7dbe852918f17821',
  );
});

laravel('relative signing covers only /path?query', () => {
  const unsigned = '/api/system?action=echo';
  assert.is(
    makeSigner().signedRoute('system', { action: 'echo' }, { absolute: false }),
    `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`,
  );
  const temp = `/api/system?action=echo&expires=${NOW + 60}`;
  assert.is(
    makeSigner().temporarySignedRoute('system', 60, { action: 'echo' }, { absolute: false }),
    `${temp}&signature=${hmac(APP_KEY, temp)}`,
  );
});

laravel('no parameters: the signature is the only one', () => {
  const unsigned = 'http://127.0.0.1:3000/api/system';
  assert.is(makeSigner().signedRoute('system'), `${unsigned}?signature=${hmac(APP_KEY, unsigned)}`);
});

laravel('the root route signs the bare origin, as the framework trims the "/"', () => {
  const unsigned = 'http://127.0.0.1:3000?a=1';
  assert.is(makeSigner().signedRoute('home', { a: '1' }), `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`);
  assert.is(makeSigner().signedRoute('home', {}, { absolute: false }), `/?signature=${hmac(APP_KEY, '/')}`);
});

laravel('appUrl is normalised: host lower-cased, default port and trailing slash dropped', () => {
  const unsigned = 'http://example.com/api/system?action=echo';
  const url = makeSigner({ appUrl: 'http://EXAMPLE.com:80/' }).signedRoute('system', { action: 'echo' });
  assert.is(url, `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`);
});

// ---------------------------------------------------------------------------
const order = suite('signing: parameter order and encoding (ksort + http_build_query RFC 3986)');

order('parameters are sorted by name, expires among them, signature last', () => {
  const url = makeSigner().temporarySignedRoute('system', 10, { zeta: 'z', action: 'echo', b: '2', a: '1' });
  const unsigned = `http://127.0.0.1:3000/api/system?a=1&action=echo&b=2&expires=${NOW + 10}&zeta=z`;
  assert.is(url, `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`);
});

order('byte order: upper case before lower case, no locale', () => {
  const url = makeSigner().signedRoute('system', { b: '1', a: '1', B: '1', _: '1' });
  assert.ok(url.startsWith('http://127.0.0.1:3000/api/system?B=1&_=1&a=1&b=1&signature='));
});

order('numeric names compare as numbers, as PHP 8 ksort does', () => {
  const url = makeSigner().signedRoute('system', { '10.5': 'a', '9.5': 'b', a10: '1', a9: '2' }, { absolute: false });
  assert.ok(url.startsWith('/api/system?9.5=b&10.5=a&a10=1&a9=2&signature='));
  assert.ok(phpKeyCompare('1e1', '9') > 0);
  assert.ok(phpKeyCompare(' 2', '10') < 0);
  assert.ok(phpKeyCompare('é', 'z') > 0);
  assert.is(phpKeyCompare('1.0', '1e0'), 0);
});

order("values use rawurlencode: %20 for spaces, ~ kept, !*'() encoded, UTF-8", () => {
  const url = makeSigner().signedRoute('system', { q: "a b+c~d!*'()é&=/?#", 'x y': '1' }, { absolute: false });
  const unsigned = '/api/system?q=a%20b%2Bc~d%21%2A%27%28%29%C3%A9%26%3D%2F%3F%23&x%20y=1';
  assert.is(url, `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`);
});

order('nested lists and objects use encoded brackets; null skipped; booleans 1/0', () => {
  const url = makeSigner().signedRoute(
    'system',
    { filter: { status: 'open', tags: ['a', 'b'] }, none: null, gone: undefined, empty: [], yes: true, no: false, n: 1.5 },
    { absolute: false },
  );
  const unsigned = '/api/system?filter%5Bstatus%5D=open&filter%5Btags%5D%5B0%5D=a&filter%5Btags%5D%5B1%5D=b&n=1.5&no=0&yes=1';
  assert.is(url, `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`);
});

order('route paths are encoded as the framework encodes them', () => {
  const unsigned = '/api/my%20files?a=1';
  assert.is(makeSigner().signedRoute('spaced', { a: '1' }, { absolute: false }), `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`);
});

// ---------------------------------------------------------------------------
order('floats are written as PHP writes them (precision 14, 1.0E+21), so the signature matches the framework', () => {
  const cases: [number, string][] = [
    [1e21, '1.0E%2B21'],
    [1e-7, '1.0E-7'],
    [0.1 + 0.2, '0.3'],
    [1.5, '1.5'],
    [-2.25e-5, '-2.25E-5'],
    [123456789012345.6, '1.2345678901235E%2B14'],
    [0.0001, '0.0001'],
    [42, '42'],
  ];
  for (const [value, written] of cases) {
    const url = makeSigner().signedRoute('system', { n: value }, { absolute: false });
    assert.ok(url.startsWith(`/api/system?n=${written}&signature=`), `${value}: ${url}`);
  }
});

// ---------------------------------------------------------------------------
const positional = suite('signing: positional (integer-keyed) parameters, as the route URL generator appends them');

positional("URL::signedRoute('system', ['action' => 'status', 'param']): the bare value after the signature", () => {
  // Laravel 11.56.0's literal answer for this key and route.
  const url = makeSigner().signedRoute('system', { action: 'status', 0: 'param' });
  assert.is(
    url,
    'http://127.0.0.1:3000/api/system?action=status&signature=b2abea0bde69ee75b1595cb444f4e0386ba60f1d9504841b091e54b0623765cc&param',
  );
  // The HMAC covers the named parameters, then the bare values.
  assert.is(
    url,
    `http://127.0.0.1:3000/api/system?action=status&signature=${hmac(APP_KEY, 'http://127.0.0.1:3000/api/system?action=status&param')}&param`,
  );
});

positional('positions in numeric order after the named ones, expires among the named', () => {
  assert.is(
    makeSigner().temporarySignedRoute('system', 300, { 2: 'two', action: 'status', 0: 'zero' }),
    'http://127.0.0.1:3000/api/system?action=status&expires=1700000300&signature=4185a9bc2321d8398e64e8fd79fb6a5bcf43df7d677a71dd1ea40063485d8a99&zero&two',
  );
  assert.is(
    makeSigner().signedRoute('system', { action: 'status', '-1': 'neg' }, { absolute: false }),
    '/api/system?action=status&signature=60e8684fdf32a562cf225141f6ef400222e236f81903e3d9b8a6bdfa4aed30fc&neg',
  );
});

positional(
  'values as PHP implodes them into the URL: encoded as the whole URL is, true 1, false and null empty, trailing & trimmed',
  () => {
    const params = ['a b', 'é', 'x=y&z', 'q?', 5, 1.5, true, false, null, ''];
    assert.is(
      makeSigner().signedRoute('system', Object.fromEntries(params.map((value, i) => [i, value])), { absolute: false }),
      '/api/system?signature=7c987e39c044f65d74ba8e0d628d9fcbaec3a247bda0f6038a5774694feeec5e&a%20b&%C3%A9&x=y&z&q?&5&1.5&1',
    );
  },
);

positional(
  'a value with no bare form (list, object), a "#" (it would start a fragment) or a "%" (it stays bare, so the query would not decode) is a LogicException',
  () => {
    for (const value of [['x'], { a: 1 }, 'a#b', '100%', '%41']) {
      const error = thrown(() => makeSigner().signedRoute('system', { action: 'status', 0: value }));
      assert.instance(error, LogicException);
    }
  },
);

const errors = suite('signing: programming errors are LogicExceptions');

errors('"signature" and "expires" are reserved parameter names', () => {
  for (const name of ['signature', 'expires']) {
    const error = thrown(() => makeSigner().signedRoute('system', { [name]: 'x' }));
    assert.instance(error, LogicException);
    assert.match((error as Error).message, `"${name}" is a reserved parameter`);
  }
});

errors('unknown route, no resolver, no appUrl for an absolute URL', () => {
  assert.instance(
    thrown(() => makeSigner().signedRoute('nope')),
    LogicException,
  );
  assert.instance(
    thrown(() => new UrlSigner({ key: APP_KEY, appUrl: APP_URL }).signedRoute('system')),
    LogicException,
  );
  const noUrl = new UrlSigner({ key: APP_KEY }, () => '/api/system');
  assert.instance(
    thrown(() => noUrl.signedRoute('system')),
    LogicException,
  );
  assert.ok(noUrl.signedRoute('system', {}, { absolute: false }).startsWith('/api/system?signature='));
});

errors('bad options: empty key, appUrl with a path, bad maximum lifetime', () => {
  assert.instance(
    thrown(() => new UrlSigner({ key: '' })),
    LogicException,
  );
  assert.instance(
    thrown(() => new UrlSigner({ key: 'k', previousKeys: [''] })),
    LogicException,
  );
  assert.instance(
    thrown(() => new UrlSigner({ key: 'k', appUrl: 'http://h/app' })),
    LogicException,
  );
  assert.instance(
    thrown(() => new UrlSigner({ key: 'k', appUrl: 'ftp://h' })),
    LogicException,
  );
  assert.instance(
    thrown(() => new UrlSigner({ key: 'k', maxLifetimeSeconds: 0 })),
    LogicException,
  );
  assert.instance(
    thrown(() => new UrlSigner({ key: 'k', maxLifetimeSeconds: 1.5 })),
    LogicException,
  );
});

errors('values that have no query form are refused', () => {
  assert.instance(
    thrown(() => makeSigner().signedRoute('system', { d: new Date() as never })),
    LogicException,
  );
  assert.instance(
    thrown(() => makeSigner().signedRoute('system', { n: Number.NaN })),
    LogicException,
  );
  assert.instance(
    thrown(() => makeSigner().temporarySignedRoute('system', Number.NaN)),
    LogicException,
  );
});

errors('a temporary URL longer than maxLifetimeSeconds cannot be signed', () => {
  const signer = makeSigner({ maxLifetimeSeconds: 600 });
  assert.ok(signer.temporarySignedRoute('system', 600).includes(`expires=${NOW + 600}`));
  const error = thrown(() => signer.temporarySignedRoute('system', 601));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, 'at most 600 seconds');
  assert.instance(
    thrown(() => signer.temporarySignedRoute('system', new Date(NOW_MS + 3_600_000))),
    LogicException,
  );
});

// ---------------------------------------------------------------------------
const urls = suite('signing: URLs that are not named routes');

urls('a path uses appUrl; absolute: false keeps it relative', () => {
  const unsigned = 'http://127.0.0.1:3000/api/system?action=echo';
  assert.is(makeSigner().signedUrl('/api/system', { action: 'echo' }), `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`);
  const relative = '/api/system?action=echo';
  assert.is(
    makeSigner().signedUrl('/api/system', { action: 'echo' }, { absolute: false }),
    `${relative}&signature=${hmac(APP_KEY, relative)}`,
  );
});

urls('an absolute URL brings its own root', () => {
  const unsigned = `https://files.example.com/download?expires=${NOW + 60}&id=7`;
  assert.is(
    makeSigner().temporarySignedUrl('https://files.example.com/download', 60, { id: 7 }),
    `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`,
  );
});

urls('URLs with a query, fragment, credentials or another scheme are refused', () => {
  for (const url of ['/a?b=1', '/a#x', 'http://h/a?b=1', 'http://h/a?', 'http://u:p@h/a', 'ftp://h/a', 'a/b', '//h/a']) {
    assert.instance(
      thrown(() => makeSigner().signedUrl(url)),
      LogicException,
      url,
    );
  }
});

// ---------------------------------------------------------------------------
const env = suite('signerKeysFromEnv');

env('reads APP_KEY verbatim, APP_PREVIOUS_KEYS split on commas, APP_URL', () => {
  assert.equal(signerKeysFromEnv({ APP_KEY, APP_PREVIOUS_KEYS: 'base64:old1,,old2', APP_URL }), {
    key: APP_KEY,
    previousKeys: ['base64:old1', 'old2'],
    appUrl: APP_URL,
  });
  assert.equal(signerKeysFromEnv({ APP_KEY: 'k' }), { key: 'k', previousKeys: [] });
});

env('a missing or empty APP_KEY is a LogicException', () => {
  assert.instance(
    thrown(() => signerKeysFromEnv({})),
    LogicException,
  );
  assert.instance(
    thrown(() => signerKeysFromEnv({ APP_KEY: '' })),
    LogicException,
  );
});

laravel.run();
order.run();
positional.run();
errors.run();
urls.run();
env.run();
