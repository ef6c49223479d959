/**
 * Verification: a signed URL is accepted exactly as signed (raw query,
 * order and encoding included), under the current or a previous key, until
 * its `expires` second; anything else is refused.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { APP_KEY, APP_URL, NOW, NOW_MS, hmac, makeSigner, queryOf, requestFor, withQuery } from './helpers.js';
import { assertLinear } from '../helpers/growth.js';

const signer = makeSigner();
const signed = signer.signedRoute('system', { action: 'echo', message: 'hi there' });
const sig = new URLSearchParams(queryOf(signed)).get('signature')!;
const valid = (url: string, options = {}, s = signer, request = {}) => s.hasValidSignature(requestFor(url, request), options);

const basics = suite('verify: the signature itself');

basics('the URL as signed is valid', () => {
  assert.ok(valid(signed));
});

basics('a URL signed independently with node:crypto is valid (the framework side)', () => {
  const unsigned = `${APP_URL}/api/system?action=status`;
  assert.ok(valid(`${unsigned}&signature=${hmac(APP_KEY, unsigned)}`));
});

basics('a plain object with the path and host as strings verifies as the request does', () => {
  const spaced = signer.signedRoute('spaced', { a: 'hello world' });
  for (const url of [signed, spaced]) {
    const [, path, rawQuery] = /^https?:\/\/[^/]+([^?]*)\?(.*)$/.exec(url)!;
    const params = new URLSearchParams(rawQuery);
    const plain = {
      path: path!,
      rawQuery: rawQuery!,
      header: (name: string) => (name === 'host' ? '127.0.0.1:3000' : undefined),
      query: (key: string) => params.get(key) ?? undefined,
      raw: { socket: {} },
      scheme: 'http',
      host: '127.0.0.1:3000',
    };
    assert.ok(signer.hasValidSignature(plain), url);
    assert.not.ok(signer.hasValidSignature({ ...plain, path: `${path}x` }), 'another path');
  }
});

basics('the signature may stand anywhere in the query', () => {
  assert.ok(valid(withQuery(signed, `signature=${sig}&action=echo&message=hi%20there`)));
});

basics('missing, empty, wrong or upper-case signature is invalid', () => {
  assert.not.ok(valid(withQuery(signed, 'action=echo&message=hi%20there')));
  assert.not.ok(valid(withQuery(signed, 'action=echo&message=hi%20there&signature=')));
  const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
  assert.not.ok(valid(withQuery(signed, `action=echo&message=hi%20there&signature=${flipped}`)));
  assert.ok(/[a-f]/.test(sig));
  assert.not.ok(valid(withQuery(signed, `action=echo&message=hi%20there&signature=${sig.toUpperCase()}`)));
  assert.not.ok(valid(withQuery(signed, `action=echo&message=hi%20there&signature=${sig}0`)));
});

basics('signature given twice, as a list or as an object is invalid', () => {
  const q = 'action=echo&message=hi%20there';
  assert.not.ok(valid(withQuery(signed, `${q}&signature=${sig}&signature=${sig}`)));
  assert.not.ok(valid(withQuery(signed, `${q}&signature[]=${sig}`)));
  assert.not.ok(valid(withQuery(signed, `${q}&signature%5B%5D=${sig}`)));
  assert.not.ok(valid(withQuery(signed, `${q}&signature[a]=${sig}`)));
});

basics('any parameter changed, added, removed or reordered makes it invalid', () => {
  const s = `signature=${sig}`;
  for (const query of [
    `action=echo&message=hi%20thera&${s}`, // changed
    `action=status&message=hi%20there&${s}`, // changed action
    `action=echo&message=hi+there&${s}`, // same value, other encoding
    `action=echo&message=hi%20there&x=1&${s}`, // added
    `x=1&action=echo&message=hi%20there&${s}`, // added first
    `action=echo&message=hi%20there&action=status&${s}`, // repeated
    `action=echo&${s}`, // removed
    `message=hi%20there&action=echo&${s}`, // reordered
    `action=echo&&message=hi%20there&${s}`, // empty part added
  ]) {
    assert.not.ok(valid(withQuery(signed, query)), query);
  }
});

basics('the path and host are covered; a trailing slash is not', () => {
  assert.not.ok(valid(signed.replace('/api/system', '/api/other')));
  assert.not.ok(valid(signed.replace('/api/system', '/API/system')));
  assert.not.ok(valid(signed, {}, signer, { host: 'evil.example' }));
  assert.not.ok(valid(signed, {}, signer, { host: '127.0.0.1:3001' }));
  assert.not.ok(valid(signed, {}, signer, { host: null }));
  assert.not.ok(valid(signed, {}, signer, { host: '127.0.0.1:3000/x' }));
  assert.ok(valid(signed.replace('/api/system', '/api/system/')));
});

basics('host case and default port do not matter', () => {
  const s = makeSigner({ appUrl: 'http://example.com' });
  const url = s.signedRoute('system', { action: 'echo' });
  assert.ok(valid(url, {}, s, { host: 'EXAMPLE.com:80' }));
  assert.ok(valid(url, {}, s, { host: 'example.com' }));
});

basics('a malformed query is invalid, not an error, even when its HMAC matches', () => {
  const unsigned = `${APP_URL}/api/system?action=%E0%A4%A`;
  const url = `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`;
  assert.not.ok(signer.hasCorrectSignature(requestFor(url)));
  assert.not.ok(signer.signatureHasNotExpired(requestFor(url)));
  assert.not.ok(valid(url));
});

// ---------------------------------------------------------------------------
const scheme = suite('verify: absolute and relative');

scheme('an absolute signature fails the relative check, and the reverse', () => {
  const relative = signer.signedRoute('system', { action: 'echo' }, { absolute: false });
  assert.ok(valid(relative, { absolute: false }));
  assert.not.ok(valid(relative));
  assert.not.ok(valid(signed, { absolute: false }));
});

scheme('a relative signature ignores the host', () => {
  const relative = signer.signedRoute('system', { action: 'echo' }, { absolute: false });
  assert.ok(valid(relative, { absolute: false }, signer, { host: 'anything.example' }));
  assert.ok(valid(relative, { absolute: false }, signer, { host: null }));
});

scheme('https only on a TLS socket', () => {
  const s = makeSigner({ appUrl: 'https://example.com' });
  const url = s.signedRoute('system', { action: 'echo' });
  assert.ok(valid(url, {}, s, { encrypted: true }));
  assert.not.ok(valid(url, {}, s, { encrypted: false }));
});

scheme('X-Forwarded-Proto/Host count only from a trusted proxy (trust_proxy)', () => {
  const s = makeSigner({ appUrl: 'https://example.com' });
  const url = s.signedRoute('system', { action: 'echo' });
  const forwarded = { host: '10.0.0.5:8080', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'example.com' } };
  assert.not.ok(valid(url, {}, s, forwarded));
  assert.ok(valid(url, {}, s, { ...forwarded, config: { trust_proxy: ['127.0.0.1'] } }));
  assert.not.ok(valid(url, {}, s, { ...forwarded, config: { trust_proxy: ['10.9.9.9'] } }));
});

scheme('urlRoot overrides the request root', () => {
  const s = makeSigner({ appUrl: 'https://example.com', urlRoot: () => 'https://example.com' });
  const url = s.signedRoute('system', { action: 'echo' });
  assert.ok(valid(url, {}, s, { host: 'internal:9000' }));
  const refuse = makeSigner({ appUrl: 'https://example.com', urlRoot: () => undefined });
  assert.not.ok(valid(url, {}, refuse));
});

scheme('ignored names (raw, as sent) are left out of the check', () => {
  const url = `${signed}&utm_source=mail&fbclid=1`;
  assert.not.ok(valid(url));
  assert.not.ok(valid(url, { ignore: ['utm_source'] }));
  assert.ok(valid(url, { ignore: ['utm_source', 'fbclid'] }));
  assert.ok(valid(url, { ignore: (name: string) => name === 'fbclid' || name.startsWith('utm_') }));
  // Ignoring a signed name drops it from the check too: the signature no longer matches.
  assert.not.ok(valid(signed, { ignore: ['action'] }));
});

// ---------------------------------------------------------------------------
const expiry = suite('verify: expiry and maximum lifetime');

const at = (ms: number, options = {}) => makeSigner({ now: () => ms, ...options });

expiry('valid up to and including the expires second', () => {
  const url = signer.temporarySignedRoute('system', 60, { action: 'echo' });
  assert.ok(url.includes(`expires=${NOW + 60}&`));
  assert.ok(valid(url, {}, at(NOW_MS)));
  assert.ok(valid(url, {}, at((NOW + 60) * 1000))); // expires = now
  assert.ok(valid(url, {}, at((NOW + 60) * 1000 + 999)));
  assert.not.ok(valid(url, {}, at((NOW + 61) * 1000))); // expires = now - 1
});

expiry('an expires in the past is invalid even with a correct signature', () => {
  const url = signer.temporarySignedRoute('system', -1, { action: 'echo' });
  assert.ok(url.includes(`expires=${NOW - 1}&`));
  assert.ok(signer.hasCorrectSignature(requestFor(url)));
  assert.not.ok(signer.signatureHasNotExpired(requestFor(url)));
  assert.not.ok(valid(url));
});

expiry('expires must be one digit string', () => {
  for (const expires of ['abc', '', '1e12', '-1', ' 1800000000', '18000000000000000000', '1800000000.5']) {
    const unsigned = `${APP_URL}/api/system?action=echo&expires=${encodeURIComponent(expires)}`;
    const url = `${unsigned}&signature=${hmac(APP_KEY, unsigned)}`;
    assert.ok(signer.hasCorrectSignature(requestFor(url)), expires);
    assert.not.ok(valid(url), expires);
  }
  const unsigned = `${APP_URL}/api/system?action=echo&expires[]=1800000000`;
  assert.not.ok(valid(`${unsigned}&signature=${hmac(APP_KEY, unsigned)}`));
});

expiry('a permanent URL (no expires) does not expire', () => {
  assert.ok(valid(signed, {}, at(NOW_MS + 10 * 365 * 86_400_000)));
});

expiry('an expires beyond now + maxLifetimeSeconds is invalid', () => {
  const url = signer.temporarySignedRoute('system', 3600, { action: 'echo' });
  assert.ok(valid(url, {}, at(NOW_MS, { maxLifetimeSeconds: 3600 })));
  assert.not.ok(valid(url, {}, at(NOW_MS, { maxLifetimeSeconds: 3599 })));
  // As time passes the remaining lifetime shrinks under the cap.
  assert.ok(valid(url, {}, at(NOW_MS + 1000, { maxLifetimeSeconds: 3599 })));
});

// ---------------------------------------------------------------------------
const rotation = suite('verify: key rotation (APP_PREVIOUS_KEYS)');

rotation('a URL signed with a previous key still verifies; new URLs use the new key', () => {
  const oldSigner = makeSigner({ key: 'base64:old-key' });
  const url = oldSigner.signedRoute('system', { action: 'echo' });
  const rotated = makeSigner({ key: 'base64:new-key', previousKeys: ['base64:older', 'base64:old-key'] });
  assert.ok(valid(url, {}, rotated));
  assert.not.ok(valid(url, {}, makeSigner({ key: 'base64:new-key' })));
  const fresh = rotated.signedRoute('system', { action: 'echo' });
  const unsigned = `${APP_URL}/api/system?action=echo`;
  assert.is(fresh, `${unsigned}&signature=${hmac('base64:new-key', unsigned)}`);
  assert.not.ok(valid(fresh, {}, oldSigner));
});

const bounded = suite('verify: bounded work on what the client sends');

bounded('a path with a long run of slashes inside is checked in linear time, absolute or relative', async () => {
  for (const absolute of [true, false]) {
    const valid = signer.signedUrl('/a/b', {}, { absolute });
    assert.ok(signer.hasValidSignature(requestFor(valid), { absolute }), 'the signed path itself');
    await assertLinear(
      `hasValidSignature (absolute: ${absolute})`,
      (size) => {
        const request = requestFor(`${APP_URL}/a${'/'.repeat(size)}b?${queryOf(valid)}`);
        return () => assert.not.ok(signer.hasValidSignature(request, { absolute }));
      },
      5_000,
    );
  }
});

/** Raw queries of size n a client may send to a signed route: long runs of what the check splits and parses on. */
const HOSTILE_QUERIES: Record<string, (n: number) => string> = {
  'names without values, one = at the end': (n) => 'a&'.repeat(n / 2) + `b=1&signature=${sig}`,
  'list items': (n) => 'a[]=1&'.repeat(n / 6) + `signature=${sig}`,
  ampersands: (n) => 'action=echo' + '&'.repeat(n) + `signature=${sig}`,
  'equals signs': (n) => 'a' + '='.repeat(n) + `&signature=${sig}`,
  'percent signs': (n) => 'a=' + '%'.repeat(n) + `&signature=${sig}`,
  'open brackets': (n) => 'a' + '['.repeat(n) + `]=1&signature=${sig}`,
  'many parameters': (n) => Array.from({ length: n / 8 }, (_, i) => `p${i}=v`).join('&') + `&signature=${sig}`,
  'a long signature': (n) => `action=echo&signature=${'a'.repeat(n)}`,
  'signature names': (n) => 'signature&'.repeat(n / 10) + `signature=${sig}`,
  'a long expires': (n) => `expires=${'1'.repeat(n)}&signature=${sig}`,
};

bounded('a long raw query (many &, =, %, [, parameters, a long signature) is checked in linear time', async () => {
  const config = { max_input_vars: 10_000_000 };
  for (const [name, query] of Object.entries(HOSTILE_QUERIES)) {
    for (const absolute of [true, false]) {
      await assertLinear(
        `hasValidSignature on a query of ${name} (absolute: ${absolute})`,
        (size) => {
          const url = `${APP_URL}/api/system?${query(size)}`;
          return () => assert.not.ok(signer.hasValidSignature(requestFor(url, { config }), { absolute, ignore: ['utm_source'] }));
        },
        10_000,
      );
    }
  }
});

basics.run();
bounded.run();
scheme.run();
expiry.run();
rotation.run();
