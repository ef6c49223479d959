import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createConfiguredServer } from './http/server.js';
import type { AddressInfo } from 'node:net';
import { resolveConfig, type SwitchyardConfig, type SwitchyardOptions } from './config.js';
import { createContainer, type Container } from './container.js';
import { Router, type RouterHost } from './routing/router.js';
import { MiddlewareResolver, type MiddlewareClass, type MiddlewareSpec } from './routing/middleware-resolver.js';
import { SvcServiceProvider } from './svc-service-provider.js';
import type { ServiceProvider } from './service-provider.js';
import { Kernel, type NextFunction } from './http/kernel.js';
import { compose, type ErrorRenderer, type Handler } from './pipeline/compose.js';
import { renderError } from './errors/render-error.js';
import type { MiddlewareFunction } from './http/middleware.js';
import { UrlSigner } from './signing/url-signer.js';
import { ValidateSignature } from './signing/validate-signature.js';
import { assertSignedRouteSelectsByQuery, isSignatureMiddleware } from './signing/signed-route-guard.js';
import { LogicException } from './errors/logic-exception.js';
import type { Logger } from 'pino';
import { createLogger } from './logging/create-logger.js';
import { logRequests, renderAndLog } from './logging/request-logging.js';
import { injectInto, type InjectOptions, type InjectResponse } from './testing/inject.js';
import { describeRoutes, type RouteDescription } from './cli/describe-routes.js';

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
export class Application implements RouterHost {
  readonly config: SwitchyardConfig;
  readonly container: Container;
  readonly router: Router;
  readonly middlewareResolver: MiddlewareResolver;
  readonly render: ErrorRenderer;
  readonly #providers: ServiceProvider[] = [];
  readonly #global: MiddlewareSpec[] = [];
  readonly #logger: Logger | undefined;
  #booted = false;
  #kernel: Kernel | undefined;
  #server: Server | undefined;

  /** Validates the options (a `LogicException` for a bad value) and registers the `svc` macro. */
  constructor(options: SwitchyardOptions = {}, container: Container = createContainer()) {
    this.config = resolveConfig(options);
    this.container = container;
    this.middlewareResolver = new MiddlewareResolver(container);
    const report = this.config.report;
    this.#logger = createLogger(this.config.logger);
    // With a logger, unexpected errors are logged, unless you gave your own `report`.
    this.render =
      this.#logger !== undefined && options.report === undefined ? renderAndLog(this.#logger) : (error) => renderError(error, report);
    this.router = new Router(this);
    this.#bindUrlSigner();
    this.register(new SvcServiceProvider());
  }

  /** The application's pino logger when the `logger` option is on; undefined when logging is off. */
  get logger(): Logger | undefined {
    return this.#logger;
  }

  /** The signer of this application's URLs (`signedRoute`, `temporarySignedRoute`, `hasValidSignature`). */
  get urlSigner(): UrlSigner {
    return this.container.get(UrlSigner);
  }

  /** Binds the URL signer lazily (an app without signed routes needs no key) and the `signed` alias. */
  #bindUrlSigner(): void {
    const config = this.config;
    // A signer bound by the user wins. (isCurrentBound, not isBound: with autobind, isBound binds.)
    if (!this.container.isCurrentBound(UrlSigner)) {
      this.container
        .bind(UrlSigner)
        .toDynamicValue(() => {
          if (config.app_key === undefined) {
            throw new LogicException('Signed URLs need a key: set APP_KEY or the app_key option.');
          }
          return new UrlSigner(
            {
              key: config.app_key,
              previousKeys: config.previous_keys,
              ...(config.app_url === undefined ? {} : { appUrl: config.app_url }),
              ...(config.signed_url_max_lifetime === 0 ? {} : { maxLifetimeSeconds: config.signed_url_max_lifetime }),
            },
            (name) => this.router.byName(name)?.path,
          );
        })
        .inSingletonScope();
    }
    this.middlewareResolver.alias('signed', ValidateSignature);
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
    if (this.#kernel) throw new LogicException('Global middleware must be added before the application handles requests.');
    this.#global.push(...middleware);
    return this;
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

  /** Runs the providers' `boot()` once. Called on first use; call it yourself to fail fast. */
  boot(): this {
    if (this.#booted) return this;
    for (const provider of this.#providers) provider.boot?.(this);
    this.#checkSignedRoutes();
    // Unknown aliases and unbuildable middleware classes fail here, not on a route's first request.
    this.middlewareResolver.resolve(this.#global);
    for (const route of this.router.routes()) this.middlewareResolver.resolve(route.getMiddleware());
    this.#booted = true; // only once every check passed: a failed boot fails again next time
    return this;
  }

  /**
   * SPEC rule 12: a signature never covers the body, so a route behind the
   * `signed` middleware (directly, in a group, or globally) must select its
   * action in the query. Checked at boot, when all middleware is known.
   */
  #checkSignedRoutes(): void {
    const globalSigned = this.middlewareResolver.targets(this.#global).some((t) => isSignatureMiddleware(t));
    for (const route of this.router.routes()) {
      if (!route.selectsAction) continue; // only svc routes select an action
      const signed = globalSigned || this.middlewareResolver.targets(route.getMiddleware()).some((t) => isSignatureMiddleware(t));
      if (signed) {
        assertSignedRouteSelectsByQuery(route.path, this.config.action_source);
        void this.urlSigner; // a missing key fails now, not on the first request
      }
    }
  }

  #getKernel(): Kernel {
    if (this.#kernel) return this.#kernel;
    this.boot();
    const global = this.middlewareResolver.resolve(this.#global);
    // Decided here, once: without a logger the pipeline is exactly what it would be without the feature.
    const logging = this.#logger === undefined ? undefined : logRequests(this.#logger, this.render);
    const wrap = (destination: Handler) => {
      const pipeline = compose(global, destination, this.render);
      return logging === undefined ? pipeline : logging(pipeline);
    };
    return (this.#kernel = new Kernel(this.router, wrap, this.render, this.config, this.middlewareResolver));
  }

  /** The `(req, res)` listener for `http.createServer(app.listener)`; unmatched paths get a JSON 404. */
  get listener(): (req: IncomingMessage, res: ServerResponse) => void {
    const kernel = this.#getKernel();
    return (req, res) => kernel.handle(req, res);
  }

  /** Express-style `(req, res, next)` middleware: unmatched paths are passed to `next()`. */
  get middleware(): (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void {
    const kernel = this.#getKernel();
    return (req, res, next) => kernel.handle(req, res, next);
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
   * A read-only description of the routes, in registration order: methods,
   * path, name, middleware and, for `svc` routes, each action with its
   * methods, form request and middleware. What `switchyard routes` prints.
   */
  routeList(): RouteDescription[] {
    return describeRoutes(this.router);
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
   * `shutdown_timeout` ms.
   */
  close(): Promise<void> {
    const server = this.#server;
    if (!server) return Promise.resolve();
    this.#server = undefined;
    if (this.#kernel) this.#kernel.closing = true;
    return new Promise((resolve, reject) => {
      const deadline = setTimeout(() => server.closeAllConnections(), this.config.shutdown_timeout);
      deadline.unref();
      server.close((error) => {
        clearTimeout(deadline);
        if (error) reject(error);
        else resolve();
      });
      server.closeIdleConnections();
    });
  }
}
