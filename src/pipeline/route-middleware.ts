import type { Awaitable } from '../awaitable.js';
import type { HttpRequest } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import type { Exchange, Stage } from '../routing/exchange.js';

/** The route's middleware, composed once at boot around the stages after it. */
export const routeMiddleware: Stage = (exchange) => exchange.route!.composedMiddleware(exchange.request, exchange);

/**
 * Where route and action middleware hand the request on: the stages after
 * them, with the request the last middleware passed. Composed around it at
 * boot (`compose(middleware, continueStages, render)`).
 */
export function continueStages(request: HttpRequest, exchange: Exchange): Awaitable<JsonResponse> {
  exchange.request = request;
  return exchange.next();
}
