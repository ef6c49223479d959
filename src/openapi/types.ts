/**
 * The shapes of the generated OpenAPI 3.1 document, typed as far as the
 * generator fills them in (plain JSON data: ready for `JSON.stringify`).
 */

import type { OpenApiInfo } from '../config.js';
import type { ActionRuleSet } from '../typing/rule-sets.js';

export type { OpenApiInfo };

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/** OpenAPI's Server Object. */
export interface OpenApiServer {
  url: string;
  description?: string;
}

/** What `app.openapi()` takes. Every field is optional. */
export interface OpenApiOptions {
  /** The document's `info`. Default: the `openapi_info` option (title `API`, version `1.0.0`). */
  info?: OpenApiInfo;
  /** The document's `servers`, e.g. `[{ url: 'https://api.example.com' }]`. Default: none (the document's own origin). */
  servers?: OpenApiServer[];
  /**
   * Security schemes (OpenAPI's Security Scheme Objects, by name). When
   * given, every operation behind an `auth*` middleware requires one of them
   * (Swagger UI then offers its Authorize button).
   */
  securitySchemes?: Record<string, JsonSchema>;
}

/** One operation of the document. */
export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: Record<string, string[]>[];
  /** Where the operation comes from: the route's path and, for a `svc` route, the action's name. */
  'x-switchyard': { route: string; action?: string; controller?: string };
  /**
   * The action's form request as data (its rules in Laravel's string form,
   * messages, attributes, and which rules need the server): what the typed
   * client checks in the browser (docs/client.md). Absent without a form request.
   */
  'x-switchyard-rules'?: ActionRuleSet;
}

/** The operations of one path key, by lower-case method. */
export type OpenApiPathItem = Partial<Record<'get' | 'put' | 'post' | 'delete' | 'patch' | 'head', OpenApiOperation>>;

/** The generated document (OpenAPI 3.1). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: OpenApiInfo;
  servers?: OpenApiServer[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes?: Record<string, JsonSchema>;
  };
}

/**
 * What an action class may declare for the document, as static members.
 *
 * @example
 * class StatusAction extends Action {
 *   static summary = 'Reports that the service is up';
 *   static response = { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] };
 *   handle() { return { status: 'ok' }; }
 * }
 */
export interface ActionDocs {
  /** One line, shown next to the operation. */
  summary?: string;
  /** Longer text (CommonMark). */
  description?: string;
  /** The JSON Schema of the 200 body; `null` for an action that answers 204 with no body. Default: any JSON. */
  response?: JsonSchema | null;
}
