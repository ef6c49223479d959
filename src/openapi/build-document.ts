/**
 * The OpenAPI 3.1 document of an application, built from what is registered:
 * routes in order, each `svc` route's controller and actions, their methods,
 * form-request rules, declared responses and middleware.
 */
import type { FormRequestClass } from '../action.js';
import type { ProviderHost } from '../service-provider.js';
import { actionOperations, plainRouteOperations, type OperationContext, type PlacedOperation } from './operations.js';
import { ERROR_SCHEMA, RESPONSES, VALIDATION_ERROR_SCHEMA } from './responses.js';
import { routeGuards } from './route-guards.js';
import { normalisationOf } from './rule-sets.js';
import type { JsonSchema, OpenApiDocument, OpenApiOptions, OpenApiPathItem } from './types.js';
import { DEFAULT_OPENAPI_INFO } from '../config.js';

/**
 * Builds the document. Routes at `skip` (the path serving the document
 * itself) are left out. Nothing here runs per request: the application
 * builds once and keeps the result.
 */
export function buildDocument(host: ProviderHost, options: OpenApiOptions, skip?: string): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA, ValidationError: VALIDATION_ERROR_SCHEMA };
  const names = new Map<FormRequestClass, string>();
  const ids = new Set<string>();
  const context: OperationContext = {
    actionKey: host.config.action_key,
    actionSource: host.config.action_source,
    normalisation: normalisationOf(host.config),
    security: Object.keys(options.securitySchemes ?? {}),
    schemaName(cls, schema) {
      let name = names.get(cls);
      if (name === undefined) {
        name = unique(componentName(cls.name), (candidate) => Object.hasOwn(schemas, candidate));
        names.set(cls, name);
        schemas[name] = schema;
      }
      return name;
    },
    uniqueId(wanted) {
      const id = unique(wanted, (candidate) => ids.has(candidate));
      ids.add(id);
      return id;
    },
  };

  const paths: Record<string, OpenApiPathItem> = {};
  const tags = new Map<string, string>();
  const place = ({ path, method, operation }: PlacedOperation) => {
    (paths[path] ??= {})[method] = operation;
  };
  for (const route of host.router.routes()) {
    if (route.path === skip) continue;
    const guards = routeGuards(host, route);
    const table = route.actions;
    if (table === undefined) {
      plainRouteOperations(route, guards, context).forEach(place);
      continue;
    }
    if (table.controller !== undefined && !tags.has(table.controller)) tags.set(table.controller, `The actions of ${table.controller}.`);
    const plans = table.defaultAction === undefined ? [...table.byName.values()] : [table.defaultAction, ...table.byName.values()];
    for (const plan of plans) actionOperations(route, plan, routeGuards(host, route, plan), context).forEach(place);
  }

  // Only the shared answers some operation refers to.
  const referenced = JSON.stringify(paths);
  const responses: Record<string, JsonSchema> = {};
  for (const name of Object.keys(RESPONSES)) {
    if (referenced.includes(`"#/components/responses/${name}"`)) responses[name] = RESPONSES[name]!;
  }
  return {
    openapi: '3.1.0',
    info: options.info ?? DEFAULT_OPENAPI_INFO,
    ...(options.servers === undefined ? {} : { servers: options.servers }),
    ...(tags.size === 0 ? {} : { tags: [...tags].map(([name, description]) => ({ name, description })) }),
    paths,
    components: {
      schemas,
      responses,
      ...(options.securitySchemes === undefined ? {} : { securitySchemes: options.securitySchemes }),
    },
  };
}

/** Component names match `^[a-zA-Z0-9._-]+$`. */
function componentName(className: string): string {
  const name = className.replace(/[^a-zA-Z0-9._-]/g, '_');
  return name === '' ? 'FormRequest' : name;
}

/** `wanted`, or `wanted_2`, `wanted_3`... the first that is not taken. */
function unique(wanted: string, taken: (candidate: string) => boolean): string {
  if (!taken(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken(`${wanted}_${n}`)) return `${wanted}_${n}`;
}
