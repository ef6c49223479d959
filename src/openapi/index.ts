/** The OpenAPI document of an application (docs/openapi.md). */
export { OpenApiGenerator } from './openapi-generator.js';
export type {
  OpenApiDocument,
  OpenApiOptions,
} from './types.js';
