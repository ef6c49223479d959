import type { ProviderHost, ServiceProvider } from '../service-provider.js';
import type { MiddlewareSpec } from '../routing/middleware-resolver.js';
import { RateLimiter, type LimiterCallback } from './rate-limiter.js';
import type { Limit } from './limit.js';
import { plansOf } from '../routing/action-table.js';
import { ThrottleRequests } from './throttle-requests.js';
import { rateLimiterFromConfig } from './from-config.js';
import { assertThrottleParameters } from './throttle-guard.js';

/**
 * Rate limiting in one place: binds the application's `RateLimiter` (a
 * limiter the user bound wins; the store is made on first use), names the
 * `throttle` middleware, checks every `throttle:...` at boot (an unknown
 * limiter or a bad limit fails then, naming the route), and closes the
 * store it made when the application shuts down.
 */
export class RateLimitingServiceProvider implements ServiceProvider {
  #own: RateLimiter | undefined;

  register(app: ProviderHost): void {
    if (!app.container.isCurrentBound(RateLimiter)) {
      app.container
        .bind(RateLimiter)
        .toDynamicValue(() => (this.#own = rateLimiterFromConfig(app.config)))
        .inSingletonScope();
    }
    app.middlewareResolver.alias('throttle', ThrottleRequests);
  }

  boot(app: ProviderHost): void {
    const resolver = app.middlewareResolver;
    let limiter: RateLimiter | undefined;
    const check = (specs: readonly MiddlewareSpec[], where: string) => {
      const targets = resolver.targets(specs);
      if (targets.some((target) => typeof target === 'string')) {
        assertThrottleParameters(targets, (limiter ??= app.container.get(RateLimiter)), where);
      }
    };
    check(app.globalMiddleware(), 'Global middleware');
    for (const route of app.router.routes()) {
      check(route.getMiddleware(), `Route "${route.path}"`);
      for (const plan of route.actions === undefined ? [] : plansOf(route.actions)) {
        const own = plan.policy.ownLimiter;
        // An action's own Limit (or function) becomes a named limiter of its own, counted for it alone.
        if (own !== undefined) {
          const limit = own.limit;
          (limiter ??= app.container.get(RateLimiter)).for(
            own.name,
            typeof limit === 'function' ? (limit as LimiterCallback) : () => limit as Limit,
          );
        }
        check(plan.policy.middleware as MiddlewareSpec[], `The action "${plan.name}" of route "${route.path}"`);
      }
    }
  }

  shutdown(): Promise<void> {
    return this.#own?.close() ?? Promise.resolve();
  }
}
