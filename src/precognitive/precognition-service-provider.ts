import type { ProviderHost, ServiceProvider } from '../service-provider.js';
import { HandlePrecognitiveRequests } from './handle-precognitive-requests.js';

/**
 * Names the `precognitive` middleware and, at boot, marks every route
 * behind it (directly, in a group, or globally) as answering Precognition,
 * so that the route's stages and the kernel's headers know it from the
 * first request on.
 */
export class PrecognitionServiceProvider implements ServiceProvider {
  register(app: ProviderHost): void {
    app.middlewareResolver.alias('precognitive', HandlePrecognitiveRequests);
  }

  boot(app: ProviderHost): void {
    const resolver = app.middlewareResolver;
    const everywhere = resolver.targets(app.globalMiddleware()).includes(HandlePrecognitiveRequests);
    for (const route of app.router.routes()) {
      if (everywhere || resolver.targets(route.getMiddleware()).includes(HandlePrecognitiveRequests)) route.markPrecognitive();
    }
  }
}
