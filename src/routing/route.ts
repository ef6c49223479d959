import type { Request } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import type { Handler } from '../http/compose.js';
import type { Awaitable } from '../awaitable.js';
import { LogicException } from '../errors/logic-exception.js';
import type { MiddlewareSpec } from './middleware-resolver.js';
import { allowHeader, expandMethods } from './methods.js';
import type { HttpMethod } from '../action.js';
import type { ActionTable } from './action-table.js';
import type { Exchange, Stage } from './exchange.js';

/** What runs a plain route (`router.addRoute`). `route` is passed so the handler can read its middleware. */
export type RouteHandler = (request: Request, route: Route) => Awaitable<JsonResponse>;

/** What a route dispatches to: a handler, or (`svc` routes) a table of actions selected per request. */
export type RouteTarget = { readonly handler: RouteHandler } | { readonly actions: ActionTable };

/** Notified when a route is named, so the router can find it by name. */
export interface RouteNameRegistry {
  nameRoute(route: Route, name: string): void;
}

/**
 * One registered path: its methods, optional name and middleware, and what
 * it dispatches to. `name()` and `middleware()` chain, as in the host. At
 * boot the application seals it: its middleware is resolved and composed
 * once, its stages fixed, and it can no longer change.
 */
export class Route {
  readonly path: string;
  readonly methods: readonly string[];
  readonly allow: string;
  /** The handler of a plain route. */
  readonly handler: RouteHandler | undefined;
  /** The actions of a `svc` route: it selects one per request, then runs route middleware. */
  readonly actions: ActionTable | undefined;
  #name: string | undefined;
  #middleware: MiddlewareSpec[] = [];
  #stages: readonly Stage[] | undefined;
  #runMiddleware: Handler<Exchange> | undefined;

  constructor(
    methods: readonly HttpMethod[],
    path: string,
    target: RouteTarget,
    private readonly registry: RouteNameRegistry,
  ) {
    this.methods = expandMethods(methods);
    this.allow = allowHeader(this.methods);
    this.path = path;
    this.handler = 'handler' in target ? target.handler : undefined;
    this.actions = 'actions' in target ? target.actions : undefined;
  }

  /** True for `svc` routes. */
  get selectsAction(): boolean {
    return this.actions !== undefined;
  }

  /** Names the route (for URL generation, e.g. signed URLs). */
  name(name: string): this {
    this.#name = name;
    this.registry.nameRoute(this, name);
    return this;
  }

  /** The route's name, if it has one. */
  getName(): string | undefined {
    return this.#name;
  }

  /** Adds route middleware: functions, classes, aliases (`signed`) or group names. Before boot only. */
  middleware(...middleware: (MiddlewareSpec | MiddlewareSpec[])[]): this {
    if (this.#stages !== undefined) {
      throw new LogicException(`Route middleware of "${this.path}" must be added before the application handles requests.`);
    }
    this.#middleware.push(...middleware.flat());
    return this;
  }

  /** The middleware specs, in order. */
  getMiddleware(): readonly MiddlewareSpec[] {
    return this.#middleware;
  }

  /** True when the route accepts the method. (OPTIONS is answered for every route.) */
  accepts(method: string): boolean {
    return this.methods.includes(method);
  }

  /** @internal At boot: the ordered stages and the route middleware, composed once. */
  seal(stages: readonly Stage[], runMiddleware: Handler<Exchange>): void {
    this.#stages = stages;
    this.#runMiddleware = runMiddleware;
  }

  /** @internal The route's stages, in order (sealed at boot). */
  get stages(): readonly Stage[] {
    if (this.#stages === undefined) throw new LogicException(`Route "${this.path}" was not booted.`);
    return this.#stages;
  }

  /** @internal Runs a plain route's handler. */
  callHandler(request: Request): Awaitable<JsonResponse> {
    return this.handler!(request, this);
  }

  /** @internal Runs the route middleware around the rest of the stages. */
  runMiddleware(exchange: Exchange): Awaitable<JsonResponse> {
    return this.#runMiddleware!(exchange.request, exchange);
  }
}
