import type { Next } from '../http/middleware.js';
import type { HttpRequest } from '../http/request.js';

/**
 * The `precognitive` middleware, the host framework's
 * `HandlePrecognitiveRequests`: a route behind it answers Precognition.
 * A request with `Precognition: true` runs the route middleware and the
 * form request (prepare, authorize, validation limited by
 * `Precognition-Validate-Only`), never the handler, and a passed prediction
 * is a 204 with `Precognition-Success: true`; every answer of the route,
 * errors included, carries `Vary: Precognition`, and every answer to a
 * prediction `Precognition: true`.
 *
 * What it does is decided at boot, for the whole route, wherever it stands
 * in the route's middleware (the host framework sorts it first by
 * middleware priority): at run time it passes the request on.
 *
 * @example
 * router.addRoute(['POST'], '/contact', { formRequest: ContactRequest, handler: save }).middleware('precognitive');
 */
export class HandlePrecognitiveRequests {
  handle(request: HttpRequest, next: Next): ReturnType<Next> {
    return next(request);
  }
}
