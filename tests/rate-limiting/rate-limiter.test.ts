/** `RateLimiter`'s own methods (Laravel's facade), on the memory store. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, createContainer } from '../../src/index.js';
import { Limit, MemoryStore, RateLimiter } from '../../src/rate-limiting/index.js';

const test = suite('RateLimiter');

test('attempt() runs the callback while attempts are left, then resolves false without running it', async () => {
  const limiter = new RateLimiter();
  let runs = 0;
  assert.is(await limiter.attempt('send:ada', 2, () => ++runs), 1);
  assert.is(await limiter.attempt('send:ada', 2, () => undefined), true, 'a callback that returns nothing gives true');
  assert.is(await limiter.attempt('send:ada', 2, () => ++runs), false);
  assert.is(runs, 1);
  assert.is(await limiter.attempt('send:bob', 2, async () => 'sent'), 'sent');
  await limiter.close();
});

test('hit / increment / decrement / attempts / remaining / tooManyAttempts / availableIn', async () => {
  const limiter = new RateLimiter();
  assert.is(await limiter.attempts('k'), 0);
  assert.is(await limiter.availableIn('k'), 0);
  assert.is(await limiter.hit('k', 120), 1);
  assert.is(await limiter.increment('k', 120, 3), 4);
  assert.is(await limiter.decrement('k'), 3);
  assert.is(await limiter.attempts('k'), 3);
  assert.is(await limiter.remaining('k', 5), 2);
  assert.is(await limiter.retriesLeft('k', 5), 2);
  assert.is(await limiter.tooManyAttempts('k', 3), true);
  assert.is(await limiter.tooManyAttempts('k', 4), false);
  const wait = await limiter.availableIn('k');
  assert.ok(wait >= 119 && wait <= 120, `availableIn ${wait}`);
  await limiter.resetAttempts('k');
  assert.is(await limiter.attempts('k'), 0);
  assert.ok((await limiter.availableIn('k')) > 0, 'resetAttempts keeps the window');
  await limiter.hit('k');
  await limiter.clear('k');
  assert.is(await limiter.attempts('k'), 0);
  assert.is(await limiter.availableIn('k'), 0);
  await limiter.close();
});

test('very long keys are bounded (hashed), and two long keys still count apart', async () => {
  const store = new MemoryStore();
  const limiter = new RateLimiter(store);
  const a = 'é'.repeat(100_000);
  const b = `${'é'.repeat(99_999)}è`;
  await limiter.hit(a);
  await limiter.hit(a);
  await limiter.hit(b);
  assert.is(await limiter.attempts(a), 2);
  assert.is(await limiter.attempts(b), 1);
  assert.is(store.size, 2);
  await limiter.close();
});

test('for() registers named limiters (chainable); limiter() finds them or gives undefined', () => {
  const limiter = new RateLimiter();
  assert.is(
    limiter.for('api', () => Limit.perMinute(1)),
    limiter,
  );
  assert.type(limiter.limiter('api'), 'function');
  assert.is(limiter.limiter('nope'), undefined);
});

test('policies: fail open and skip predictions by default', () => {
  const plain = new RateLimiter();
  assert.equal([plain.failOpen, plain.countsPredictions], [true, false]);
  const strict = new RateLimiter(undefined, { onStoreFailure: 'closed', predictions: 'count' });
  assert.equal([strict.failOpen, strict.countsPredictions], [false, true]);
});

test('each application has its own limiter, bound in its container and reachable as app.rateLimiter', () => {
  const one = new Application();
  const two = new Application();
  assert.instance(one.rateLimiter, RateLimiter);
  assert.is(one.rateLimiter, one.container.get(RateLimiter));
  assert.is.not(one.rateLimiter, two.rateLimiter);
  one.rateLimiter.for('api', () => Limit.perMinute(1));
  assert.is(two.rateLimiter.limiter('api'), undefined);
});

test('a limiter bound by the user wins (bound before, or rebound after the application is made)', () => {
  const mine = new RateLimiter(new MemoryStore({ maxKeys: 10 }));
  const container = createContainer();
  container.bind(RateLimiter).toConstantValue(mine);
  assert.is(new Application({}, container).rateLimiter, mine);
  const app = new Application();
  app.container.rebind(RateLimiter).toConstantValue(mine);
  assert.is(app.rateLimiter, mine);
});

test.run();
