/** The OpenAPI document of an application (docs/openapi.md). */
export { OpenApiGenerator } from './openapi-generator.js';
export { buildDocument } from './build-document.js';
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
