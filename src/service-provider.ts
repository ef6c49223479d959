import type { Application } from './application.js';

/**
 * Registers services, bindings or macros with an application, as the host
 * framework's service providers: `register()` runs when the provider is
 * added; `boot()`, if any, when the application first handles a request or
 * listens.
 */
export interface ServiceProvider {
  register(app: Application): void;
  boot?(app: Application): void;
}
