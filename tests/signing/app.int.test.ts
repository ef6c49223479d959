/**
 * Signed URLs through a whole application over a socket: `app.urlSigner`
 * signs named routes in the host framework's scheme (checked here against an
 * HMAC computed independently with node:crypto, keyed with the `app_key`
 * string as written), the `signed` / `signed:relative` route middleware lets
 * valid URLs through and answers 403 for everything else, the body can never
 * change a signed action, previous keys still verify, and misconfigurations
 * (body selection, no key) are LogicExceptions.
 */
import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, LogicException, type SwitchyardOptions } from '../../src/index.js';
import type { Router } from '../../src/routing/router.js';
import { SystemController } from '../../examples/system/system-controller.js';
import type { Reply } from '../helpers/http.js';
import { freePort, serve, startOn } from '../helpers/apps.js';

const key = (c: string) => 'base64:' + Buffer.from(c.repeat(32)).toString('base64');
/** The current key, as `php artisan key:generate` would write it. */
const KEY = key('k');
/** A key from before a rotation, listed in `previous_keys`. */
const OLD = key('o');
/** A key the application never knew. */
const STRANGER = key('x');

/** Lower-case hex HMAC-SHA256 of `text`, keyed with the UTF-8 bytes of `secret` (not base64-decoded). */
function hmac(secret: string | Buffer, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** `url` without its trailing `&signature=...` / `?signature=...`, and the signature. */
function split(url: string): { unsigned: string; signature: string } {
  const match = /^(.*)[?&]signature=([^&]*)$/.exec(url);
  assert.ok(match, `signature is the last parameter of ${url}`);
  return { unsigned: match![1]!, signature: match![2]! };
}

function assertInvalid(reply: Reply, label = ''): void {
  assert.is(reply.status, 403, `${label} status (body: ${reply.text})`);
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/, `${label} content-type`);
  assert.equal(reply.body, { message: 'Invalid signature.' }, label);
}

function assertStatusOk(reply: Reply, label = ''): void {
  assert.is(reply.status, 200, `${label} status (body: ${reply.text})`);
  assert.equal(reply.body, { status: 'ok' }, label);
}

const reported: unknown[] = [];

function routes(router: Router): void {
  router.svc('/system', SystemController, ['GET', 'POST']).name('system').middleware('signed');
  router.svc('/relative', SystemController, ['GET', 'POST']).name('relative').middleware('signed:relative');
  router.svc('/open', SystemController, ['GET', 'POST']).name('open');
}

let base = '';
let port = 0;
let app: Application;

const signed = suite('signed URLs through an application');
const s = serve(
  signed,
  async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = new Application({
      app_key: KEY,
      previous_keys: [OLD],
      app_url: base,
      report: (e) => void reported.push(e),
    }).withRouting({ api: routes });
    return app;
  },
  () => port,
);

/** Sends to an absolute URL of this server (or a path). */
function send(method: string, url: string, options: Parameters<typeof s.http.send>[2] = {}): Promise<Reply> {
  const path = url.startsWith(base) ? url.slice(base.length) : url;
  assert.ok(path.startsWith('/'), `a URL of this server: ${url}`);
  return s.http.send(method, path, options);
}

signed.after.each(() => {
  assert.equal(reported, [], 'no signature failure is a server error');
});

signed('signedRoute: the exact URL, signed with HMAC-SHA256 keyed by the app_key string as written', async () => {
  const url = app.urlSigner.signedRoute('system', { action: 'status' });
  const unsigned = `${base}/api/system?action=status`;
  const expected = hmac(KEY, unsigned);
  assert.is(url, `${unsigned}&signature=${expected}`);
  const decoded = Buffer.from(KEY.slice('base64:'.length), 'base64');
  assert.is(decoded.length, 32);
  assert.is.not(split(url).signature, hmac(decoded, unsigned), 'the key is not base64-decoded');
  assertStatusOk(await send('GET', url));
});

signed('parameters are sorted by name before signing', async () => {
  const url = app.urlSigner.signedRoute('system', { ref: 'mail', action: 'status', note: 'hi there' });
  const unsigned = `${base}/api/system?action=status&note=hi%20there&ref=mail`;
  assert.is(url, `${unsigned}&signature=${hmac(KEY, unsigned)}`);
  assertStatusOk(await send('GET', url));
});

signed(
  'positional parameters: the bare value after the signature, and the URL verifies over HTTP (Laravel UrlSigningTest::testSignedUrlWithNullParameter)',
  async () => {
    const url = app.urlSigner.signedRoute('system', { action: 'status', 0: 'param' });
    const unsigned = `${base}/api/system?action=status&param`;
    assert.is(url, `${base}/api/system?action=status&signature=${hmac(KEY, unsigned)}&param`);
    assertStatusOk(await send('GET', url));
    assertInvalid(await send('GET', url.replace(/&param$/, '&other')), 'another bare value');
    assertInvalid(await send('GET', url.replace(/&param$/, '')), 'the bare value removed');
    const odd = app.urlSigner.signedRoute('system', { action: 'status', 0: 'x=y&z', 1: 'a b', 2: 'é' });
    assert.ok(odd.endsWith('&x=y&z&a%20b&%C3%A9'), odd);
    assertStatusOk(await send('GET', odd), 'bare = and &, encoded space and UTF-8');
  },
);

signed('the signed route refuses unsigned requests; an unsigned route does not need one', async () => {
  assertInvalid(await send('GET', '/api/system?action=status'));
  assertInvalid(await send('POST', '/api/system?action=echo', { json: { message: 'hi' } }));
  assertStatusOk(await send('GET', '/api/open?action=status'));
});

signed('a missing, altered, added, removed or reordered parameter: 403 Invalid signature.', async () => {
  const url = app.urlSigner.signedRoute('system', { action: 'status', ref: 'mail', note: 'hi there' });
  assertStatusOk(await send('GET', url), 'untouched');
  const { unsigned, signature } = split(url);
  const tampered: Record<string, string> = {
    'signature removed': unsigned,
    'empty signature': `${unsigned}&signature=`,
    'value altered': url.replace('ref=mail', 'ref=spam'),
    'action altered': url.replace('action=status', 'action=echo'),
    'parameter added at the end': `${url}&admin=1`,
    'parameter added before the signature': url.replace('&signature=', '&admin=1&signature='),
    'parameter removed': url.replace('ref=mail&', ''),
    'parameters reordered': `${base}/api/system?ref=mail&action=status&note=hi%20there&signature=${signature}`,
    're-encoded (+ for %20)': url.replace('hi%20there', 'hi+there'),
    'moved to another signed route': url.replace('/api/system?', '/api/relative?'),
  };
  for (const [label, bad] of Object.entries(tampered)) {
    assertInvalid(await send('GET', bad), label);
  }
});

signed('the signature is checked before the action lookup: no action or an unknown one is a 403, not a 404', async () => {
  // As in the host framework, where route middleware runs before the controller:
  // a caller without a valid signature must not learn which action names exist.
  const url = app.urlSigner.signedRoute('system', { action: 'status' });
  const { signature } = split(url);
  for (const [label, bad] of [
    ['no query at all', '/api/system'],
    ['action removed from a signed URL', `${base}/api/system?signature=${signature}`],
    ['action altered to an unknown name', url.replace('action=status', 'action=nope')],
    ['action altered to a list', url.replace('action=status', 'action[]=status')],
    ['unknown action, unsigned', '/api/system?action=nope'],
  ] as const) {
    assertInvalid(await send('GET', bad), label);
  }
});

signed('an altered signature: 403 (one flipped digit, upper case, doubled, truncated, as a list)', async () => {
  const url = app.urlSigner.signedRoute('system', { action: 'status' });
  const { unsigned, signature } = split(url);
  const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
  for (const [label, bad] of [
    ['flipped', `${unsigned}&signature=${flipped}`],
    ['upper case', `${unsigned}&signature=${signature.toUpperCase()}`],
    ['doubled', `${url}&signature=${signature}`],
    ['truncated', `${unsigned}&signature=${signature.slice(0, 63)}`],
    ['as a list', `${unsigned}&signature[]=${signature}`],
    ['signed with an unknown key', `${unsigned}&signature=${hmac(STRANGER, unsigned)}`],
    ['signed relative', `${unsigned}&signature=${hmac(KEY, '/api/system?action=status')}`],
  ] as const) {
    assertInvalid(await send('GET', bad), label);
  }
});

signed('an absolute signature covers the host: another Host header is refused', async () => {
  const url = app.urlSigner.signedRoute('system', { action: 'status' });
  assertInvalid(await send('GET', url, { headers: { host: 'evil.example' } }), 'other host');
  assertInvalid(await send('GET', url, { headers: { host: `localhost:${port}` } }), 'other name, same port');
  assertStatusOk(await send('GET', url, { headers: { host: `127.0.0.1:${port}` } }), 'the same host');
});

signed('temporarySignedRoute: expires is signed and the URL works until then', async () => {
  const before = Math.floor(Date.now() / 1000);
  const url = app.urlSigner.temporarySignedRoute('system', 60, { action: 'status' });
  const after = Math.floor(Date.now() / 1000);
  const match = /^(.*\/api\/system\?action=status&expires=(\d+))&signature=([0-9a-f]{64})$/.exec(url);
  assert.ok(match, url);
  const expires = Number(match![2]);
  assert.ok(expires >= before + 60 && expires <= after + 60, `expires ${expires} is now + 60`);
  assert.is(match![3], hmac(KEY, match![1]!));
  assertStatusOk(await send('GET', url));
  assertInvalid(await send('GET', url.replace(`expires=${expires}`, `expires=${expires + 3600}`)), 'extended expiry');
  assertInvalid(await send('GET', url.replace(`expires=${expires}&`, '')), 'expiry removed');
});

signed('an expired temporary URL: 403', async () => {
  const past = app.urlSigner.temporarySignedRoute('system', -60, { action: 'status' });
  assertInvalid(await send('GET', past), 'seconds in the past');
  const date = app.urlSigner.temporarySignedRoute('system', new Date(Date.now() - 5_000), { action: 'status' });
  assertInvalid(await send('GET', date), 'a past Date');
  // Correctly signed by hand, expired: the signature is right, the time is not.
  const unsigned = `${base}/api/system?action=status&expires=${Math.floor(Date.now() / 1000) - 2}`;
  assertInvalid(await send('GET', `${unsigned}&signature=${hmac(KEY, unsigned)}`), 'signed by hand');
});

signed('signed:relative accepts a relative signature whatever the Host header says', async () => {
  const url = app.urlSigner.signedRoute('relative', { action: 'status' }, { absolute: false });
  const unsigned = '/api/relative?action=status';
  assert.is(url, `${unsigned}&signature=${hmac(KEY, unsigned)}`);
  assertStatusOk(await send('GET', url), 'own host');
  assertStatusOk(await send('GET', url, { headers: { host: 'other.example:8443' } }), 'another host');
  const temporary = app.urlSigner.temporarySignedRoute('relative', 60, { action: 'status' }, { absolute: false });
  assertStatusOk(await send('GET', temporary, { headers: { host: 'other.example' } }), 'temporary, another host');
});

signed('signed:relative refuses absolute signatures and tampering; signed refuses relative ones', async () => {
  const absolute = app.urlSigner.signedRoute('relative', { action: 'status' });
  assertInvalid(await send('GET', absolute), 'absolute signature on a relative route');
  const relative = app.urlSigner.signedRoute('relative', { action: 'status' }, { absolute: false });
  assertInvalid(await send('GET', `${relative}&x=1`), 'added parameter');
  assertInvalid(await send('GET', relative.replace('action=status', 'action=echo')), 'altered action');
  const onSystem = app.urlSigner.signedRoute('system', { action: 'status' }, { absolute: false });
  assertInvalid(await send('GET', onSystem), 'relative signature on an absolute route');
});

signed('the body cannot change a signed action: POST {"action":"echo"} to the status URL is a 405', async () => {
  const url = app.urlSigner.signedRoute('system', { action: 'status' });
  const json = await send('POST', url, { json: { action: 'echo', message: 'hi' } });
  assert.is(json.status, 405, json.text);
  assert.is(json.headers['allow'], 'GET, HEAD');
  assert.type(json.body?.message, 'string');
  assert.is.not(json.body.message, 'hi');
  const form = await send('POST', url, { form: 'action=echo&message=hi' });
  assert.is(form.status, 405, form.text);
});

signed('a URL signed for echo runs echo; its body is ordinary (unsigned) input', async () => {
  const url = app.urlSigner.signedRoute('system', { action: 'echo' });
  assert.is(url, `${base}/api/system?action=echo&signature=${hmac(KEY, `${base}/api/system?action=echo`)}`);
  const reply = await send('POST', url, { json: { message: 'hi' } });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'hi' });
  const invalid = await send('POST', url, { json: {} });
  assert.is(invalid.status, 422);
  assert.is(invalid.body.message, 'The message field is required.');
});

signed('key rotation: a URL signed with a previous key verifies; new URLs use the current key', async () => {
  const unsigned = `${base}/api/system?action=status`;
  assertStatusOk(await send('GET', `${unsigned}&signature=${hmac(OLD, unsigned)}`), 'old key');
  assertInvalid(await send('GET', `${unsigned}&signature=${hmac(STRANGER, unsigned)}`), 'unknown key');
  assert.is(split(app.urlSigner.signedRoute('system', { action: 'status' })).signature, hmac(KEY, unsigned));
  const relative = '/api/relative?action=status';
  assertStatusOk(await send('GET', `${relative}&signature=${hmac(OLD, relative)}`), 'old key, relative');
});

signed.run();

// ---------------------------------------------------------------------------
const misconfigured = suite('signed URLs: misconfiguration');

/**
 * Registers routes for `options`; reports where a LogicException appeared:
 * while registering, at `app.boot()`, or nowhere.
 */
function failure(options: SwitchyardOptions, define: (router: Router) => void, configure: (app: Application) => void = () => {}) {
  let app: Application;
  try {
    app = new Application({ report: () => {}, ...options });
    configure(app);
    app.withRouting({ api: define });
  } catch (error) {
    return { stage: 'registration', error };
  }
  try {
    app.boot();
  } catch (error) {
    return { stage: 'boot', error, app };
  }
  return { stage: 'none', error: undefined, app };
}

function assertSourceError(result: { stage: string; error: unknown }, stage: string, source: string, label: string): void {
  assert.is(result.stage, stage, `${label}: the LogicException comes at ${stage}`);
  assert.instance(result.error, LogicException, label);
  const message = (result.error as Error).message;
  assert.match(message, 'action_source', label);
  assert.match(message, `"${source}"`, label);
  assert.match(message, '/api/system', label);
}

misconfigured('action_source body/both with .middleware("signed"): a LogicException naming action_source, at boot', () => {
  for (const source of ['body', 'both'] as const) {
    for (const spec of ['signed', 'signed:relative']) {
      const result = failure({ action_source: source, app_key: KEY }, (router) => {
        router.svc('/system', SystemController, ['GET', 'POST']).name('system').middleware(spec);
      });
      assertSourceError(result, 'boot', source, `${source} + ${spec}`);
    }
  }
});

misconfigured('signed through a group or global middleware with body selection: a LogicException at boot', () => {
  const grouped = failure(
    { action_source: 'body', app_key: KEY },
    (router) => void router.svc('/system', SystemController, ['GET', 'POST']).middleware('secure'),
    (app) => void app.middlewareGroup('secure', ['signed']),
  );
  assertSourceError(grouped, 'boot', 'body', 'group');
  const global = failure(
    { action_source: 'both', app_key: KEY },
    (router) => void router.svc('/system', SystemController, ['GET', 'POST']),
    (app) => void app.use('signed:relative'),
  );
  assertSourceError(global, 'boot', 'both', 'global');
});

misconfigured('body selection without signed routes boots; query selection with signed routes boots', () => {
  const plain = failure({ action_source: 'body', app_key: KEY }, (router) => void router.svc('/system', SystemController, ['GET', 'POST']));
  assert.is(plain.stage, 'none');
  const query = failure({ app_key: KEY }, (router) => void router.svc('/system', SystemController, ['GET', 'POST']).middleware('signed'));
  assert.is(query.stage, 'none');
});

misconfigured('no app_key and no APP_KEY: a signed route is a LogicException at boot naming APP_KEY', async () => {
  const saved = process.env.APP_KEY;
  delete process.env.APP_KEY;
  try {
    const result = failure({ app_url: 'http://127.0.0.1:3000' }, (router) => {
      router.svc('/system', SystemController, ['GET', 'POST']).name('system').middleware('signed');
    });
    assert.is(result.stage, 'boot');
    assert.instance(result.error, LogicException);
    assert.match((result.error as Error).message, 'APP_KEY');

    // The usual entry point fails the same way, before serving anything.
    const fresh = new Application({ app_url: 'http://127.0.0.1:3000', report: () => {} }).withRouting({
      api: (router) => void router.svc('/system', SystemController, ['GET', 'POST']).middleware('signed'),
    });
    let listenError: unknown;
    try {
      await fresh.listen(0, '127.0.0.1');
    } catch (error) {
      listenError = error;
    } finally {
      await fresh.close();
    }
    assert.instance(listenError, LogicException);
    assert.match((listenError as Error).message, 'APP_KEY');

    // Signing without a key says the same.
    let signError: unknown;
    try {
      fresh.urlSigner.signedRoute('system', { action: 'status' });
    } catch (error) {
      signError = error;
    }
    assert.instance(signError, LogicException);
    assert.match((signError as Error).message, 'APP_KEY');
  } finally {
    if (saved === undefined) delete process.env.APP_KEY;
    else process.env.APP_KEY = saved;
  }
});

misconfigured('a failed boot stays failed: listen() after it throws again instead of serving', async () => {
  const saved = process.env.APP_KEY;
  delete process.env.APP_KEY;
  const broken = new Application({ report: () => {} }).withRouting({
    api: (router) => void router.svc('/system', SystemController, ['GET', 'POST']).middleware('signed'),
  });
  try {
    let first: unknown;
    try {
      broken.boot();
    } catch (error) {
      first = error;
    }
    assert.instance(first, LogicException, 'the first boot fails');
    let second: unknown;
    try {
      await broken.listen(0, '127.0.0.1');
    } catch (error) {
      second = error;
    }
    assert.instance(second, LogicException, 'a second attempt must not serve a misconfigured app');
    assert.match((second as Error).message, 'APP_KEY');
  } finally {
    await broken.close();
    if (saved === undefined) delete process.env.APP_KEY;
    else process.env.APP_KEY = saved;
  }
});

misconfigured('no key at all is fine for an app without signed routes', async () => {
  const saved = process.env.APP_KEY;
  delete process.env.APP_KEY;
  try {
    const p = await freePort();
    const open = new Application({ report: () => {} }).withRouting({
      api: (router) => void router.svc('/system', SystemController, ['GET', 'POST']),
    });
    const client = await startOn(open, p);
    try {
      const reply = await client.send('GET', '/api/system?action=status');
      assertStatusOk(reply);
    } finally {
      await client.close();
    }
  } finally {
    if (saved === undefined) delete process.env.APP_KEY;
    else process.env.APP_KEY = saved;
  }
});

misconfigured('APP_KEY from the environment signs and verifies when app_key is not given', async () => {
  const saved = process.env.APP_KEY;
  process.env.APP_KEY = KEY;
  try {
    const p = await freePort();
    const root = `http://127.0.0.1:${p}`;
    const fromEnv = new Application({ app_url: root, previous_keys: [], report: () => {} }).withRouting({ api: routes });
    const client = await startOn(fromEnv, p);
    try {
      const url = fromEnv.urlSigner.signedRoute('system', { action: 'status' });
      assert.is(url, `${root}/api/system?action=status&signature=${hmac(KEY, `${root}/api/system?action=status`)}`);
      assertStatusOk(await client.send('GET', url.slice(root.length)));
      const unsigned = `${root}/api/system?action=status`;
      assertInvalid(await client.send('GET', `/api/system?action=status&signature=${hmac(OLD, unsigned)}`), 'no previous keys');
    } finally {
      await client.close();
    }
  } finally {
    if (saved === undefined) delete process.env.APP_KEY;
    else process.env.APP_KEY = saved;
  }
});

misconfigured('no app_url or APP_URL: app.urlSigner signs relative URLs; absolute ones need the URL', async () => {
  const saved = process.env.APP_URL;
  delete process.env.APP_URL;
  try {
    const p = await freePort();
    const noUrl = new Application({ app_key: KEY, report: () => {} }).withRouting({ api: routes });
    const client = await startOn(noUrl, p);
    try {
      const url = noUrl.urlSigner.signedRoute('relative', { action: 'status' }, { absolute: false });
      assert.is(url, `/api/relative?action=status&signature=${hmac(KEY, '/api/relative?action=status')}`);
      assertStatusOk(await client.send('GET', url), 'permanent');
      const temporary = noUrl.urlSigner.temporarySignedRoute('relative', 60, { action: 'status' }, { absolute: false });
      assertStatusOk(await client.send('GET', temporary), 'temporary');
      assertInvalid(await client.send('GET', url.replace('action=status', 'action=echo')), 'tampered');
      assert.throws(
        () => noUrl.urlSigner.signedRoute('system', { action: 'status' }),
        (error: unknown) => error instanceof LogicException && /appUrl/.test(error.message),
      );
    } finally {
      await client.close();
    }
  } finally {
    if (saved !== undefined) process.env.APP_URL = saved;
  }
});

misconfigured.run();
