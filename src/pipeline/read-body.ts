import type { Stage } from '../routing/exchange.js';

/** Reads the body when the action needs one (a form request, or a method that carries a body). */
export const readBody: Stage = (exchange) => {
  const request = exchange.request;
  if (!exchange.plan!.readsBody || request.bodyLoaded) return exchange.next();
  return request.loadBody().then(() => exchange.next());
};

/** `action_source` body or both: the body must be read before the action can be selected. */
export const readBodyToSelect: Stage = (exchange) => {
  const request = exchange.request;
  if (request.bodyLoaded) return exchange.next();
  return request.loadBody().then(() => exchange.next());
};

/** A plain route with a form request: its input is the body too. */
export const readRouteBody: Stage = (exchange) => {
  const request = exchange.request;
  if (request.bodyLoaded) return exchange.next();
  return request.loadBody().then(() => exchange.next());
};
