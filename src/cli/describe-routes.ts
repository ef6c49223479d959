import type { Router } from '../routing/router.js';
import type { MiddlewareSpec } from '../routing/middleware-resolver.js';
import { svcRouteInfo } from '../routing/svc-route.js';
import type { ActionPlan } from '../pipeline/action-plan.js';

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
  /** The middleware this action runs behind (today: its route's). */
  readonly middleware: readonly string[];
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

/** A read-only description of every route of `router`, in registration order. Plain data, ready for JSON. */
export function describeRoutes(router: Router): RouteDescription[] {
  return router.routes().map((route) => {
    const middleware = route.getMiddleware().map(middlewareName);
    const svc = svcRouteInfo(route);
    let actions: ActionDescription[] | null = null;
    if (svc !== undefined) {
      const plans: ActionPlan[] = [...svc.table.byName.values()];
      if (svc.table.defaultAction) plans.unshift(svc.table.defaultAction);
      actions = plans.map((plan) => ({
        name: plan.name,
        class: plan.action.constructor.name,
        methods: [...plan.methods],
        formRequest: plan.form?.cls.name ?? null,
        precognition: plan.precognition,
        middleware,
      }));
    }
    return {
      methods: [...route.methods],
      path: route.path,
      name: route.getName() ?? null,
      handler: svc !== undefined ? svc.controller.name : functionName(route.handler),
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
