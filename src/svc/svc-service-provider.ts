import { Router } from '../routing/router.js';
import type { Route } from '../routing/route.js';
import type { ControllerClass } from '../action-controller.js';
import type { HttpMethod } from '../action.js';
import type { ServiceProvider } from '../service-provider.js';
import { registerSvcRoute } from './register-svc-route.js';

declare module '../routing/router.js' {
  interface RouterMacros {
    /**
     * Registers an action-dispatch endpoint: `path` serves every action of
     * `controller`; `methods` must include each method any action accepts.
     * Returns the route, to be named or given middleware.
     *
     * @example
     * router.svc('/system', SystemController, ['GET', 'POST']).name('system');
     */
    svc(path: string, controller: ControllerClass, methods: readonly HttpMethod[]): Route;
  }
}

/** Registers the `svc` route macro, as a package's service provider does in the host framework. */
export class SvcServiceProvider implements ServiceProvider {
  register(): void {
    if (Router.hasMacro('svc')) return;
    Router.macro('svc', function svc(this: Router, path: string, controller: ControllerClass, methods: readonly HttpMethod[]) {
      return registerSvcRoute(this, path, controller, methods);
    });
  }
}
