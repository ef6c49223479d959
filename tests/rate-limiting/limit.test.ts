/** `Limit`, `GlobalLimit`, `Unlimited`: Laravel's factories, defaults and fallback keys. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json } from '../../src/index.js';
import { GlobalLimit, Limit, Unlimited } from '../../src/rate-limiting/index.js';

const test = suite('Limit');

test('factories give Laravel’s attempts and windows (seconds)', () => {
  const cases: [Limit, number, number][] = [
    [Limit.perSecond(5), 5, 1],
    [Limit.perSecond(5, 10), 5, 10],
    [Limit.perMinute(60), 60, 60],
    [Limit.perMinute(60, 5), 60, 300],
    [Limit.perMinutes(5, 100), 100, 300],
    [Limit.perHour(1000), 1000, 3600],
    [Limit.perHour(1000, 2), 1000, 7200],
    [Limit.perDay(10_000), 10_000, 86_400],
    [Limit.perDay(10_000, 7), 10_000, 604_800],
    [new Limit(), 60, 60],
  ];
  for (const [limit, attempts, seconds] of cases) {
    assert.is(limit.maxAttempts, attempts);
    assert.is(limit.decaySeconds, seconds);
    assert.is(limit.key, '', 'no key until by()');
    assert.is(limit.responseCallback, undefined);
  }
});

test('by() and response() set the key and the answer, and chain', () => {
  const respond = () => json({ message: 'no' }, 429);
  const limit = Limit.perMinute(3).by('user:7').response(respond);
  assert.is(limit.key, 'user:7');
  assert.is(limit.responseCallback, respond);
  assert.is(Limit.perMinute(3).by(42).key, 42);
});

test('none() is Unlimited, a GlobalLimit of the largest safe integer', () => {
  const none = Limit.none();
  assert.instance(none, Unlimited);
  assert.instance(none, GlobalLimit);
  assert.instance(none, Limit);
  assert.is(none.maxAttempts, Number.MAX_SAFE_INTEGER);
  assert.is(none.key, '');
  const global = new GlobalLimit(100);
  assert.equal([global.key, global.maxAttempts, global.decaySeconds], ['', 100, 60]);
});

test('fallbackKey() is Laravel’s: "[key:]attempts:N:decay:S", no prefix for an empty or "0" key', () => {
  assert.is(Limit.perMinute(5).fallbackKey(), 'attempts:5:decay:60');
  assert.is(Limit.perHour(5).by('ip').fallbackKey(), 'ip:attempts:5:decay:3600');
  assert.is(Limit.perMinute(5).by('0').fallbackKey(), 'attempts:5:decay:60');
  assert.is(Limit.perMinute(5).by(0).fallbackKey(), 'attempts:5:decay:60');
});

test.run();
