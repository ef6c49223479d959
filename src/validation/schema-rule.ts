/**
 * The raw JSON Schema escape hatch (`{ schema, message? }`): the one place
 * ajv is used. Each schema is compiled once, as its own root (so its
 * `$ref: '#/...'` resolve inside it), with unknown keywords refused
 * (`strictSchema`); the input is never coerced, defaulted or stripped.
 * Patterns run in bounded time (src/regex/).
 */
import { Ajv, type AnySchemaObject } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import formats from 'ajv-formats';
import { compileBoundedRegex } from '../regex/bounded-regex.js';

/** `pattern` and `patternProperties` run on the bounded matchers, not JavaScript's backtracking engine. */
const boundedRegExp: RegExpEngine = Object.assign((pattern: string, flags: string) => compileBoundedRegex(pattern, flags), {
  code: 'compileBoundedRegex',
});

export const ajv = new Ajv({
  code: { regExp: boundedRegExp },
  allErrors: false,
  strict: false,
  strictSchema: true,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  addUsedSchema: false,
  validateFormats: true,
});
formats.default(ajv);

/** Compiles a raw schema rule to a check; throws (ajv's error) when the schema does not compile. */
export function compileSchemaRule(schema: Record<string, unknown>): (value: unknown) => boolean {
  const validate = ajv.compile(schema as AnySchemaObject);
  return (value) => validate(value) === true;
}
