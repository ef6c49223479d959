import type { Action } from '../action.js';
import { toResponse, type JsonResponse } from '../http/response.js';
import { then, type Awaitable } from '../awaitable.js';
import { precognitionSuccess } from '../precognition.js';
import type { Stage } from '../routing/exchange.js';

/**
 * Calls the action's `handle` with its input (the form request, or
 * the request) and turns the result into a response: a plain value is a 200
 * JSON body, `undefined` a 204, a `JsonResponse` is sent as it is. A handler
 * that returns a Promise is waited for; one that returns a value is not.
 */
export function runHandler(
  action: Action,
  input: unknown,
  respond: (result: unknown) => JsonResponse = toResponse,
): Awaitable<JsonResponse> {
  return then((action.handle as (input: unknown) => unknown)(input), respond);
}

/** The last stage of a `svc` route: the Precognition answer for a prediction, else the handler. */
export const answer: Stage = (exchange) => {
  if (exchange.request.isPrecognitive) return precognitionSuccess();
  const plan = exchange.plan!;
  return runHandler(plan.action, exchange.form ?? exchange.request, plan.respond);
};

/**
 * The last stage of a plain route: the Precognition answer for a prediction
 * to a route behind the `precognitive` middleware (the host framework's
 * precognition dispatchers), else its handler, with its form request if it
 * has one. A prediction to another plain route runs the handler, as there.
 */
export const callRouteHandler: Stage = (exchange) => {
  const route = exchange.route!;
  if (route.precognitive && exchange.request.isPrecognitive) return precognitionSuccess();
  return route.callHandler(exchange.request, exchange.form);
};
