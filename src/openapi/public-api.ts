/**
 * `switchyard-http/openapi`: the types of the OpenAPI document an application
 * generates (`app.openapi()`, the `openapi` option; docs/openapi.md).
 */
export type {
  ActionDocs,
  JsonSchema,
  OpenApiDocument,
  OpenApiInfo,
  OpenApiOperation,
  OpenApiOptions,
  OpenApiPathItem,
  OpenApiServer,
} from './types.js';
