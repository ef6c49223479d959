import type { Container } from 'inversify';
import { Macroable } from './macroable.js';
import { Route, type FormRouteTarget, type RouteHandler, type RouteNameRegistry, type RouteTarget } from './route.js';
import type { FormRequest } from '../form-request.js';
import type { MiddlewareResolver, MiddlewareSpec } from './middleware-resolver.js';
import type { SwitchyardConfig } from '../config.js';
import type { ErrorRenderer } from '../http/compose.js';
import { decodePath } from '../http/decode-path.js';
import { LogicException } from '../errors/logic-exception.js';
import type { HttpMethod } from '../action.js';

/** What the router's macros may use from the application. */
export interface RouterHost {
  readonly config: SwitchyardConfig;
  readonly container: Container;
  readonly middlewareResolver: MiddlewareResolver;
  readonly render: ErrorRenderer;
}

/**
 * The types of router macros. Augment it from your code, through the
 * package entry, to type your own macros:
 *
 * @example
 * declare module 'switchyard-http' {
 *   interface RouterMacros { health(path: string): Route }
 * }
 * Router.macro('health', function (this: Router, path: string) { ... });
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, so users can augment it
export interface RouterMacros {}

/** Router instances have the methods of `RouterMacros`. */
export interface Router extends RouterMacros {}

/**
 * Registers routes by exact path and finds them again. Paths are static
 * (one endpoint hosts many actions); a trailing slash is ignored, as in the
 * host framework. Macroable: the `svc` macro is added by `SvcServiceProvider`.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above only adds macro types
export class Router extends Macroable implements RouteNameRegistry {
  readonly host: RouterHost;
  readonly #byPath = new Map<string, Route>();
  readonly #byName = new Map<string, Route>();
  #prefix = '';
  #groupMiddleware: MiddlewareSpec[] = [];
  #sealed = false;

  constructor(host: RouterHost) {
    super();
    this.host = host;
  }

  /**
   * Registers a route for `methods` at `path` (under the current group
   * prefix): a handler `(request, route)`, or `{ formRequest, handler }`
   * whose handler gets the form request once it passed. One path has one
   * route: registering it twice is a LogicException.
   */
  addRoute<F extends FormRequest>(
    methods: readonly HttpMethod[],
    path: string,
    handler: RouteHandler | RouteTarget | FormRouteTarget<F>,
  ): Route {
    if (this.#sealed) throw new LogicException('Routes must be registered before the application handles requests.');
    const full = normalisePath(this.#prefix + '/' + path.replace(/^\/+/, ''));
    if (this.#byPath.has(full)) throw new LogicException(`A route for "${full}" is already registered.`);
    const route = new Route(methods, full, typeof handler === 'function' ? { handler } : (handler as RouteTarget), this);
    if (this.#groupMiddleware.length > 0) route.middleware(this.#groupMiddleware);
    this.#byPath.set(full, route);
    return route;
  }

  /** Registers the routes `define` adds under `prefix`, with `middleware` on each. */
  group(options: { prefix?: string; middleware?: MiddlewareSpec[] }, define: (router: this) => void): this {
    const previous = [this.#prefix, this.#groupMiddleware] as const;
    this.#prefix = normalisePath(this.#prefix + '/' + (options.prefix ?? '').replace(/^\/+/, ''));
    if (this.#prefix === '/') this.#prefix = '';
    this.#groupMiddleware = [...this.#groupMiddleware, ...(options.middleware ?? [])];
    try {
      define(this);
    } finally {
      [this.#prefix, this.#groupMiddleware] = previous;
    }
    return this;
  }

  /**
   * The route a request path reaches: `path` as sent, percent-decoded
   * (`decodePath`; undefined when it cannot be decoded), ignoring one trailing
   * slash as sent (an encoded `%2F` at the end is not ignored, as in the host framework).
   */
  find(path: string): Route | undefined {
    const key = decodePath(path);
    if (key === undefined) return undefined;
    const route = this.#byPath.get(key);
    if (route !== undefined || path.length < 2 || !path.endsWith('/')) return route;
    return this.#byPath.get(key.slice(0, -1));
  }

  /** The route named `name`. */
  byName(name: string): Route | undefined {
    return this.#byName.get(name);
  }

  /** Every registered route, in registration order. */
  routes(): Route[] {
    return [...this.#byPath.values()];
  }

  /** @internal At boot: no route can be added after. */
  seal(): void {
    this.#sealed = true;
  }

  /** Called by `Route.name()` (the `RouteNameRegistry` routes name themselves through). */
  nameRoute(route: Route, name: string): void {
    const existing = this.#byName.get(name);
    if (existing && existing !== route) throw new LogicException(`A route named "${name}" is already registered.`);
    this.#byName.set(name, route);
  }
}

function normalisePath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}
