/**
 * A boot-time check of every `throttle:...` a route uses: a limiter name that
 * is not registered, or a bad decay, fails when the application boots, not on
 * the route's first request. A limit that names a user attribute
 * (`throttle:rate_limit,1`) can only be checked per request.
 */
import { LogicException } from '../errors/logic-exception.js';
import type { RateLimiter } from './rate-limiter.js';
import { numeric, parseThrottleParameters } from './throttle-parameters.js';
import { ThrottleRequests } from './throttle-requests.js';

/** True for `ThrottleRequests` and its subclasses. */
function isThrottleMiddleware(target: unknown): boolean {
  return typeof target === 'function' && (target === ThrottleRequests || target.prototype instanceof ThrottleRequests);
}

/**
 * Checks the throttle specs among `targets` (the middleware resolver's
 * `targets()`: each alias string followed by what it names).
 *
 * @throws LogicException naming `where` and the bad parameter.
 */
export function assertThrottleParameters(targets: readonly unknown[], limiter: RateLimiter, where: string): void {
  for (let i = 0; i < targets.length - 1; i++) {
    const spec = targets[i];
    if (typeof spec !== 'string' || !isThrottleMiddleware(targets[i + 1])) continue;
    const colon = spec.indexOf(':');
    const params = colon === -1 ? [] : spec.slice(colon + 1).split(',');
    if (params.length === 1 && limiter.limiter(params[0]!) !== undefined) continue;
    try {
      // One name alone is a limiter's name; a user attribute as the limit is written with its decay (`throttle:rate_limit,1`).
      if (params.length === 1 && numeric(params[0]!.split('|')[0]!) === undefined) {
        throw new LogicException(`Rate limiter [${params[0]}] is not defined.`);
      }
      parseThrottleParameters(params);
    } catch (error) {
      throw new LogicException(
        `${where} uses "${spec}": ${(error as Error).message} Register named limiters with app.rateLimiter.for() before the application boots.`,
      );
    }
  }
}
