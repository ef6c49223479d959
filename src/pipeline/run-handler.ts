import type { Action } from '../action.js';
import { toResponse, type JsonResponse } from '../http/response.js';

/**
 * Stage 4: calls the action's `handle` with its input (the form request, or
 * the request) and turns the result into a response: a plain value is a 200
 * JSON body, `undefined` a 204, a `JsonResponse` is sent as it is.
 */
export async function runHandler(action: Action, input: unknown): Promise<JsonResponse> {
  const result = (action.handle as (input: unknown) => unknown)(input);
  const isThenable = result !== null && typeof (result as { then?: unknown } | undefined)?.then === 'function';
  return toResponse(isThenable ? await result : result);
}
