/**
 * The rate-limiting feature's public API, re-exported in one place so
 * `src/index.ts` needs one line for it.
 */
export { Limit, GlobalLimit, Unlimited, type LimitResponseCallback } from './limit.js';
export { RateLimiter, type RateLimiterOptions, type LimiterCallback, type LimiterResult } from './rate-limiter.js';
export { ThrottleRequests, type ThrottleLimit } from './throttle-requests.js';
export { TooManyRequestsError } from './too-many-requests-error.js';
export { RateLimitStoreError, type RateLimitStore, type RateLimitHit, type RateLimitWindow } from './store.js';
export { MemoryStore, type MemoryStoreOptions } from './memory-store.js';
export { RedisStore, type RedisStoreOptions } from './redis-store.js';
export { rateLimiterFromConfig } from './from-config.js';
