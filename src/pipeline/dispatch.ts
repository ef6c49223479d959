/**
 * The stages of a route, in order: one list per kind of route, decided at
 * boot, each stage named as docs/architecture.md ("A request's path") names
 * it — a test holds the two together. Each stage answers, or calls
 * `exchange.next()` for the next one (src/routing/exchange.ts). A stage
 * returns a plain value when it has nothing to wait for and a Promise when
 * it must wait (the body, an async hook), so a request that waits for
 * nothing is answered within the tick it arrived in. Adding a stage is one
 * file and one entry here.
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

/** A stage with the name the architecture page gives it. */
export interface NamedStage {
  readonly name: string;
  readonly run: Stage;
}

/** The stages of a `svc` route under this configuration and the actions' own policies. */
export function svcStages(config: SwitchyardConfig, policies: ActionPolicies, render: ErrorRenderer): readonly NamedStage[] {
  return [
    { name: 'overrideMethod', run: overrideMethodWithin((exchange) => policies.limitsToSelect(exchange.route!.actions)) },
    { name: 'routeMethod', run: routeMethod },
    ...(config.action_source === 'query' ? [] : [{ name: 'readBodyToSelect', run: readBodyToSelect(policies) }]),
    { name: 'selectAction', run: selectActionStage(config) },
    ...normalising(config),
    { name: 'routeMiddleware', run: routeMiddleware },
    { name: 'answerMissingAction', run: answerMissingAction },
    { name: 'guardMethod', run: guardMethodStage },
    { name: 'refuseUnsupportedPrediction', run: refuseUnsupportedPrediction },
    ...(policies.deadlines ? [{ name: 'actionDeadline', run: policies.deadlineStage(render) }] : []),
    ...(policies.middleware ? [{ name: 'actionMiddleware', run: policies.middlewareStage() }] : []),
    { name: 'readBody', run: policies.readBodyStage() },
    { name: 'resolveFormRequest', run: resolveFormRequestStage(config) },
    { name: 'answer', run: answer },
  ];
}

/** The stages of a plain route (`addRoute`); `withForm`: one with a form request (`{ formRequest, handler }`). */
export function plainStages(config: SwitchyardConfig, withForm: boolean): readonly NamedStage[] {
  return [
    { name: 'overrideMethod', run: overrideMethod },
    { name: 'routeMethod', run: routeMethod },
    { name: 'normaliseInput', run: normaliseInput },
    { name: 'routeMiddleware', run: routeMiddleware },
    ...(withForm
      ? [
          { name: 'readRouteBody', run: readRouteBody },
          { name: 'resolveFormRequest', run: resolveFormRequestStage(config) },
        ]
      : []),
    { name: 'callRouteHandler', run: callRouteHandler },
  ];
}

/** `trim_strings` and `convert_empty_strings_to_null`, unless both are off: from here on the input reads normalised. */
function normalising(config: SwitchyardConfig): readonly NamedStage[] {
  return config.trim_strings === false && config.convert_empty_strings_to_null === false
    ? []
    : [{ name: 'normaliseInput', run: normaliseInput }];
}
