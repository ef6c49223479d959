/**
 * The application's `RateLimiter`, built from its configuration: the store
 * (`rate_limit_store`: memory or Redis) is made on first use, so an
 * application that never throttles allocates nothing and opens no connection.
 */
import type { SwitchyardConfig } from '../config.js';
import { MemoryStore } from './memory-store.js';
import { RateLimiter } from './rate-limiter.js';
import { RedisStore } from './redis-store.js';
import type { RateLimitStore } from './store.js';

/** A `RateLimiter` on the configured store, with the configured failure and prediction policies. */
export function rateLimiterFromConfig(config: SwitchyardConfig): RateLimiter {
  const makeStore = (): RateLimitStore =>
    config.rate_limit_store === 'redis'
      ? new RedisStore({
          url: config.rate_limit_redis_url,
          prefix: config.rate_limit_redis_prefix,
          timeout: config.rate_limit_timeout,
          report: config.report,
        })
      : new MemoryStore({ maxKeys: config.rate_limit_max_keys });
  return new RateLimiter(makeStore, { onStoreFailure: config.rate_limit_on_failure, predictions: config.rate_limit_predictions });
}
