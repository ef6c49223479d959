/**
 * The two operations every contestant implements, and the answers each must
 * give. One place, so the servers, the answer check and the load agree.
 */

/** The endpoint path every contestant serves. */
export const PATH = '/api/system';

/** The echo body sent under load. */
export const ECHO_BODY = JSON.stringify({ message: 'hello world' });

/** One operation as the load generator sends it. */
export interface Operation {
  readonly name: 'status' | 'echo';
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The exact JSON body of a correct answer. */
  readonly expected: unknown;
}

export const STATUS: Operation = {
  name: 'status',
  method: 'GET',
  path: `${PATH}?action=status`,
  headers: { accept: 'application/json' },
  expected: { status: 'ok' },
};

export const ECHO: Operation = {
  name: 'echo',
  method: 'POST',
  path: `${PATH}?action=echo`,
  headers: { accept: 'application/json', 'content-type': 'application/json' },
  body: ECHO_BODY,
  expected: { message: 'hello world' },
};

export const OPERATIONS: readonly Operation[] = [STATUS, ECHO];

/** The validation rule of `message` (`required|string|max:255`) as JSON Schema, for ajv and Fastify. */
export const MESSAGE_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string', maxLength: 255 } },
} as const;
