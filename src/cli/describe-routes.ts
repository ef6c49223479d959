import type { Route } from '../routing/route.js';
import type { MiddlewareSpec } from '../routing/middleware-resolver.js';
import type { ActionPlan } from '../routing/action-table.js';

/** One action of a `svc` route, as `switchyard routes` lists it. */
export interface ActionDescription {
  /** The public name; `/` is the default action, `*` the fallback. */
  readonly name: string;
  /** The action's class name. */
  readonly class: string;
  /** Accepted methods (HEAD included when GET is). */
  readonly methods: readonly string[];
  /** The form request's class name, or null when the handler receives the Request. */
  readonly formRequest: string | null;
  /** Whether the action answers Precognition requests. */
  readonly precognition: boolean;
  /** The middleware this action runs behind: its route's, then its own (its `throttle` last). */
  readonly middleware: readonly string[];
  /** Its own body limit in bytes, or null for the application's `body_limit`. */
  readonly bodyLimit: number | null;
  /** Its own handler deadline in ms, or null. */
  readonly timeout: number | null;
}

/** One route, as `switchyard routes` lists it. */
export interface RouteDescription {
  /** Methods the route accepts (HEAD included when GET is; OPTIONS is answered for every route). */
  readonly methods: readonly string[];
  readonly path: string;
  readonly name: string | null;
  /** The controller class of a `svc` route, or the handler function's name (`Closure` when anonymous). */
  readonly handler: string;
  /** Route middleware as registered: aliases with their parameters, group names, class or function names. */
  readonly middleware: readonly string[];
  /** The actions of a `svc` route, in registration order; null for other routes. */
  readonly actions: readonly ActionDescription[] | null;
}

/** What is read of a router: its routes, in registration order. */
export interface RouteSource {
  routes(): readonly Route[];
}

/**
 * A read-only description of every route of `router`, in registration
 * order: plain data, ready for JSON. It reads only public fields of the
 * routes, so it also describes an application built by another copy of
 * the package.
 */
export function describeRoutes(router: RouteSource): RouteDescription[] {
  return router.routes().map((route) => {
    const middleware = route.getMiddleware().map(middlewareName);
    const table = route.actions;
    let actions: ActionDescription[] | null = null;
    if (table !== undefined) {
      const plans: ActionPlan[] = [...table.byName.values()];
      if (table.defaultAction) plans.unshift(table.defaultAction);
      actions = plans.map((plan) => ({
        name: plan.name,
        class: plan.action.constructor.name,
        methods: [...plan.methods],
        formRequest: plan.form?.cls.name ?? null,
        precognition: plan.precognition,
        middleware: [...middleware, ...(plan.policy.middleware as MiddlewareSpec[]).map(middlewareName)],
        bodyLimit: plan.policy.bodyLimit ?? null,
        timeout: plan.policy.timeout ?? null,
      }));
    }
    return {
      methods: [...route.methods],
      path: route.path,
      name: route.getName() ?? null,
      handler: table !== undefined ? (table.controller ?? 'svc') : route.handler === undefined ? 'Closure' : functionName(route.handler),
      middleware,
      actions,
    };
  });
}

/** How a middleware spec reads in a listing: strings as written, classes and functions by name. */
function middlewareName(spec: MiddlewareSpec): string {
  return typeof spec === 'string' ? spec : functionName(spec);
}

function functionName(fn: { name: string }): string {
  return fn.name === '' ? 'Closure' : fn.name;
}
