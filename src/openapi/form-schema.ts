/**
 * A form request's rules as one JSON Schema object: dot paths become nested
 * objects (`address.city`), `*` becomes array items (`items.*.name`), and a
 * field is required where its rules, or a required field under it, make the
 * key necessary. Built once per form-request class.
 */
import type { FormRequestClass } from '../action.js';
import type { FormRequest } from '../form-request.js';
import type { RuleMap } from '../validation/types.js';
import { formDefinition } from './form-definition.js';
import { describeField, type FieldDoc } from './field-schema.js';
import type { JsonSchema } from './types.js';

interface Node {
  doc: FieldDoc | undefined;
  readonly children: Map<string, Node>;
}

const WILDCARD = '*';

/** The schema of the input `rules` validate: an object, its properties from the rule keys. */
export function formSchema(rules: RuleMap): JsonSchema {
  const root: Node = { doc: undefined, children: new Map() };
  for (const key of Object.keys(rules)) {
    let node = root;
    for (const segment of key.split('.')) {
      let child = node.children.get(segment);
      if (child === undefined) node.children.set(segment, (child = { doc: undefined, children: new Map() }));
      node = child;
    }
    node.doc = describeField(rules[key]!);
  }
  const schema = build(root);
  schema['type'] = 'object';
  return schema;
}

function build(node: Node): JsonSchema {
  const schema: JsonSchema = structuredClone(node.doc?.schema ?? {});
  const star = node.children.get(WILDCARD);
  const named = [...node.children.keys()].filter((key) => key !== WILDCARD);
  const keys = node.doc?.keys ?? null;
  if (named.length > 0 || keys !== null) {
    // Named children: an object, even under a bare `array` rule (a PHP array with keys).
    setType(schema, 'object');
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const key of keys ?? []) properties[key] = {};
    for (const key of named) {
      const child = node.children.get(key)!;
      properties[key] = build(child);
      if (isRequired(child)) required.push(key);
    }
    for (const key of named) {
      const child = node.children.get(key)!;
      const confirmation = `${key}_confirmation`;
      if (child.doc?.confirmed !== true || Object.hasOwn(properties, confirmation)) continue;
      properties[confirmation] = { ...properties[key]!, description: `The same value as \`${key}\`.` };
      if (required.includes(key)) required.push(confirmation);
    }
    schema['properties'] = properties;
    if (required.length > 0) schema['required'] = required;
    if (keys !== null) schema['additionalProperties'] = false;
    else if (star !== undefined) schema['additionalProperties'] = build(star);
  } else if (star !== undefined) {
    setType(schema, 'array');
    schema['items'] = { ...((schema['items'] as JsonSchema | undefined) ?? {}), ...build(star) };
    if (star.doc?.distinct === true) schema['uniqueItems'] = true;
  }
  return schema;
}

/** A field must be sent when its rules say so, or when a field under it (not under a `*`) must. */
function isRequired(node: Node): boolean {
  if (node.doc?.required === true) return true;
  for (const [key, child] of node.children) if (key !== WILDCARD && isRequired(child)) return true;
  return false;
}

/** Sets the type a field's children imply, keeping a `null` that `nullable` allowed. */
function setType(schema: JsonSchema, type: 'object' | 'array'): void {
  const current = schema['type'];
  if (Array.isArray(current)) schema['type'] = current.includes('null') ? [type, 'null'] : type;
  else schema['type'] = type;
}

const schemas = new WeakMap<FormRequestClass, JsonSchema>();

/**
 * The schema of a form-request class, built once per class from its rules
 * read without a request (`formDefinition`: rules that need one to be read
 * at all document no field).
 */
export function formRequestSchema(cls: FormRequestClass, create: () => FormRequest): JsonSchema {
  let schema = schemas.get(cls);
  if (schema === undefined) {
    schema = formSchema(formDefinition(cls, create).rules);
    schemas.set(cls, schema);
  }
  return schema;
}
