import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConfiguredServer } from './http/server.js';
import { resolveConfig, type SwitchyardConfig, type SwitchyardOptions } from './config.js';
import { createContainer, type Container } from './container.js';
import { Router, type RouterHost } from './routing/router.js';
import { MiddlewareResolver, type MiddlewareClass, type MiddlewareSpec } from './routing/middleware-resolver.js';
import type { Exchange } from './routing/exchange.js';
import { continueStages } from './pipeline/route-middleware.js';
import { SvcServiceProvider } from './svc/svc-service-provider.js';
import { SigningServiceProvider } from './signing/signing-service-provider.js';
import type { ProviderHost, ServiceProvider } from './service-provider.js';
import { Kernel, type NextFunction } from './kernel.js';
import { compose, type ErrorRenderer, type Handler } from './http/compose.js';
import { renderError } from './http/render-error.js';
import type { MiddlewareFunction } from './http/middleware.js';
import { UrlSigner } from './signing/url-signer.js';
import { LogicException } from './errors/logic-exception.js';
import { plainStages, svcStages, type NamedStage } from './pipeline/dispatch.js';
import { ActionPolicies } from './pipeline/action-policies.js';
import { plansOf, planFormRequest, type ActionPlan } from './routing/action-table.js';
import { PrecognitionServiceProvider } from './precognitive/precognition-service-provider.js';
import { CorsPolicy } from './cors/cors-policy.js';
import { healthCheck } from './http/health.js';
import { HealthProbe } from './http/health-probe.js';
import { answerOverloaded, LoadShedder } from './http/load-shedder.js';
import { RateLimiter } from './rate-limiting/rate-limiter.js';
import { RateLimitingServiceProvider } from './rate-limiting/rate-limiting-service-provider.js';
import type { Logger } from 'pino';
import { createLogger } from './logging/create-logger.js';
import { logRequests, renderAndLog } from './logging/request-logging.js';
import { bothObservers, diagnosticsObserver } from './diagnostics/observer.js';
import { publishingErrors } from './diagnostics/errors.js';
import { injectInto, type InjectOptions, type InjectResponse } from './testing/inject.js';
import { OpenApiGenerator, type OpenApiDocument, type OpenApiOptions } from './openapi/index.js';
import { json } from './http/response.js';

/** A route file: a function that registers routes, e.g. `routes/api.ts`'s default export. */
export type RouteFile = (router: Router) => void;

/**
 * A Switchyard application: configuration, the Inversify container, the
 * router with its `svc` macro, and the HTTP kernel. Embed it with
 * `http.createServer(app.listener)`, mount `app.middleware` in an existing
 * server, or call `app.listen()`.
 *
 * @example
 * const app = new Application({ action_key: 'action' }).withRouting({ api: apiRoutes });
 * await app.listen(3000, '127.0.0.1');
 */
export class Application implements RouterHost, ProviderHost {
  readonly config: SwitchyardConfig;
  readonly container: Container;
  readonly router: Router;
  readonly middlewareResolver: MiddlewareResolver;
  readonly render: ErrorRenderer;
  readonly #providers: ServiceProvider[] = [];
  readonly #global: MiddlewareSpec[] = [];
  #booted = false;
  #globalMiddleware: MiddlewareFunction[] = [];
  readonly #logger: Logger | undefined;
  #kernel: Kernel | undefined;
  #server: Server | undefined;
  #openapi: OpenApiGenerator | undefined;
  #openapiRoute = false;
  /** Made once, on the first listener, when `health_checks` / `max_event_loop_delay` are set. */
  #healthProbe: HealthProbe | undefined;
  /** The named stages of each kind of route, made at boot (for `lifecycle()`). */
  #stageLists: Record<'svc' | 'plain' | 'form', readonly NamedStage[]> | undefined;
  #loadShedder: LoadShedder | undefined;

  /** Validates the options (a `LogicException` for a bad value) and registers the `svc` macro. */
  constructor(options: SwitchyardOptions = {}, container: Container = createContainer()) {
    this.config = resolveConfig(options);
    this.container = container;
    this.middlewareResolver = new MiddlewareResolver(container);
    const report = this.config.report;
    this.#logger = createLogger(this.config.logger, process.env, this.config.log_buffer_size);
    // With a logger, unexpected errors are logged, unless you gave your own `report`.
    this.render = publishingErrors(
      this.#logger !== undefined && options.report === undefined ? renderAndLog(this.#logger) : (error) => renderError(error, report),
    );
    this.router = new Router(this);
    this.register(new SigningServiceProvider());
    this.register(new RateLimitingServiceProvider());
    this.register(new SvcServiceProvider());
    this.register(new PrecognitionServiceProvider());
  }

  /** The application's pino logger when the `logger` option is on; undefined when logging is off. */
  get logger(): Logger | undefined {
    return this.#logger;
  }

  /** The signer of this application's URLs (`signedRoute`, `temporarySignedRoute`, `hasValidSignature`). */
  get urlSigner(): UrlSigner {
    return this.container.get(UrlSigner);
  }

  /** Named limiters (`for('api', ...)`) and attempt counting for the `throttle` middleware; Laravel's `RateLimiter` facade. */
  get rateLimiter(): RateLimiter {
    return this.container.get(RateLimiter);
  }

  /** Adds a service provider and runs its `register()`. */
  register(provider: ServiceProvider): this {
    this.#providers.push(provider);
    provider.register(this);
    if (this.#booted) provider.boot?.(this);
    return this;
  }

  /** Loads route files: `api` routes are registered under `api_prefix` (default `/api`). */
  withRouting(files: { api?: RouteFile; web?: RouteFile }): this {
    if (files.web) files.web(this.router);
    if (files.api) this.router.group({ prefix: this.config.api_prefix }, (router) => files.api!(router));
    return this;
  }

  /** Adds global middleware, run for every request before its route. */
  use(...middleware: MiddlewareSpec[]): this {
    if (this.#booted) throw new LogicException('Global middleware must be added before the application handles requests.');
    this.#global.push(...middleware);
    return this;
  }

  /** The global middleware (`use()`), in order. */
  globalMiddleware(): readonly MiddlewareSpec[] {
    return this.#global;
  }

  /** Names a route middleware (`auth`, `signed`...) so routes can refer to it by string. */
  aliasMiddleware(name: string, middleware: MiddlewareFunction | MiddlewareClass): this {
    this.middlewareResolver.alias(name, middleware);
    return this;
  }

  /** Names a list of middleware. */
  middlewareGroup(name: string, middleware: MiddlewareSpec[]): this {
    this.middlewareResolver.group(name, middleware);
    return this;
  }

  /**
   * Boots once: runs the providers' `boot()` (e.g. the signed-route check),
   * resolves every middleware once (each class constructed once; unknown
   * aliases fail here), composes each route's middleware around its stages,
   * and seals the router: no route or middleware can be added after. Called
   * on first use; call it yourself to fail fast.
   */
  boot(): this {
    if (this.#booted) return this;
    this.#serveOpenApi();
    for (const provider of this.#providers) provider.boot?.(this);
    this.#checkHealthPath();
    const resolver = this.middlewareResolver;
    const global = resolver.resolve(this.#global);
    const routes = this.router.routes();
    const routeMiddleware = routes.map((route) => resolver.resolve(route.getMiddleware()));
    // Each action's own middleware (and throttle), composed once around the rest of its stages.
    const tables = routes.flatMap((route) => (route.actions === undefined ? [] : [route.actions]));
    const actionMiddleware = new Map<ActionPlan, Handler<Exchange>>();
    for (const plan of tables.flatMap(plansOf)) {
      if (plan.policy.middleware.length > 0 && !actionMiddleware.has(plan)) {
        actionMiddleware.set(plan, compose(resolver.resolve(plan.policy.middleware as MiddlewareSpec[]), continueStages, this.render));
      }
    }
    // Everything resolved: only now change state, so a failed boot fails again next time.
    const forms = routes.map((route) => (route.formRequest === undefined ? undefined : planFormRequest(this.container, route.formRequest)));
    const lists = {
      svc: svcStages(this.config, new ActionPolicies(this.config, tables, actionMiddleware), this.render),
      plain: plainStages(this.config, false),
      form: plainStages(this.config, true),
    };
    const runs = { svc: lists.svc.map((s) => s.run), plain: lists.plain.map((s) => s.run), form: lists.form.map((s) => s.run) };
    routes.forEach((route, i) => {
      const kind = route.selectsAction ? 'svc' : forms[i] !== undefined ? 'form' : 'plain';
      route.seal(runs[kind], compose(routeMiddleware[i]!, continueStages, this.render), forms[i]);
    });
    this.router.seal();
    this.#stageLists = lists;
    this.#globalMiddleware = global;
    this.#booted = true;
    return this;
  }

  /**
   * Every step a request to a route of `kind` goes through under this
   * application's configuration, in order, by name: what answers before the
   * kernel (the health check, load shedding), the kernel's checks, the
   * handler deadline, global middleware, the route's stages, and the
   * answer's headers and writing. The list docs/architecture.md shows
   * ("A request's path") is this list with every optional step on.
   */
  lifecycle(kind: 'svc' | 'plain' | 'form' = 'svc'): string[] {
    const kernel = this.#getKernel();
    const { health, max_event_loop_delay: shedding, handler_timeout: deadline } = this.config;
    return [
      ...(health === undefined ? [] : ['health']),
      ...(shedding === 0 ? [] : ['loadShedding']),
      'findRoute',
      ...kernel.checks.map((check) => check.name),
      ...(deadline === 0 ? [] : ['handlerDeadline']),
      'globalMiddleware',
      ...this.#stageLists![kind].map((stage) => stage.name),
      'answerHeaders',
      'writeResponse',
    ];
  }

  /**
   * The OpenAPI 3.1 document of this application, generated from its routes,
   * controllers, actions, methods, form-request rules and middleware (see
   * docs/openapi.md). Boots the application first; the document is built
   * once and kept (frozen), so later calls cost nothing.
   *
   * @example
   * const document = app.openapi({ info: { title: 'System API', version: '1.0.0' } });
   */
  openapi(options: OpenApiOptions = {}): OpenApiDocument {
    this.boot();
    this.#openapi ??= new OpenApiGenerator(this, this.config.openapi === false ? undefined : this.config.openapi);
    return this.#openapi.document(options.info === undefined ? { ...options, info: this.config.openapi_info } : options);
  }

  /** With the `openapi` option, a GET route serving the document (built on its first request). Once, at boot. */
  #serveOpenApi(): void {
    const path = this.config.openapi;
    if (path === false || this.#openapiRoute) return;
    if (this.router.find(path) !== undefined) {
      throw new LogicException(`The openapi path "${path}" is also a route: choose another path for one of them.`);
    }
    this.router.addRoute(['GET'], path, () => json(this.openapi()));
    this.#openapiRoute = true;
  }

  /** The health check answers before routing, so no route may sit on its path. */
  #checkHealthPath(): void {
    const path = this.config.health;
    if (path !== undefined && this.router.find(path) !== undefined) {
      throw new LogicException(`The health path "${path}" is also a route: choose another path for one of them.`);
    }
  }

  #getKernel(): Kernel {
    if (this.#kernel) return this.#kernel;
    this.boot();
    const global = this.#globalMiddleware;
    // CORS, as HandleCors among the host framework's global middleware: preflights are answered before
    // anything else runs, and its headers go on every answer as it is written, errors included (414, 503...).
    const cors = this.config.cors === false ? undefined : new CorsPolicy(this.config.cors);
    // Request logging observes the kernel, so its line has the status of every answer, preflights included.
    // Decided here, once: without a logger nothing is observed.
    const logging = this.#logger === undefined ? undefined : logRequests(this.#logger);
    // Each request's life on node:diagnostics_channel, for tracing and metrics (`switchyard-http/otel`).
    const diagnostics = diagnosticsObserver(this.config.action_key);
    this.#kernel = new Kernel(
      this.router,
      (destination) => compose(global, destination, this.render),
      this.render,
      this.config,
      logging === undefined ? diagnostics : bothObservers(logging, diagnostics),
      cors,
    );
    return this.#kernel;
  }

  /** The `(req, res)` listener for `http.createServer(app.listener)`; unmatched paths get a JSON 404. */
  get listener(): (req: IncomingMessage, res: ServerResponse) => void {
    const kernel = this.#getKernel();
    const front = this.#front(kernel);
    if (front === undefined) return (req, res) => kernel.handle(req, res);
    return (req, res) => {
      if (!front(req, res)) kernel.handle(req, res);
    };
  }

  /** Express-style `(req, res, next)` middleware: unmatched paths are passed to `next()`. */
  get middleware(): (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void {
    const kernel = this.#getKernel();
    const front = this.#front(kernel);
    if (front === undefined) return (req, res, next) => kernel.handle(req, res, next);
    return (req, res, next) => {
      if (!front(req, res)) kernel.handle(req, res, next);
    };
  }

  /**
   * What answers before the kernel, when configured: the health check, then
   * load shedding (so `/up` keeps answering while new requests are refused).
   * Says whether it answered. Undefined when neither is on: nothing runs.
   */
  #front(kernel: Kernel): ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined {
    const { health: path, health_checks: checks, health_check_interval: interval, max_event_loop_delay: maxDelay } = this.config;
    const probe = checks === undefined ? undefined : (this.#healthProbe ??= new HealthProbe(checks, interval, this.config.report));
    const health = path === undefined ? undefined : healthCheck(path, probe);
    const shedder = maxDelay === 0 ? undefined : (this.#loadShedder ??= new LoadShedder(maxDelay));
    shedder?.start();
    if (shedder === undefined) return health === undefined ? undefined : (req, res) => health(req, res, kernel.closing);
    return (req, res) => {
      if (health?.(req, res, kernel.closing)) return true;
      if (!shedder.overloaded) return false;
      answerOverloaded(res, req.method ?? 'GET');
      return true;
    };
  }

  /**
   * Sends one request through the application in process, without a socket
   * (light-my-request), as a test would over the wire: the same kernel,
   * middleware, selection, validation and error answers. Resolves to
   * `{ statusCode, headers, body, json() }` (light-my-request's response).
   * What the node:http server does before the application sees a request
   * (header size limit, timeouts, unparseable requests) is not involved.
   *
   * @example
   * const response = await app.inject({ method: 'POST', url: '/api/system?action=echo', payload: { message: 'hi' } });
   * response.statusCode; // 200
   * response.json();     // { message: 'hi' }
   */
  inject(options: InjectOptions | string): Promise<InjectResponse> {
    return injectInto(this.listener, options);
  }

  /**
   * A node:http server running this application, with the configured head
   * size limit, timeouts and JSON answers for unparseable requests.
   */
  createServer(): Server {
    return createConfiguredServer(this.config, this.listener);
  }

  /** Starts a server on `port` and `host`; resolves with its address once it listens. */
  listen(port = 3000, host = '127.0.0.1'): Promise<AddressInfo> {
    const server = this.createServer();
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        this.#server = server; // only a server that listens is one close() must stop
        resolve(server.address() as AddressInfo);
      });
    });
  }

  /** The server started by `listen()`, if any. */
  get server(): Server | undefined {
    return this.#server;
  }

  /**
   * Graceful shutdown of the server started by `listen()`: stop accepting,
   * close idle keep-alive connections, let in-flight requests finish (their
   * responses close the connection), and cut what is left after
   * `shutdown_timeout` ms. Then the rate limiter's store is closed (its
   * Redis connection); without a server, only that.
   */
  close(): Promise<void> {
    this.#loadShedder?.stop();
    const server = this.#server;
    if (!server) return this.#shutdownProviders();
    this.#server = undefined;
    if (this.#kernel) this.#kernel.closing = true;
    return new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => server.closeAllConnections(), this.config.shutdown_timeout);
      deadline.unref();
      server.close((error) => {
        clearTimeout(deadline);
        if (error) reject(error);
        else resolve();
      });
      server.closeIdleConnections();
    }).finally(() => this.#shutdownProviders());
  }

  /** Closes the store of the rate limiter this application made (e.g. its Redis connection), after the last request. */
  /** Lets the providers close what they opened (the rate limiter's Redis connection...). */
  async #shutdownProviders(): Promise<void> {
    for (const provider of this.#providers) await provider.shutdown?.();
  }
}
