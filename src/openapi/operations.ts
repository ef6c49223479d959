/**
 * One route's operations. A plain route has one per method; a `svc` route
 * has one per action and method, keyed by the URL that selects the action:
 * `/api/system?action=echo` (docs/openapi.md says why the action sits in
 * the path key), or `/api/system#echo` when the action is read from the body.
 */
import type { ActionPlan } from '../routing/action-table.js';
import type { Route } from '../routing/route.js';
import { DEFAULT_ACTION, FALLBACK_ACTION } from '../action-controller.js';
import { FormRequest } from '../form-request.js';
import type { ActionSource } from '../config.js';
import type { FormRequestClass } from '../action.js';
import { formRequestSchema } from './form-schema.js';
import { actionRuleSet, type Normalisation } from './rule-sets.js';
import { answer, methodNotAllowed, rateLimitHeaders } from './responses.js';
import type { RouteGuards } from './route-guards.js';
import type { ActionDocs, JsonSchema, OpenApiOperation } from './types.js';

/** The methods an OpenAPI 3.1 path item can hold (HEAD is left out when GET is there: GET implies it). */
const DOCUMENTED = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;
type DocumentedMethod = (typeof DOCUMENTED)[number];
const BODYLESS = new Set<string>(['get', 'head']);

/** An operation and where it goes in `paths`. */
export interface PlacedOperation {
  readonly path: string;
  readonly method: DocumentedMethod;
  readonly operation: OpenApiOperation;
}

/** What the operations of one document share. */
export interface OperationContext {
  readonly actionKey: string;
  readonly actionSource: ActionSource;
  /** What the application does to input before validation (for `x-switchyard-rules`). */
  readonly normalisation: Normalisation;
  /** Names of the security schemes an `auth` route requires (any one of them). */
  readonly security: readonly string[];
  /** The component name of a form request's schema (registering it on first use). */
  schemaName(cls: FormRequestClass, schema: JsonSchema): string;
  /** An operationId no other operation has. */
  uniqueId(wanted: string): string;
}

/** The documented methods of a method list, in the document's order. */
function documentedMethods(methods: Iterable<string>): DocumentedMethod[] {
  const lower = new Set([...methods].map((m) => m.toLowerCase()));
  return DOCUMENTED.filter((m) => lower.has(m) && !(m === 'head' && lower.has('get')));
}

/** The name an operationId starts with: the route's name, else its path with dots (`api.system`). */
function routeLabel(route: Route): string {
  return route.getName() ?? (route.path.replace(/^\/+/, '').replace(/\//g, '.') || 'root');
}

/** The operations of a plain route (`router.addRoute`): its handler's input and output are not known. */
export function plainRouteOperations(route: Route, guards: RouteGuards, context: OperationContext): PlacedOperation[] {
  const methods = documentedMethods(route.methods);
  return methods.map((method) => {
    const id = methods.length === 1 ? routeLabel(route) : `${routeLabel(route)}.${method}`;
    const parameters = signatureParameters(guards);
    const operation: OpenApiOperation = {
      operationId: context.uniqueId(id),
      ...(parameters.length === 0 ? {} : { parameters }),
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: {} } } },
        ...guardResponses(guards, false),
      },
      ...security(guards, context),
      'x-switchyard': { route: route.path },
    };
    return { path: route.path, method, operation };
  });
}

/**
 * The operations of one action of a `svc` route: one per documented method,
 * or none for the fallback when a default action already answers the bare path.
 */
export function actionOperations(route: Route, plan: ActionPlan, guards: RouteGuards, context: OperationContext): PlacedOperation[] {
  const table = route.actions!;
  if (plan.name === FALLBACK_ACTION && table.defaultAction !== undefined) return [];
  const path = actionPath(route.path, plan.name, context);
  const methods = documentedMethods(plan.methods);
  const label = plan.name === DEFAULT_ACTION ? 'default' : plan.name === FALLBACK_ACTION ? 'fallback' : plan.name;
  const docs = plan.action.constructor as ActionDocs;
  const form = plan.form === undefined ? undefined : formRequestSchema(plan.form.cls, plan.form.create);
  const formName = plan.form === undefined || form === undefined ? undefined : context.schemaName(plan.form.cls, form);
  const bodySelects = context.actionSource === 'body' && !isReserved(plan.name);
  const rules = plan.form === undefined ? undefined : actionRuleSet(plan.form, plan.action.normalizeInput !== false, context.normalisation);

  return methods.map((method) => {
    const carriesBody = !BODYLESS.has(method);
    const parameters = [
      ...(carriesBody || form === undefined ? [] : queryParameters(form)),
      ...signatureParameters(guards),
      ...(plan.precognition ? precognitionHeaders() : []),
    ];
    const body = carriesBody
      ? requestBody(formName, form, bodySelects ? { key: context.actionKey, name: plan.name } : undefined)
      : undefined;
    const id = `${routeLabel(route)}.${label}${methods.length === 1 ? '' : `.${method}`}`;
    const operation: OpenApiOperation = {
      operationId: context.uniqueId(id),
      ...(typeof docs.summary === 'string' ? { summary: docs.summary } : {}),
      ...(typeof docs.description === 'string' ? { description: docs.description } : {}),
      ...(table.controller === undefined ? {} : { tags: [table.controller] }),
      ...(parameters.length === 0 ? {} : { parameters }),
      ...(body === undefined ? {} : { requestBody: body }),
      responses: actionResponses(plan, docs, guards, body !== undefined, form),
      ...security(guards, context),
      'x-switchyard': {
        route: route.path,
        action: plan.name,
        ...(table.controller === undefined ? {} : { controller: table.controller }),
      },
      ...(rules === undefined ? {} : { 'x-switchyard-rules': rules }),
    };
    return { path, method, operation };
  });
}

const isReserved = (name: string) => name === DEFAULT_ACTION || name === FALLBACK_ACTION;

/**
 * The path key of an action: the URL a client sends to select it. The bare
 * path selects the default action (or, without one, the fallback).
 */
function actionPath(path: string, name: string, context: Pick<OperationContext, 'actionKey' | 'actionSource'>): string {
  if (isReserved(name)) return path;
  if (context.actionSource === 'body') return `${path}#${encodeURIComponent(name)}`;
  return `${path}?${encodeURIComponent(context.actionKey)}=${encodeURIComponent(name)}`;
}

function actionResponses(
  plan: ActionPlan,
  docs: ActionDocs,
  guards: RouteGuards,
  hasBody: boolean,
  form: JsonSchema | undefined,
): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  const headers = guards.throttled ? { headers: rateLimitHeaders() } : {};
  if (docs.response === null) {
    responses['204'] = {
      description: plan.precognition
        ? 'Done, no content. A prediction that passed (`Precognition: true`) is also a 204, with `Precognition-Success: true`.'
        : 'Done, no content.',
      ...headers,
    };
  } else {
    const schema = docs.response !== undefined && typeof docs.response === 'object' ? docs.response : {};
    responses['200'] = { description: 'OK', ...headers, content: { 'application/json': { schema } } };
    if (plan.precognition) responses['204'] = answer.precognitionSuccess;
  }
  Object.assign(responses, guardResponses(guards, plan.form !== undefined && overridesAuthorize(plan.form.cls)));
  responses['404'] = answer.notFound;
  responses['405'] = methodNotAllowed(plan.allow);
  if (hasBody) {
    responses['413'] = answer.payloadTooLarge;
    responses['415'] = answer.unsupportedMediaType;
  }
  if (form !== undefined && hasFields(form)) responses['422'] = answer.validationFailed;
  return sortByStatus(responses);
}

/** 400 (any request can be unreadable), 401, 403 and 429 from the route's middleware and the form request. */
function guardResponses(guards: RouteGuards, authorizes: boolean): Record<string, JsonSchema> {
  return {
    '400': answer.badRequest,
    ...(guards.auth ? { '401': answer.unauthenticated } : {}),
    ...(guards.signed || authorizes ? { '403': answer.forbidden } : {}),
    ...(guards.throttled ? { '429': answer.tooManyRequests } : {}),
  };
}

function sortByStatus(responses: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const sorted: Record<string, JsonSchema> = {};
  for (const status of Object.keys(responses).sort()) sorted[status] = responses[status]!;
  return sorted;
}

/** True when the class (or a parent below FormRequest) has its own `authorize()`: it may answer 403. */
function overridesAuthorize(cls: FormRequestClass): boolean {
  for (
    let proto = cls.prototype as object | null;
    proto !== null && proto !== FormRequest.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    if (Object.hasOwn(proto, 'authorize')) return true;
  }
  return false;
}

function hasFields(schema: JsonSchema): boolean {
  const properties = schema['properties'];
  return typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
}

function security(guards: RouteGuards, context: OperationContext): { security?: Record<string, string[]>[] } {
  if (!guards.auth || context.security.length === 0) return {};
  return { security: context.security.map((name) => ({ [name]: [] })) };
}

/** `expires` and `signature`: the query parameters of a signed URL (`UrlSigner.signedRoute()` makes them). */
function signatureParameters(guards: RouteGuards): JsonSchema[] {
  if (!guards.signed) return [];
  return [
    { name: 'expires', in: 'query', description: 'When a temporary signed URL expires (Unix time, seconds).', schema: { type: 'integer' } },
    { name: 'signature', in: 'query', required: true, description: 'The URL signature (HMAC-SHA256, hex).', schema: { type: 'string' } },
  ];
}

/** The request headers of a prediction (laravel-precognition sends them). */
function precognitionHeaders(): JsonSchema[] {
  return [
    {
      name: 'Precognition',
      in: 'header',
      description: '`true`: validate only; the action does not run (204 with `Precognition-Success: true`, or 422).',
      schema: { type: 'string', enum: ['true'] },
    },
    {
      name: 'Precognition-Validate-Only',
      in: 'header',
      description: 'With `Precognition: true`: validate only these fields (comma-separated).',
      schema: { type: 'string' },
    },
  ];
}

/** The body of an action: its form request's schema, as JSON (the action name too when it is read from the body). */
function requestBody(
  formName: string | undefined,
  form: JsonSchema | undefined,
  selector: { key: string; name: string } | undefined,
): JsonSchema | undefined {
  if (formName === undefined && selector === undefined) return undefined;
  const parts: JsonSchema[] = [];
  if (formName !== undefined) parts.push({ $ref: `#/components/schemas/${formName}` });
  if (selector !== undefined) {
    parts.push({ type: 'object', properties: { [selector.key]: { const: selector.name } }, required: [selector.key] });
  }
  const required = selector !== undefined || (Array.isArray(form?.['required']) && (form['required'] as unknown[]).length > 0);
  return { required, content: { 'application/json': { schema: parts.length === 1 ? parts[0] : { allOf: parts } } } };
}

/**
 * The form's fields as query parameters, for GET: scalars as they are,
 * objects as `field[key]=...` (deepObject), lists as `field[]=...`, the way
 * PHP (and Switchyard) read a query. A boolean is sent as 1 or 0: the
 * `boolean` rule refuses the text `true`.
 */
function queryParameters(form: JsonSchema): JsonSchema[] {
  const properties = (form['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((form['required'] ?? []) as string[]);
  return Object.keys(properties).map((name) => {
    const schema = asQueryValue(properties[name]!);
    const types = ([] as unknown[]).concat(schema['type'] ?? []);
    const base = { in: 'query', ...(required.has(name) ? { required: true } : {}) };
    if (types.includes('object')) return { name, ...base, style: 'deepObject', explode: true, schema };
    if (types.includes('array')) return { name: `${name}[]`, ...base, style: 'form', explode: true, schema };
    return { name, ...base, schema };
  });
}

/** A schema for values sent in a query string: booleans as 1 or 0. */
function asQueryValue(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  const type = out['type'];
  if (type === 'boolean' || (Array.isArray(type) && type.includes('boolean'))) {
    out['type'] = 'integer';
    if (out['enum'] === undefined) out['enum'] = [0, 1];
  }
  const properties = out['properties'] as Record<string, JsonSchema> | undefined;
  if (properties !== undefined) {
    const copy: Record<string, JsonSchema> = {};
    for (const key of Object.keys(properties)) copy[key] = asQueryValue(properties[key]!);
    out['properties'] = copy;
  }
  if (typeof out['items'] === 'object' && out['items'] !== null) out['items'] = asQueryValue(out['items'] as JsonSchema);
  return out;
}
