import type { Container } from 'inversify';
import type { SwitchyardConfig } from './config.js';
import type { Router } from './routing/router.js';
import type { MiddlewareResolver, MiddlewareSpec } from './routing/middleware-resolver.js';

/** What a service provider may use of the application (the `Application` is one). */
export interface ProviderHost {
  readonly config: SwitchyardConfig;
  readonly container: Container;
  readonly router: Router;
  readonly middlewareResolver: MiddlewareResolver;
  /** The global middleware (`app.use`), in order. */
  globalMiddleware(): readonly MiddlewareSpec[];
}

/**
 * Registers services, bindings or macros with an application, as the host
 * framework's service providers: `register()` runs when the provider is
 * added; `boot()`, if any, when the application boots (first request, or
 * `app.boot()`), once every route and middleware is known.
 */
export interface ServiceProvider {
  register(app: ProviderHost): void;
  boot?(app: ProviderHost): void;
}
