import { MethodNotAllowedError } from '../errors/http-error.js';
import { optionsResponse } from '../http/response.js';
import type { Stage } from '../routing/exchange.js';

/**
 * The route must accept the method: else 405 with the route's `Allow`.
 * OPTIONS is answered for every route: a plain route answers 204 with its
 * `Allow` here; a `svc` route goes on, so the selected action answers it.
 */
export const routeMethod: Stage = (exchange) => {
  const route = exchange.route!;
  const method = exchange.request.method();
  if (route.accepts(method)) return exchange.next();
  if (method === 'OPTIONS') return route.selectsAction ? exchange.next() : optionsResponse(route.allow);
  throw new MethodNotAllowedError(route.allow, 'The method is not allowed for this route.');
};
