/** The rate-limiting options: defaults, and a `LogicException` naming the key for each bad value. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LogicException, type SwitchyardOptions } from '../../src/index.js';
import { resolveConfig } from '../../src/config.js';

const raw = (options: Record<string, unknown>) => options as SwitchyardOptions;

const test = suite('rate-limiting configuration');

test('defaults: memory store, local Redis URL, 100 ms, fail open, predictions skipped, a million windows', () => {
  const config = resolveConfig();
  assert.equal(
    [
      config.rate_limit_store,
      config.rate_limit_redis_url,
      config.rate_limit_redis_prefix,
      config.rate_limit_timeout,
      config.rate_limit_on_failure,
      config.rate_limit_predictions,
      config.rate_limit_max_keys,
    ],
    ['memory', 'redis://127.0.0.1:6379', 'switchyard:rate-limit:', 100, 'open', 'skip', 1_000_000],
  );
});

test('given values are kept', () => {
  const config = resolveConfig({
    rate_limit_store: 'redis',
    rate_limit_redis_url: 'rediss://:secret@cache.internal:6380/2',
    rate_limit_redis_prefix: '',
    rate_limit_timeout: 25,
    rate_limit_on_failure: 'closed',
    rate_limit_predictions: 'count',
    rate_limit_max_keys: 10,
  });
  assert.equal(
    [config.rate_limit_store, config.rate_limit_redis_url, config.rate_limit_redis_prefix, config.rate_limit_timeout],
    ['redis', 'rediss://:secret@cache.internal:6380/2', '', 25],
  );
  assert.equal([config.rate_limit_on_failure, config.rate_limit_predictions, config.rate_limit_max_keys], ['closed', 'count', 10]);
});

test('bad values throw a LogicException naming the key', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ rate_limit_store: 'disk' }, /rate_limit_store "disk": allowed values are "memory", "redis"/],
    [{ rate_limit_on_failure: 'maybe' }, /rate_limit_on_failure "maybe"/],
    [{ rate_limit_predictions: true }, /rate_limit_predictions true/],
    [{ rate_limit_timeout: 0 }, /rate_limit_timeout 0: it must be a whole number ≥ 1/],
    [{ rate_limit_timeout: 1.5 }, /rate_limit_timeout 1.5/],
    [{ rate_limit_max_keys: -1 }, /rate_limit_max_keys -1/],
    [{ rate_limit_redis_prefix: 5 }, /rate_limit_redis_prefix 5: it must be a string/],
    [{ rate_limit_redis_url: 'http://cache:6379' }, /rate_limit_redis_url: use redis:\/\//],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => resolveConfig(raw(options)),
      (error: unknown) => error instanceof LogicException && message.test(error.message),
      JSON.stringify(options),
    );
  }
});

test('a bad Redis URL is refused without repeating it (it may hold a password)', () => {
  try {
    resolveConfig(raw({ rate_limit_redis_url: 'redis://user:hunter2@host:6379 oops' }));
    assert.unreachable('must throw');
  } catch (error) {
    assert.instance(error, LogicException);
    assert.not.match((error as Error).message, 'hunter2');
  }
});

test.run();
