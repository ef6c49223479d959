/**
 * When Redis is not there or stops answering: every request is answered
 * within a bounded time (fail open by default, 503 when failing closed), the
 * outage is reported once, nothing is left as an unhandled rejection, and
 * counting resumes once Redis is back. Against a port where nothing listens
 * and a real `redis-server` paused with SIGSTOP.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RateLimiter, RateLimitStoreError, RedisStore } from '../../src/rate-limiting/index.js';
import { freePort } from '../helpers/apps.js';
import { start, type Client, type Reply } from '../helpers/http.js';
import { throttledApp } from './app.js';
import { startRedis } from './redis-server.js';
import { lateness } from '../helpers/deadline.js';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

/** Sends one request and measures how long its answer took. */
async function timed(http: Client, headers: Record<string, string> = {}): Promise<{ reply: Reply; ms: number }> {
  const started = performance.now();
  const reply = await http.send('GET', '/api/items?action=status', { headers });
  return { reply, ms: performance.now() - started };
}

const test = suite('Redis failures');

test.before(() => {
  process.on('unhandledRejection', onUnhandled);
});
test.after(() => {
  process.off('unhandledRejection', onUnhandled);
});

test('nothing listens: fail open answers at once, uncounted; fail closed answers 503; reported once', async () => {
  const url = `redis://127.0.0.1:${await freePort()}`;
  const reports: unknown[] = [];
  const options = { rate_limit_store: 'redis' as const, rate_limit_redis_url: url, report: (error: unknown) => void reports.push(error) };
  const open = await start(throttledApp(['throttle:1,1'], options));
  const closed = await start(throttledApp(['throttle:1,1'], { ...options, rate_limit_on_failure: 'closed' }));
  try {
    // Measured against a timer of the store's timeout (100 ms by default): tests/helpers/deadline.ts.
    for (let i = 0; i < 4; i++) {
      const { value: letThrough, late } = await lateness(100, () => timed(open));
      assert.is(letThrough.reply.status, 200, 'over the limit of 1, but nothing can be counted: let through');
      assert.is(letThrough.reply.headers['x-ratelimit-limit'], undefined);
      assert.ok(late < 400, `answered ${late.toFixed(0)} ms after the timeout`);
      const refused = await lateness(100, () => timed(closed));
      assert.equal([refused.value.reply.status, refused.value.reply.body], [503, { message: 'Service Unavailable.' }]);
      assert.ok(refused.late < 400, `answered ${refused.late.toFixed(0)} ms after the timeout`);
    }
  } finally {
    await open.close();
    await closed.close();
  }
  assert.ok(reports.length >= 1 && reports.length <= 2, `one report per application's outage, not one per request (${reports.length})`);
  assert.ok(reports.every((error) => error instanceof RateLimitStoreError || error instanceof Error));
});

test('the RateLimiter methods reject with RateLimitStoreError instead of hanging', async () => {
  const limiter = new RateLimiter(new RedisStore({ url: `redis://127.0.0.1:${await freePort()}`, timeout: 100 }));
  const calls = [() => limiter.hit('k'), () => limiter.attempts('k'), () => limiter.attempt('k', 1, () => 'ran'), () => limiter.clear('k')];
  // Against a timer of the four timeouts in a row (tests/helpers/deadline.ts).
  const { late } = await lateness(calls.length * 100, async () => {
    for (const call of calls) {
      try {
        await call();
        assert.unreachable('a down store must not answer');
      } catch (error) {
        assert.instance(error, RateLimitStoreError);
      }
    }
  });
  assert.ok(late < 600, `${late.toFixed(0)} ms after the four timeouts`);
  await limiter.close();
});

test('a paused Redis (SIGSTOP): each request waits at most the timeout, then fails open or closed; after SIGCONT counting resumes', async () => {
  const redis = await startRedis();
  const reports: unknown[] = [];
  const options = {
    rate_limit_store: 'redis' as const,
    rate_limit_redis_url: redis.url,
    rate_limit_timeout: 100,
    report: (error: unknown) => void reports.push(error),
  };
  const open = await start(throttledApp(['throttle:100,1'], options));
  const closed = await start(throttledApp(['throttle:100,1,closed'], { ...options, rate_limit_on_failure: 'closed' }));
  try {
    assert.is((await timed(open)).reply.headers['x-ratelimit-remaining'], '99');
    assert.is((await timed(closed)).reply.headers['x-ratelimit-remaining'], '99');
    redis.pause();
    for (let i = 0; i < 3; i++) {
      const { value: letThrough, late } = await lateness(100, () => timed(open));
      assert.is(letThrough.reply.status, 200);
      assert.is(letThrough.reply.headers['x-ratelimit-limit'], undefined, 'not counted');
      assert.ok(late < 500, `fail open within the timeout (${late.toFixed(0)} ms after it)`);
      const refused = await lateness(100, () => timed(closed));
      assert.is(refused.value.reply.status, 503);
      assert.ok(refused.late < 500, `fail closed within the timeout (${refused.late.toFixed(0)} ms after it)`);
    }
    redis.resume();
    let counted: string | undefined;
    const deadline = Date.now() + 5000;
    while (counted === undefined && Date.now() < deadline) {
      counted = (await timed(open)).reply.headers['x-ratelimit-remaining'];
      if (counted === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(counted !== undefined, 'counting resumed within 5 s of SIGCONT');
    assert.ok(Number(counted) < 99, `the count went on from where it was (${counted} left)`);
    assert.is((await timed(closed)).reply.status, 200);
  } finally {
    await open.close();
    await closed.close();
    await redis.stop();
  }
  assert.ok(reports.length >= 1 && reports.length <= 4, `reported per outage, not per request (${reports.length})`);
});

test('a stalled Redis cannot pile calls up: past maxPending, calls fail at once', async () => {
  const redis = await startRedis();
  const store = new RedisStore({ url: redis.url, timeout: 300, maxPending: 2 });
  try {
    await store.hit('k', 60, 10);
    redis.pause();
    const { value: results, late } = await lateness(300, () => Promise.allSettled(Array.from({ length: 6 }, () => store.hit('k', 60, 10))));
    assert.ok(results.every((result) => result.status === 'rejected' && result.reason instanceof RateLimitStoreError));
    const messages = results.map((result) => (result as PromiseRejectedResult).reason.message as string);
    assert.is(messages.filter((message) => message.includes('already waiting')).length, 4);
    assert.is(messages.filter((message) => message.includes('did not answer within 300 ms')).length, 2);
    assert.ok(late < 700, `${late.toFixed(0)} ms after the timeout`);
  } finally {
    await store.close();
    await redis.stop();
  }
});

test('no unhandled rejection was left behind', async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(unhandled, []);
});

test.run();
