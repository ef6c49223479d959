import type { Request } from '../http/request.js';
import { optionsResponse, type JsonResponse } from '../http/response.js';
import { NotFoundError } from '../errors/http-error.js';
import type { ControllerClass } from '../action-controller.js';
import type { HttpMethod } from '../action.js';
import { LogicException } from '../errors/logic-exception.js';
import { resolve } from '../container.js';
import { compose, type Handler } from '../pipeline/compose.js';
import { isThenable, type Awaitable } from '../awaitable.js';
import type { FormRequest } from '../form-request.js';
import { buildActionTable, type ActionPlan, type ActionTable } from '../pipeline/action-plan.js';
import { selectAction } from '../pipeline/select-action.js';
import { guardMethod } from '../pipeline/guard-method.js';
import { resolveFormRequest } from '../pipeline/resolve-form-request.js';
import { runHandler } from '../pipeline/run-handler.js';
import { PrecognitionNotSupportedError, precognitionSuccess, validateOnly } from '../precognition.js';
import { expandMethods } from './methods.js';
import type { Route } from './route.js';
import { assertSignedRouteSelectsByQuery, isSignatureMiddleware } from '../signing/signed-route-guard.js';
import type { Router, RouterHost } from './router.js';
import type { ValidationLimits } from '../validation/limits.js';

const SELECTED = Symbol('selected action');
/** The selected action, or the 404 to answer once route middleware has run. */
type WithSelection = Request & { [SELECTED]?: ActionPlan | NotFoundError };

/**
 * The handler of a route registered with `router.svc(path, Controller, methods)`:
 * select the action → route middleware → method guard → form request → handler.
 * (An unknown action is answered with 404 after route middleware.)
 * Everything that can be known at registration (the action table, allowed
 * methods, validators) is worked out here, once.
 */
export class SvcDispatcher {
  readonly table: ActionTable;
  readonly #host: RouterHost;
  readonly #readsBodyToSelect: boolean;
  #pipeline: Handler | undefined;
  #pipelineVersion = -1;

  constructor(host: RouterHost, controller: ControllerClass, routeMethods: readonly HttpMethod[]) {
    this.#host = host;
    const instance = resolve(host.container, controller);
    const actions = instance.actions;
    if (actions === null || typeof actions !== 'object') {
      throw new LogicException(`${controller.name}: "actions" must map action names to action classes.`);
    }
    this.table = buildActionTable(host.container, controller.name, actions);
    assertRouteAllows(controller.name, this.table, expandMethods(routeMethods));
    this.#readsBodyToSelect = host.config.action_source !== 'query';
  }

  /**
   * Runs one request through the stages. Errors become responses here, via
   * the host's renderer. An action that cannot be selected is reported only
   * after route middleware ran, as the host framework's controller would:
   * authentication and signatures are checked before a caller can learn
   * which action names exist.
   */
  readonly handle = (request: Request, route: Route): Awaitable<JsonResponse> => {
    if (this.#readsBodyToSelect && !request.bodyLoaded) {
      return request.loadBody().then(
        () => this.#selectAndRun(request, route),
        (error) => this.#host.render(error, request),
      );
    }
    return this.#selectAndRun(request, route);
  };

  #selectAndRun(request: Request, route: Route): Awaitable<JsonResponse> {
    const config = this.#host.config;
    let selected: ActionPlan | NotFoundError;
    try {
      selected = selectAction(this.table, config.action_key, config.action_source, request.query(), request.body());
      request.selectAction(selected.name);
      // The kernel adds `Vary: Precognition` to whatever this request is answered with, errors included.
      if (selected.precognition) request.variesOnPrecognition = true;
    } catch (error) {
      if (!(error instanceof NotFoundError)) return this.#host.render(error, request);
      selected = error;
    }
    (request as WithSelection)[SELECTED] = selected;
    try {
      return this.#pipelineFor(route)(request);
    } catch (error) {
      return this.#host.render(error, request);
    }
  }

  #pipelineFor(route: Route): Handler {
    if (this.#pipeline === undefined || this.#pipelineVersion !== route.version) {
      const middleware = this.#host.middlewareResolver.resolve(route.getMiddleware());
      this.#pipeline = compose(middleware, this.#runAction, this.#host.render);
      this.#pipelineVersion = route.version;
    }
    return this.#pipeline;
  }

  /** The stages after route middleware: method guard, body, form request, handler. */
  readonly #runAction = (request: Request): Awaitable<JsonResponse> => {
    const plan = (request as WithSelection)[SELECTED]!;
    if (plan instanceof NotFoundError) {
      // OPTIONS without a selectable action: what the route as a whole allows.
      if (request.method === 'OPTIONS' && request.route) return optionsResponse(request.route.allow);
      throw plan;
    }
    const early = guardMethod(plan, request.method);
    if (early) return early;
    if (request.isPrecognitive && !plan.precognition) throw new PrecognitionNotSupportedError();
    const config = this.#host.config;
    if (plan.readsBody && !request.bodyLoaded) return request.loadBody().then(() => runInput(plan, request, config));
    return runInput(plan, request, config);
  };
}

/** The form request (if any), then the handler, or the Precognition answer instead of the handler. */
function runInput(plan: ActionPlan, request: Request, limits: ValidationLimits): Awaitable<JsonResponse> {
  const precognitive = request.isPrecognitive;
  if (plan.form === undefined) return precognitive ? precognitionSuccess() : runHandler(plan.action, request);
  const form = resolveFormRequest(plan.form, request, precognitive ? validateOnly(request) : undefined, limits);
  if (isThenable<FormRequest>(form))
    return Promise.resolve(form).then((input) => (precognitive ? precognitionSuccess() : runHandler(plan.action, input)));
  return precognitive ? precognitionSuccess() : runHandler(plan.action, form);
}

/** Registration fails fast when an action accepts a method its route does not allow. */
function assertRouteAllows(controller: string, table: ActionTable, routeMethods: readonly string[]): void {
  const plans = [...table.byName.values()];
  if (table.defaultAction) plans.push(table.defaultAction);
  for (const plan of plans) {
    for (const method of plan.methods) {
      if (!routeMethods.includes(method)) {
        throw new LogicException(
          `${controller}: the action "${plan.name}" accepts ${method}, but the route only allows ${routeMethods.join(', ')}.`,
        );
      }
    }
  }
}

/** Registers a `svc` route on `router`; the body of the `svc` macro. */
export function registerSvcRoute(router: Router, path: string, controller: ControllerClass, methods: readonly HttpMethod[]): Route {
  if (!Array.isArray(methods) || methods.length === 0) {
    throw new LogicException(`svc("${path}"): give the list of HTTP methods the route allows.`);
  }
  const dispatcher = new SvcDispatcher(router.host, controller, methods);
  const route = router.addRoute(methods, path, dispatcher.handle);
  route.selectsAction = true;
  const source = router.host.config.action_source;
  // SPEC rule 12, at registration: a signature never covers the body. (Groups and aliases are checked again at boot.)
  route.checkMiddleware = (added) => {
    if (added.some((spec) => isSignatureMiddleware(spec))) assertSignedRouteSelectsByQuery(route.path, source);
  };
  return route;
}
