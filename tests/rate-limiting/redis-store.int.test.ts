/**
 * The Redis store against a real `redis-server` (started by the test on a
 * free port, stopped by PID): atomic capped hits from many connections,
 * windows kept by Redis, the scripts surviving a SCRIPT FLUSH, and the
 * `throttle` middleware sharing one count between two applications with one
 * round trip per request.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Redis } from 'ioredis';
import { RedisStore } from '../../src/rate-limiting/index.js';
import { start } from '../helpers/http.js';
import { throttledApp } from './app.js';
import { startRedis, type RedisServer } from './redis-server.js';

const test = suite('RedisStore (real redis-server)');

let redis: RedisServer | undefined;
let setupError: unknown;
const stores: RedisStore[] = [];

test.before(async () => {
  try {
    redis = await startRedis();
  } catch (error) {
    setupError = error;
  }
});
test.before.each(() => {
  if (setupError !== undefined) throw setupError;
});
test.after(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await redis?.stop();
});

function store(prefix = 'test:'): RedisStore {
  const made = new RedisStore({ url: redis!.url, prefix, timeout: 1000 });
  stores.push(made);
  return made;
}

/** Reads one section of INFO through a plain client. */
async function info(section: string): Promise<string> {
  const client = new Redis(redis!.url, { lazyConnect: true });
  try {
    await client.connect();
    return await client.info(section);
  } finally {
    client.disconnect();
  }
}

test('counts within a window and refuses past maxAttempts without counting; the key lives in Redis under the prefix', async () => {
  const s = store('count:');
  const before = Date.now();
  const first = await s.hit('k', 60, 2);
  assert.equal([first.attempts, first.counted], [1, true]);
  assert.ok(first.resetAt > before + 58_000 && first.resetAt <= before + 61_000, `resetAt ${first.resetAt - before} ms ahead`);
  assert.equal([(await s.hit('k', 60, 2)).attempts, (await s.hit('k', 60, 2)).counted], [2, false]);
  assert.is((await s.get('k'))?.attempts, 2);
  assert.is(await s.client.get('count:k'), '2');
  const ttl = await s.client.pttl('count:k');
  assert.ok(ttl > 58_000 && ttl <= 60_000, `PTTL ${ttl}`);
  await s.reset('k');
  assert.is((await s.get('k'))?.attempts, 0, 'reset keeps the window');
  assert.ok((await s.client.pttl('count:k')) > 0);
  await s.clear('k');
  assert.is(await s.get('k'), undefined);
  assert.is(await s.client.exists('count:k'), 0);
});

test('a window ends on a whole second of Redis’s clock; then counting starts again', async () => {
  const s = store('expire:');
  const first = await s.hit('k', 1, 1);
  assert.ok(first.resetAt - Date.now() <= 1000);
  assert.is((await s.hit('k', 1, 1)).counted, false);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, first.resetAt - Date.now()) + 50));
  assert.equal([(await s.hit('k', 1, 1)).attempts, (await s.hit('k', 1, 1)).counted], [1, false]);
});

test('atomic across connections: 200 concurrent hits from 4 clients on a cap of 10 count exactly 10', async () => {
  const clients = [store('race:'), store('race:'), store('race:'), store('race:')];
  const hits = await Promise.all(Array.from({ length: 200 }, (_, i) => clients[i % 4]!.hit('shared', 60, 10)));
  assert.is(hits.filter((hit) => hit.counted).length, 10);
  assert.equal(
    [...new Set(hits.filter((hit) => hit.counted).map((hit) => hit.attempts))].sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  assert.is(await clients[0]!.client.get('race:shared'), '10');
});

test('uncapped increments and decrements (the RateLimiter methods)', async () => {
  const s = store('inc:');
  assert.is((await s.hit('k', 60, Number.POSITIVE_INFINITY, 5)).attempts, 5);
  assert.is((await s.hit('k', 60, Number.POSITIVE_INFINITY, -2)).attempts, 3);
});

test('still works after SCRIPT FLUSH (EVALSHA falls back to EVAL)', async () => {
  const s = store('flush:');
  await s.hit('k', 60, 10);
  await s.client.script('FLUSH');
  assert.is((await s.hit('k', 60, 10)).attempts, 2);
});

test('throttle on Redis: Laravel’s headers and 429, one count shared by two applications, one round trip per request', async () => {
  const options = {
    rate_limit_store: 'redis' as const,
    rate_limit_redis_url: redis!.url,
    rate_limit_redis_prefix: `shared-${Date.now()}:`,
  };
  const one = await start(throttledApp(['throttle:4,1'], options));
  const two = await start(throttledApp(['throttle:4,1'], options));
  try {
    await one.send('GET', '/api/items?action=status'); // connects and loads the script
    // A connection's first call sends the script (EVAL), later ones its hash (EVALSHA): one command either way.
    const calls = async () => {
      const stats = await info('commandstats');
      const count = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
      return count('eval') + count('evalsha');
    };
    const before = await calls();
    const replies = [
      await two.send('GET', '/api/items?action=status'),
      await one.send('GET', '/api/items?action=status'),
      await two.send('GET', '/api/items?action=status'),
    ];
    assert.equal(
      replies.map((reply) => [reply.status, reply.headers['x-ratelimit-limit'], reply.headers['x-ratelimit-remaining']]),
      [
        [200, '4', '2'],
        [200, '4', '1'],
        [200, '4', '0'],
      ],
    );
    assert.is((await calls()) - before, 3, 'one script call per request');
    const over = await one.send('GET', '/api/items?action=status');
    assert.is(over.status, 429);
    assert.equal(over.body, { message: 'Too Many Attempts.' });
    assert.is(over.headers['x-ratelimit-remaining'], '0');
    const retryAfter = Number(over.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    assert.ok(Math.abs(Number(over.headers['x-ratelimit-reset']) - (Math.floor(Date.now() / 1000) + retryAfter)) <= 1);
    assert.is((await two.send('GET', '/api/items?action=status')).status, 429);
  } finally {
    await one.close();
    await two.close();
  }
  // app.close() closed each application's Redis connection.
  const clients = await info('clients');
  assert.match(clients, /connected_clients:\d+/);
  const list = await (async () => {
    const client = new Redis(redis!.url, { lazyConnect: true });
    await client.connect();
    try {
      return String(await client.client('LIST'));
    } finally {
      client.disconnect();
    }
  })();
  const open = list.split('\n').filter((line) => line.includes('name=switchyard-rate-limit'));
  assert.is(open.length, stores.length, 'only the connections of the stores this suite still holds');
});

test.run();
