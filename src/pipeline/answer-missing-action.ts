import { optionsResponse } from '../http/response.js';
import type { Stage } from '../routing/exchange.js';

/**
 * The 404 held back by selection, now that route middleware let the request
 * through. OPTIONS without a selectable action answers what the route allows.
 */
export const answerMissingAction: Stage = (exchange) => {
  const missing = exchange.missing;
  if (missing === undefined) return exchange.next();
  if (exchange.request.method() === 'OPTIONS') return optionsResponse(exchange.route!.allow);
  throw missing;
};
