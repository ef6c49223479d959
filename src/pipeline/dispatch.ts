/**
 * The request path of a route, in order: one list per kind of route, decided
 * at boot. Each stage answers, or calls `exchange.next()` for the next one
 * (src/routing/exchange.ts). A stage returns a plain value when it has
 * nothing to wait for and a Promise when it must wait (the body, an async
 * hook), so a request that waits for nothing is answered within the tick it
 * arrived in. Adding a stage is one file and one line here.
 *
 *   svc route                                   plain route (addRoute)
 *   0. overrideMethod      a POST's _method     0. overrideMethod
 *   1. routeMethod         405 / OPTIONS        1. routeMethod
 *  (2. readBodyToSelect    action_source body/both)
 *   3. selectAction        plan, or 404 held    2. normaliseInput
 *  (4. normaliseInput      trim_strings, convert_empty_strings_to_null)
 *   5. routeMiddleware     auth, signed, yours  3. routeMiddleware
 *   6. answerMissingAction the held 404        (4. readRouteBody, 5. resolveFormRequest:
 *                                                   with { formRequest, handler })
 *                                                6. callRouteHandler  204 for a prediction
 *                                                   behind `precognitive`, else the handler
 *   7. guardMethod         405 / OPTIONS with the action's Allow
 *   8. refuseUnsupportedPrediction  400
 *  (9. actionDeadline      the action's own `timeout`)
 * (10. actionMiddleware    the action's own `middleware` and `throttle`)
 *  11. readBody            when the action needs it, within its `bodyLimit`
 *  12. resolveFormRequest  prepare → authorize (403) → validate (422) → passed
 *  13. answer              204 Precognition-Success, or the handler's value
 */
import type { SwitchyardConfig } from '../config.js';
import type { ErrorRenderer } from '../http/compose.js';
import type { Stage } from '../routing/exchange.js';
import type { ActionPolicies } from './action-policies.js';
import { overrideMethod, overrideMethodWithin } from './override-method.js';
import { routeMethod } from './route-method.js';
import { readBodyToSelect, readRouteBody } from './read-body.js';
import { selectActionStage } from './select-action.js';
import { normaliseInput } from './normalise-input.js';
import { routeMiddleware } from './route-middleware.js';
import { answerMissingAction } from './answer-missing-action.js';
import { guardMethodStage } from './guard-method.js';
import { refuseUnsupportedPrediction } from './refuse-prediction.js';
import { resolveFormRequestStage } from './resolve-form-request.js';
import { answer, callRouteHandler } from './run-handler.js';

/** The stages of a `svc` route under this configuration and the actions' own policies. */
export function svcStages(config: SwitchyardConfig, policies: ActionPolicies, render: ErrorRenderer): readonly Stage[] {
  return [
    overrideMethodWithin((exchange) => policies.limitsToSelect(exchange.route!.actions)),
    routeMethod,
    ...(config.action_source === 'query' ? [] : [readBodyToSelect(policies)]),
    selectActionStage(config),
    ...(config.trim_strings === false && config.convert_empty_strings_to_null === false ? [] : [normaliseInput]),
    routeMiddleware,
    answerMissingAction,
    guardMethodStage,
    refuseUnsupportedPrediction,
    ...(policies.deadlines ? [policies.deadlineStage(render)] : []),
    ...(policies.middleware ? [policies.middlewareStage()] : []),
    policies.readBodyStage(),
    resolveFormRequestStage(config),
    answer,
  ];
}

/** The stages of a plain route. */
export const PLAIN_STAGES: readonly Stage[] = [overrideMethod, routeMethod, normaliseInput, routeMiddleware, callRouteHandler];

/** The stages of a plain route with a form request (`{ formRequest, handler }`) under this configuration. */
export function formRouteStages(config: SwitchyardConfig): readonly Stage[] {
  return [overrideMethod, routeMethod, normaliseInput, routeMiddleware, readRouteBody, resolveFormRequestStage(config), callRouteHandler];
}
