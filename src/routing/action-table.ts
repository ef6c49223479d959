import type { Container } from 'inversify';
import { Action, type ActionClass, type FormRequestClass } from '../action.js';
import { DEFAULT_ACTION, FALLBACK_ACTION } from '../action-controller.js';
import { FormRequest } from '../form-request.js';
import { injectedArgumentCount, makeFactory, resolve, type Concrete } from '../container.js';
import { declaredParameterType } from '../handles.js';
import { LogicException } from '../errors/logic-exception.js';
import { allowHeader, expandMethods } from './methods.js';
import { actionPolicy, type ActionPolicy } from './action-policy.js';
import { responseSerializer, type Serializer } from './response-serializer.js';
import { toResponse, type JsonResponse } from '../http/response.js';
import type { CompiledValidator } from '../validation/types.js';
import { readFormRequestRules, type FormRequestRules } from './form-request-rules.js';
import type { ServiceKey, ValidationContext } from '../validation/rules/definition.js';

/** A form request class, ready at boot: how to build one and its compiled validator. */
export interface FormRequestPlan {
  readonly cls: FormRequestClass;
  readonly create: () => FormRequest;
  /** The validator of every request; undefined when the rules are read per request (then `perRequest` gives it). */
  readonly validator: CompiledValidator | undefined;
  /** The validator of this request's rules, for a class whose rules read the request (docs/form-requests.md). */
  readonly perRequest: ((form: FormRequest) => CompiledValidator) | undefined;
  /** The class has `after()` or `withValidator` hooks (they make validation async). */
  readonly hooked: boolean;
  /** What rules with input/output see of the application and the request. */
  readonly context: (request: unknown) => ValidationContext;
}

/** Everything the pipeline needs to know about one action, worked out once at boot. */
export interface ActionPlan {
  /** The public name, or `/` / `*` for reserved dispatch. */
  readonly name: string;
  readonly action: Action;
  /** Accepted methods, HEAD included when GET is. */
  readonly methods: ReadonlySet<string>;
  /** The `Allow` header for this action. */
  readonly allow: string;
  readonly precognition: boolean;
  readonly form: FormRequestPlan | undefined;
  /** Whether the body must be read before the handler (a form request, or a method that carries one). */
  readonly readsBody: boolean;
  /** What the action declares for itself alone: middleware, throttle, body limit, timeout. */
  readonly policy: ActionPolicy;
  /**
   * Turns the handler's result into the answer: a value is 200 JSON, written by the serializer of the
   * action's declared response (`static response`) when it has one, else by `JSON.stringify`.
   */
  readonly respond: (result: unknown) => JsonResponse;
}

/** The actions of one `svc` route. Names are looked up in a Map, never on an object. */
export interface ActionTable {
  /** The controller's class name, when the table was built from one (for listings such as `switchyard routes`). */
  readonly controller?: string;
  readonly byName: ReadonlyMap<string, ActionPlan>;
  readonly defaultAction: ActionPlan | undefined;
  readonly fallbackAction: ActionPlan | undefined;
}

const rulesByClass = new WeakMap<FormRequestClass, FormRequestRules>();
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds the table for a controller's `actions` map. */
export function buildActionTable(
  container: Container,
  controllerName: string,
  actions: Readonly<Record<string, ActionClass>>,
): ActionTable {
  const byName = new Map<string, ActionPlan>();
  let defaultAction: ActionPlan | undefined;
  let fallbackAction: ActionPlan | undefined;
  for (const name of Object.keys(actions)) {
    const plan = planAction(container, controllerName, name, actions[name]!);
    if (name === DEFAULT_ACTION) defaultAction = plan;
    else if (name === FALLBACK_ACTION) fallbackAction = plan;
    else byName.set(name, plan);
  }
  if (fallbackAction) byName.set(FALLBACK_ACTION, fallbackAction);
  return { controller: controllerName, byName, defaultAction, fallbackAction };
}

/** Every action of a table once: the named ones, the fallback (`*`) and the default (`/`). */
export function plansOf(table: ActionTable): ActionPlan[] {
  const plans = [...table.byName.values()];
  if (table.defaultAction !== undefined) plans.push(table.defaultAction);
  return plans;
}

function planAction(container: Container, owner: string, name: string, cls: ActionClass): ActionPlan {
  if (typeof cls !== 'function' || !(cls.prototype instanceof Action)) {
    throw new LogicException(`${owner}: the action "${name}" must be a class that extends Action.`);
  }
  if (name === '') throw new LogicException(`${owner}: an action name cannot be empty.`);
  const action = resolve<Action>(container, cls);
  const methods = expandMethods(action.methods);
  if (methods.length === 0) throw new LogicException(`${owner}: the action "${name}" (${cls.name}) accepts no method.`);
  const formClass = formRequestOf(cls);
  const form = formClass ? planFormRequest(container, formClass) : undefined;
  return {
    name,
    action,
    methods: new Set(methods),
    allow: allowHeader(methods),
    precognition: action.precognition === true,
    form,
    readsBody: form !== undefined || methods.some((m) => !BODYLESS.has(m)),
    policy: actionPolicy(owner, name, cls),
    respond: responder(responseSerializer(owner, name, (cls as { response?: unknown }).response)),
  };
}

/** The handler's result as an answer, its value written by `serialize` (made once per action). */
function responder(serialize: Serializer | undefined): (result: unknown) => JsonResponse {
  return serialize === undefined ? toResponse : (result) => toResponse(result, serialize);
}

/** The form request `handle` declares: static `formRequest`, `@handles(Class)`, or the parameter type. */
function formRequestOf(cls: ActionClass): FormRequestClass | undefined {
  const declared = cls.formRequest ?? declaredParameterType(cls.prototype);
  if (typeof declared === 'function' && declared.prototype instanceof FormRequest) return declared as FormRequestClass;
  return undefined;
}

/** Builds the form request plan: its rules read, and compiled unless they are read per request, once per class. */
export function planFormRequest(container: Container, cls: FormRequestClass): FormRequestPlan {
  const create = makeFactory(container, cls);
  let rules = rulesByClass.get(cls);
  if (rules === undefined) {
    // Read rules() from a plain instance when the class takes no constructor arguments: property injections
    // may be bound after the routes are registered (they are resolved per request).
    const sample = injectedArgumentCount(cls) === 0 ? new (cls as unknown as new () => FormRequest)() : create();
    rules = readFormRequestRules(cls, sample);
    rulesByClass.set(cls, rules);
  }
  const proto = cls.prototype as FormRequest;
  const hooked = typeof proto.withValidator === 'function' || proto.after !== FormRequest.prototype.after;
  const service = serviceLookup(container);
  return {
    cls,
    create,
    validator: rules.validator,
    perRequest: rules.perRequest,
    hooked,
    context: (request) => ({ service, request }),
  };
}

/** `ValidationContext.service` over the application's container. */
function serviceLookup(container: Container): ValidationContext['service'] {
  return <T>(key: ServiceKey<T>, fallback?: () => T): T => {
    // isCurrentBound, not isBound: with autobind, isBound would try to build an abstract key.
    const id = key as unknown as Concrete<T>;
    if (container.isCurrentBound(id)) return container.get<T>(id);
    if (fallback !== undefined) return fallback();
    throw new LogicException(
      `A validation rule needs a ${key.name}: bind one in the application's container (app.container.bind(${key.name}).toConstantValue(...)).`,
    );
  };
}
