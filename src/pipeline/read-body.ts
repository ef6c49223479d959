import type { Stage } from '../routing/exchange.js';
import type { ActionPolicies } from './action-policies.js';

/**
 * `action_source` body or both: the body must be read before the action can be selected, within the
 * largest body limit of the route's actions (the selected action's own is checked once it is known).
 */
export function readBodyToSelect(policies: ActionPolicies): Stage {
  return (exchange) => {
    const request = exchange.request;
    if (request.bodyLoaded) return exchange.next();
    return request.loadBody(policies.limitsToSelect(exchange.route!.actions)).then(() => exchange.next());
  };
}

/** A plain route with a form request: its input is the body too. */
export const readRouteBody: Stage = (exchange) => {
  const request = exchange.request;
  if (request.bodyLoaded) return exchange.next();
  return request.loadBody().then(() => exchange.next());
};
