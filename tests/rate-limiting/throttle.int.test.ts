/**
 * The `throttle` middleware on the memory store, over real sockets: Laravel's
 * headers and 429, fixed limits with and without a prefix, users and guests,
 * window expiry, error responses, and keys built from hostile headers.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Application } from '../../src/index.js';
import { Limit } from '../../src/rate-limiting/index.js';
import { start, type Client, type Reply } from '../helpers/http.js';
import { ThrottledController, throttledApp } from './app.js';

async function withApp(app: Application, run: (http: Client) => Promise<void>): Promise<void> {
  const http = await start(app);
  try {
    await run(http);
  } finally {
    await http.close();
  }
}

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'x-ratelimit-reset'];

function rateHeaders(reply: Reply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of RATE_HEADERS) if (reply.headers[name] !== undefined) out[name] = reply.headers[name]!;
  return out;
}

/** Checks a 429 as Laravel sends it, `limit` the route's limit and `window` its length in seconds. */
function assertTooMany(reply: Reply, limit: number, window: number): void {
  const now = Math.floor(Date.now() / 1000);
  assert.is(reply.status, 429);
  assert.equal(reply.body, { message: 'Too Many Attempts.' });
  assert.is(reply.headers['x-ratelimit-limit'], String(limit));
  assert.is(reply.headers['x-ratelimit-remaining'], '0');
  const retryAfter = Number(reply.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= window, `Retry-After ${retryAfter} within 1..${window}`);
  const reset = Number(reply.headers['x-ratelimit-reset']);
  assert.ok(Math.abs(reset - (now + retryAfter)) <= 1, `X-RateLimit-Reset ${reset} is now + Retry-After (${now} + ${retryAfter})`);
}

const fixed = suite('throttle:max,minutes');

fixed('under the limit: X-RateLimit-Limit and -Remaining only; over it: 429 with Retry-After and X-RateLimit-Reset', async () => {
  await withApp(throttledApp(['throttle:3,1']), async (http) => {
    for (const remaining of ['2', '1', '0']) {
      const reply = await http.send('GET', '/api/items?action=status');
      assert.is(reply.status, 200);
      assert.equal(rateHeaders(reply), { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': remaining });
    }
    const over = await http.send('GET', '/api/items?action=status');
    assertTooMany(over, 3, 60);
    assert.is(over.headers['content-type'], 'application/json');
    // A refused request is not counted: the next one is refused the same way, and other routes are not throttled.
    assertTooMany(await http.send('GET', '/api/items?action=status'), 3, 60);
    assert.equal(rateHeaders(await http.send('GET', '/api/free?action=status')), {});
  });
});

fixed('without a prefix, every route counts the same caller together (Laravel); a prefix counts apart', async () => {
  await withApp(throttledApp(['throttle:2,1']), async (http) => {
    assert.is((await http.send('GET', '/api/items?action=status')).headers['x-ratelimit-remaining'], '1');
    assert.is((await http.send('GET', '/api/other?action=export')).headers['x-ratelimit-remaining'], '0');
    assert.is((await http.send('GET', '/api/items?action=export')).status, 429);
  });
  const app = throttledApp([]);
  app.router.svc('/a', ThrottledController, ['GET', 'POST']).middleware('throttle:2,1,a');
  app.router.svc('/b', ThrottledController, ['GET', 'POST']).middleware('throttle:2,1,b');
  await withApp(app, async (http) => {
    assert.is((await http.send('GET', '/a?action=status')).headers['x-ratelimit-remaining'], '1');
    assert.is((await http.send('GET', '/b?action=status')).headers['x-ratelimit-remaining'], '1');
    assert.is((await http.send('GET', '/a?action=status')).headers['x-ratelimit-remaining'], '0');
    assert.is((await http.send('GET', '/a?action=status')).status, 429);
    assert.is((await http.send('GET', '/b?action=status')).status, 200);
  });
});

fixed('plain `throttle` is 60 per minute', async () => {
  await withApp(throttledApp(['throttle']), async (http) => {
    assert.equal(rateHeaders(await http.send('GET', '/api/items?action=status')), {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
    });
  });
});

fixed('guest|user limits, and users are counted by their identifier, not their address', async () => {
  await withApp(throttledApp(['throttle:1|3,1']), async (http) => {
    assert.equal(rateHeaders(await http.send('GET', '/api/items?action=status')), {
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '0',
    });
    assert.is((await http.send('GET', '/api/items?action=status')).status, 429);
    const ada = { headers: { 'x-user': 'ada' } };
    for (const remaining of ['2', '1', '0']) {
      const reply = await http.send('GET', '/api/items?action=status', ada);
      assert.equal(rateHeaders(reply), { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': remaining });
    }
    assertTooMany(await http.send('GET', '/api/items?action=status', ada), 3, 60);
    const bob = await http.send('GET', '/api/items?action=status', { headers: { 'x-user': 'bob' } });
    assert.is(bob.headers['x-ratelimit-remaining'], '2', 'another user from the same address has a count of their own');
  });
});

fixed('error responses from later stages (422, 404) are counted and carry the headers', async () => {
  await withApp(throttledApp(['throttle:3,1']), async (http) => {
    const invalid = await http.send('POST', '/api/items?action=save', { json: {} });
    assert.is(invalid.status, 422);
    assert.equal(rateHeaders(invalid), { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2' });
    const unknown = await http.send('GET', '/api/items?action=nope');
    assert.is(unknown.status, 404);
    assert.equal(rateHeaders(unknown), { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '1' });
  });
});

fixed('a window ends: after decay the caller starts again from zero', async () => {
  // 0.02 minutes = 1.2 s
  await withApp(throttledApp(['throttle:1,0.02']), async (http) => {
    assert.is((await http.send('GET', '/api/items?action=status')).status, 200);
    const over = await http.send('GET', '/api/items?action=status');
    assertTooMany(over, 1, 2);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const again = await http.send('GET', '/api/items?action=status');
    assert.is(again.status, 200);
    assert.is(again.headers['x-ratelimit-remaining'], '0');
  });
});

fixed.run();

const hostile = suite('keys from hostile input');

hostile(
  'a huge or non-ASCII X-Forwarded-For from a trusted proxy is not an address: the key falls back to the peer, counted, never a 500',
  async () => {
    await withApp(throttledApp(['throttle:2,1'], { trust_proxy: true, max_header_size: 65536 }), async (http) => {
      const long = { headers: { 'x-forwarded-for': `${'9'.repeat(30_000)}\u00e9\u00ff` } };
      assert.is((await http.send('GET', '/api/items?action=status', long)).headers['x-ratelimit-remaining'], '1');
      assert.is((await http.send('GET', '/api/items?action=status', long)).headers['x-ratelimit-remaining'], '0');
      assert.is((await http.send('GET', '/api/items?action=status', long)).status, 429);
      // Another garbage value is no other client: trusted-proxy parsing skips hops that are not addresses.
      const other = { headers: { 'x-forwarded-for': `${'9'.repeat(30_000)}\u00e8\u00ff` } };
      assert.is((await http.send('GET', '/api/items?action=status', other)).status, 429);
      assert.is((await http.send('GET', '/api/items?action=status')).status, 429);
    });
  },
);

hostile('a named limiter keyed by a huge header value: bounded, counted, never a 500', async () => {
  const app = throttledApp(['throttle:by-key'], { max_header_size: 65536 });
  app.rateLimiter.for('by-key', (request) => Limit.perMinute(2).by(request.header('x-api-key') ?? ''));
  await withApp(app, async (http) => {
    const key = { headers: { 'x-api-key': 'k\u00e9'.repeat(20_000) } };
    assert.is((await http.send('GET', '/api/items?action=status', key)).headers['x-ratelimit-remaining'], '1');
    assert.is((await http.send('GET', '/api/items?action=status', key)).headers['x-ratelimit-remaining'], '0');
    assert.is((await http.send('GET', '/api/items?action=status', key)).status, 429);
    assert.is((await http.send('GET', '/api/items?action=status', { headers: { 'x-api-key': 'short' } })).status, 200);
  });
});

hostile.run();
