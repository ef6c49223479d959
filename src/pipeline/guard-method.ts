import { MethodNotAllowedError } from '../errors/http-error.js';
import { optionsResponse, type JsonResponse } from '../http/response.js';
import type { ActionPlan } from './action-plan.js';

/**
 * Stage 2: the selected action must accept the method (SPEC rule 9). A
 * wrong method is a 405 with the action's `Allow`; OPTIONS is answered here
 * with a 204 carrying that `Allow`. Returns a response only for OPTIONS.
 */
export function guardMethod(plan: ActionPlan, method: string): JsonResponse | undefined {
  if (plan.methods.has(method)) return undefined;
  if (method === 'OPTIONS') return optionsResponse(plan.allow);
  throw new MethodNotAllowedError(plan.allow);
}
