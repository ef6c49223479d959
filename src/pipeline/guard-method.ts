import { MethodNotAllowedError } from '../errors/http-error.js';
import { optionsResponse, type JsonResponse } from '../http/response.js';
import type { ActionPlan } from '../routing/action-table.js';
import type { Stage } from '../routing/exchange.js';

/**
 * The selected action must accept the method (SPEC rule 9). A wrong method
 * is a 405 with the action's `Allow`; OPTIONS is answered with a 204
 * carrying that `Allow`. Returns a response only for OPTIONS.
 */
export function guardMethod(plan: ActionPlan, method: string): JsonResponse | undefined {
  if (plan.methods.has(method)) return undefined;
  if (method === 'OPTIONS') return optionsResponse(plan.allow);
  throw new MethodNotAllowedError(plan.allow);
}

/** The stage. */
export const guardMethodStage: Stage = (exchange) => guardMethod(exchange.plan!, exchange.request.method()) ?? exchange.next();
