import { createRequire } from 'node:module';
import { LogicException } from '../errors/logic-exception.js';

/** Turns a handler's value into the JSON text of its answer. */
export type Serializer = (value: unknown) => string;

type FastJsonStringify = (schema: object) => Serializer;

const load = createRequire(import.meta.url);
let build: FastJsonStringify | undefined;

/**
 * The serializer of an action's declared response (`static response`, a JSON
 * Schema of its 200 body), compiled once when its controller is registered:
 * fast-json-stringify writes the declared fields, and only those (a field the
 * handler did not mean to send never leaves), and refuses a value that lacks
 * a required one (a reported 500). Undefined when the action declares none,
 * or declares `null` (an answer without a body): its values go through
 * `JSON.stringify`. fast-json-stringify is loaded on first use.
 */
export function responseSerializer(owner: string, name: string, schema: unknown): Serializer | undefined {
  if (schema === undefined || schema === null) return undefined;
  if (typeof schema !== 'object' || Array.isArray(schema)) {
    throw new LogicException(`${owner}: the action "${name}" declares a response that is not a JSON Schema object.`);
  }
  build ??= load('fast-json-stringify') as FastJsonStringify;
  try {
    return build(schema);
  } catch (error) {
    throw new LogicException(
      `${owner}: the action "${name}" declares a response schema that cannot be compiled: ${(error as Error).message}`,
    );
  }
}
