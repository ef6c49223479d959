import type { HttpRequest } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import type { Handler } from '../http/compose.js';
import type { Awaitable } from '../awaitable.js';
import { LogicException } from '../errors/logic-exception.js';
import type { MiddlewareSpec } from './middleware-resolver.js';
import { allowHeader, expandMethods } from './methods.js';
import type { HttpMethod } from '../action.js';
import type { FormRequest } from '../form-request.js';
import type { Concrete } from '../container.js';
import type { ActionTable, FormRequestPlan } from './action-table.js';
import type { Exchange, Stage } from './exchange.js';

/** What runs a plain route (`router.addRoute`). `route` is passed so the handler can read its middleware. */
export type RouteHandler = (request: HttpRequest, route: Route) => Awaitable<JsonResponse>;

/**
 * A plain route whose input a form request checks first, as a closure route
 * with a form request parameter in the host framework: `prepareForValidation`,
 * `authorize` (403) and validation (422) run before the handler, which gets
 * the passed form request.
 *
 * @example
 * router.addRoute(['POST'], '/contact', { formRequest: ContactRequest, handler: (form: ContactRequest) => json(form.validated()) });
 */
export interface FormRouteTarget<F extends FormRequest = FormRequest> {
  readonly formRequest: Concrete<F>;
  handler(form: F, route: Route): Awaitable<JsonResponse>;
}

/** What a route dispatches to: a handler, a form request and its handler, or (`svc` routes) a table of actions selected per request. */
export type RouteTarget = { readonly handler: RouteHandler } | FormRouteTarget | { readonly actions: ActionTable };

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
  readonly handler: RouteHandler | FormRouteTarget['handler'] | undefined;
  /** The form request of a plain route that has one (`FormRouteTarget`). */
  readonly formRequest: Concrete<FormRequest> | undefined;
  /** The actions of a `svc` route: it selects one per request, then runs route middleware. */
  readonly actions: ActionTable | undefined;
  #name: string | undefined;
  #middleware: MiddlewareSpec[] = [];
  #stages: readonly Stage[] | undefined;
  #composed: Handler<Exchange> | undefined;
  #form: FormRequestPlan | undefined;
  #precognitive = false;

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
    this.formRequest = 'formRequest' in target ? target.formRequest : undefined;
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

  /**
   * True when the route is behind the `precognitive` middleware (directly, in
   * a group or globally): it answers predictions, and every answer varies on
   * `Precognition`. Known at boot.
   */
  get precognitive(): boolean {
    return this.#precognitive;
  }

  /** @internal At boot, before `seal`: the route is behind the `precognitive` middleware. */
  markPrecognitive(): void {
    this.#precognitive = true;
  }

  /** @internal The compiled form request of a plain route (`formRequest`), from boot. */
  get form(): FormRequestPlan | undefined {
    return this.#form;
  }

  /** @internal At boot: the ordered stages, the route middleware composed once, and the plain route's form request. */
  seal(stages: readonly Stage[], middleware: Handler<Exchange>, form?: FormRequestPlan): void {
    this.#stages = stages;
    this.#composed = middleware;
    this.#form = form;
  }

  /** The route's stages, in order (sealed at boot; what the pipeline runs). */
  get stages(): readonly Stage[] {
    if (this.#stages === undefined) throw new LogicException(`Route "${this.path}" was not booted.`);
    return this.#stages;
  }

  /** Runs a plain route's handler with its passed form request, or with the request (the pipeline calls it). */
  callHandler(request: HttpRequest, form: FormRequest | undefined): Awaitable<JsonResponse> {
    return (this.handler as (input: HttpRequest | FormRequest, route: Route) => Awaitable<JsonResponse>)(form ?? request, this);
  }

  /** The route's middleware, composed once at boot around the stages after it (the pipeline calls it). */
  get composedMiddleware(): Handler<Exchange> {
    if (this.#composed === undefined) throw new LogicException(`Route "${this.path}" was not booted.`);
    return this.#composed;
  }
}
