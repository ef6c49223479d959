/**
 * The answers every Switchyard route can give, as shared components: the
 * error body `{"message": ...}` (every HttpError), Laravel's 422 shape
 * `{"message": ..., "errors": {field: [messages]}}`, and the headers that
 * come with a 405, a 429 and a Precognition success.
 */
import type { JsonSchema } from './types.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });
const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const header = (description: string, schema: JsonSchema): JsonSchema => ({ description, schema });

/** `{"message": "..."}`: the body of every error answer. */
export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
};

/** The 422 body, as Laravel's: the first message (and how many more), and each field's messages in rule order. */
export const VALIDATION_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    message: { type: 'string', examples: ['The message field is required.'] },
    errors: {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      examples: [{ message: ['The message field is required.'] }],
    },
  },
  required: ['message', 'errors'],
};

const errorAnswer = (description: string, headers?: Record<string, JsonSchema>): JsonSchema => ({
  description,
  ...(headers === undefined ? {} : { headers }),
  content: { 'application/json': { schema: schemaRef('Error') } },
});

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': header('Attempts allowed in the window.', { type: 'integer' }),
  'X-RateLimit-Remaining': header('Attempts left in the window.', { type: 'integer' }),
};

/** The shared answers, by component name. */
export const RESPONSES: Record<string, JsonSchema> = {
  BadRequest: errorAnswer('The request cannot be read: malformed JSON or query, too many input variables, nesting too deep.'),
  Unauthenticated: errorAnswer('The route is behind authentication and the request is not authenticated.'),
  Forbidden: errorAnswer('Not allowed: the form request refused (`This action is unauthorized.`) or the URL signature is invalid.'),
  NotFound: errorAnswer('No action has this name (or none was given and the route has no default action).'),
  PayloadTooLarge: errorAnswer('The body is larger than `body_limit`.'),
  UnsupportedMediaType: errorAnswer('The body is not JSON, a URL-encoded form or multipart/form-data.'),
  ValidationFailed: {
    description: 'The input broke the rules: each failing field with its messages.',
    content: { 'application/json': { schema: schemaRef('ValidationError') } },
  },
  TooManyRequests: errorAnswer('Rate limited (`Too Many Attempts.`): retry after `Retry-After` seconds.', {
    'Retry-After': header('Seconds until the window ends.', { type: 'integer' }),
    'X-RateLimit-Reset': header('When the window ends (Unix time, seconds).', { type: 'integer' }),
    ...RATE_LIMIT_HEADERS,
  }),
  PrecognitionSuccess: {
    description: 'Precognition: a prediction (`Precognition: true`) passed authorization and validation; the action did not run.',
    headers: {
      Precognition: header('Always `true` on answers to predictions.', { type: 'string', const: 'true' }),
      'Precognition-Success': header('The prediction passed.', { type: 'string', const: 'true' }),
    },
  },
};

/** References to the shared answers. */
export const answer = {
  badRequest: ref('BadRequest'),
  unauthenticated: ref('Unauthenticated'),
  forbidden: ref('Forbidden'),
  notFound: ref('NotFound'),
  payloadTooLarge: ref('PayloadTooLarge'),
  unsupportedMediaType: ref('UnsupportedMediaType'),
  validationFailed: ref('ValidationFailed'),
  tooManyRequests: ref('TooManyRequests'),
  precognitionSuccess: ref('PrecognitionSuccess'),
};

/** A 405 for an action: its `Allow` lists the methods it accepts. */
export function methodNotAllowed(allow: string): JsonSchema {
  return errorAnswer('The action does not accept this method.', {
    Allow: header('The methods the action accepts.', { type: 'string', const: allow }),
  });
}

/** The rate-limit headers a throttled route adds to its answers under the limit. */
export const rateLimitHeaders = (): Record<string, JsonSchema> => ({ ...RATE_LIMIT_HEADERS });
