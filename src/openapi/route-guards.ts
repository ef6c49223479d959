/**
 * What a route's middleware (its own, its groups' and the global ones) adds
 * to the answers of its operations: authentication (401), a URL signature
 * (the `expires` and `signature` query parameters, 403) and rate limiting (429).
 */
import type { ProviderHost } from '../service-provider.js';
import type { Route } from '../routing/route.js';
import type { ActionPlan } from '../routing/action-table.js';
import type { MiddlewareSpec } from '../routing/middleware-resolver.js';
import { isSignatureMiddleware } from '../signing/signed-route-guard.js';
import { ThrottleRequests } from '../rate-limiting/throttle-requests.js';

export interface RouteGuards {
  /** Behind a middleware named `auth` or `auth...` (`auth`, `auth:api`, `auth.basic`). */
  readonly auth: boolean;
  /** Behind `signed` (or `ValidateSignature`). */
  readonly signed: boolean;
  /** Behind `throttle` (or `ThrottleRequests`). */
  readonly throttled: boolean;
}

/**
 * The middleware names and classes a route runs behind, groups expanded, global middleware first;
 * with `plan`, that action's own middleware and throttle too.
 */
export function routeGuards(host: ProviderHost, route: Route, plan?: ActionPlan): RouteGuards {
  const own = (plan?.policy.middleware ?? []) as MiddlewareSpec[];
  const targets = host.middlewareResolver.targets([...host.globalMiddleware(), ...route.getMiddleware(), ...own]);
  const names = targets.filter((target): target is string => typeof target === 'string').map((spec) => spec.split(':', 1)[0]!);
  return {
    auth: names.some((name) => name.startsWith('auth')),
    signed: targets.some((target) => isSignatureMiddleware(target)),
    throttled:
      names.includes('throttle') ||
      targets.some(
        (target) => typeof target === 'function' && (target === ThrottleRequests || target.prototype instanceof ThrottleRequests),
      ),
  };
}
