import type { ServiceProvider, ProviderHost } from '../service-provider.js';
import { LogicException } from '../errors/logic-exception.js';
import { UrlSigner } from './url-signer.js';
import { ValidateSignature } from './validate-signature.js';
import { assertSignedRouteSelectsByQuery, isSignatureMiddleware } from './signed-route-guard.js';

/**
 * Signed URLs in one place: binds the application's `UrlSigner` (lazily: an
 * app without signed routes needs no key; a signer the user bound wins),
 * names the `signed` middleware, and checks SPEC rule 12 at boot: a URL
 * signature never covers the body, so a `svc` route behind `signed`
 * (directly, in a group, or globally) must select its action in the query.
 */
export class SigningServiceProvider implements ServiceProvider {
  register(app: ProviderHost): void {
    const { config, container, router } = app;
    // isCurrentBound, not isBound: with autobind, isBound binds.
    if (!container.isCurrentBound(UrlSigner)) {
      container
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
            (name) => router.byName(name)?.path,
          );
        })
        .inSingletonScope();
    }
    app.middlewareResolver.alias('signed', ValidateSignature);
  }

  boot(app: ProviderHost): void {
    const resolver = app.middlewareResolver;
    const globalSigned = resolver.targets(app.globalMiddleware()).some((target) => isSignatureMiddleware(target));
    for (const route of app.router.routes()) {
      if (!route.selectsAction) continue; // only svc routes select an action
      if (globalSigned || resolver.targets(route.getMiddleware()).some((target) => isSignatureMiddleware(target))) {
        assertSignedRouteSelectsByQuery(route.path, app.config.action_source);
        app.container.get(UrlSigner); // a missing key fails now, not on the first request
      }
    }
  }
}
