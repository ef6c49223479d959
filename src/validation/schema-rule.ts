/**
 * The raw JSON Schema escape hatch (`{ schema, message? }`): the one place
 * ajv is used. Each schema is compiled once, as its own root (so its
 * `$ref: '#/...'` resolve inside it), with unknown keywords refused
 * (`strictSchema`); the input is never coerced, defaulted or stripped.
 */
import { Ajv, type AnySchemaObject } from 'ajv';
import formats from 'ajv-formats';

export const ajv = new Ajv({
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
