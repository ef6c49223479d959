import type { Request } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import type { Awaitable } from '../awaitable.js';
import type { MiddlewareSpec } from './middleware-resolver.js';
import { allowHeader, expandMethods } from './methods.js';
import type { HttpMethod } from '../action.js';

/** What runs a matched route. `route` is passed so the handler can read its middleware. */
export type RouteHandler = (request: Request, route: Route) => Awaitable<JsonResponse>;

/** Notified when a route is named, so the router can find it by name. */
export interface RouteNameRegistry {
  nameRoute(route: Route, name: string): void;
}

/**
 * One registered path: its methods, optional name and middleware, and the
 * handler that runs it. `name()` and `middleware()` chain, as in the host.
 */
export class Route {
  readonly path: string;
  readonly methods: readonly string[];
  readonly allow: string;
  readonly handler: RouteHandler;
  /**
   * True for `svc` routes: their handler selects an action first, then runs
   * the route middleware itself (so middleware can read `svc.action`), and
   * answers OPTIONS with the selected action's `Allow`. For other routes the
   * kernel runs the route middleware around the handler.
   */
  selectsAction = false;
  /** Checks middleware as it is added (svc routes refuse `signed` unless selection reads the query). */
  checkMiddleware: ((middleware: readonly MiddlewareSpec[]) => void) | undefined;
  #name: string | undefined;
  #middleware: MiddlewareSpec[] = [];
  #version = 0;

  constructor(
    methods: readonly HttpMethod[],
    path: string,
    handler: RouteHandler,
    private readonly registry: RouteNameRegistry,
  ) {
    this.methods = expandMethods(methods);
    this.allow = allowHeader(this.methods);
    this.path = path;
    this.handler = handler;
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

  /** Adds route middleware: functions, classes, aliases (`signed`) or group names. */
  middleware(...middleware: (MiddlewareSpec | MiddlewareSpec[])[]): this {
    const added = middleware.flat();
    this.checkMiddleware?.(added);
    this.#middleware.push(...added);
    this.#version++;
    return this;
  }

  /** The middleware specs, in order. */
  getMiddleware(): readonly MiddlewareSpec[] {
    return this.#middleware;
  }

  /** Changes whenever middleware is added, so composed pipelines know to rebuild. */
  get version(): number {
    return this.#version;
  }

  /** True when the route accepts the method. (The kernel answers OPTIONS for every route.) */
  accepts(method: string): boolean {
    return this.methods.includes(method);
  }
}
