/**
 * One field's rules as JSON Schema, for documentation: what a client should
 * send. Where a rule has a JSON Schema keyword (types, formats, sizes, `in:`
 * as `enum`, patterns) it becomes that keyword; rules that depend on other
 * fields, on the clock or on code (`required_if`, `after:today`, closures,
 * rule objects) are listed in the field's `description`. The schema may be
 * narrower than what the validator accepts (`integer` also takes `"5"`), never wider
 * where it states something.
 */
import { compilePhpRegex } from '../php/php-regex.js';
import { parseFieldRules, ruleKey, type ParsedRule } from '../validation/rule-parser.js';
import type { FieldRules } from '../validation/types.js';
import type { JsonSchema } from './types.js';

/** The JSON type a field's rules give it, when they give one. */
type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** What one field's rules say, for the form's schema. */
export interface FieldDoc {
  /** The field's own constraints (its children are added by the form's schema). */
  readonly schema: JsonSchema;
  readonly type: FieldType | undefined;
  /** `required` or `present`, without `sometimes`: the key must be sent. */
  readonly required: boolean;
  /** `confirmed`: a `<field>_confirmation` sibling with the same value must be sent. */
  readonly confirmed: boolean;
  /** `distinct` on an item rule (`tags.*`): the parent array has unique items. */
  readonly distinct: boolean;
  /** `array:a,b`: the only keys allowed. */
  readonly keys: readonly string[] | null;
}

const ALIASES: Record<string, string> = { int: 'integer', bool: 'boolean' };
const ACCEPTED = ['yes', 'on', '1', 1, true, 'true'];
const DECLINED = ['no', 'off', '0', 0, false, 'false'];
const ULID = '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$';
const NUMBER = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
/** Rules that say nothing a schema can hold, and need no word in the description. */
const SILENT = new Set(['bail', 'nullable', 'sometimes', 'required', 'present', 'filled']);

/** The rule's lookup key: `required_if`, `requiredIf` and `REQUIRED-IF` are one rule, as in the validator. */
function keyOf(name: string): string {
  const key = ruleKey(name);
  return ALIASES[key] ?? key;
}

/** Reads one field's rules. A rule the validator would refuse never gets here: the form request compiled first. */
export function describeField(rules: FieldRules): FieldDoc {
  const parsed = parseFieldRules(rules);
  const named = new Map<string, readonly string[]>();
  for (const rule of parsed) {
    if (rule.kind === 'named' && !named.has(keyOf(rule.name))) named.set(keyOf(rule.name), rule.params);
  }
  const has = (key: string) => named.has(key);
  const type = typeOf(named);
  const schema: JsonSchema = {};
  const notes: string[] = [];
  const allOf: JsonSchema[] = [];
  if (type !== undefined) schema['type'] = type;

  for (const rule of parsed) {
    if (rule.kind !== 'named') {
      if (rule.kind === 'schema') allOf.push(rule.schema);
      else notes.push(rule.kind === 'closure' ? 'a custom rule (closure)' : `a custom rule (${rule.raw})`);
      continue;
    }
    if (!applyRule(keyOf(rule.name), rule, schema, type)) {
      if (!SILENT.has(keyOf(rule.name))) notes.push(rule.raw.trim());
    }
  }
  const arrayKeys = (named.get('array') ?? []).filter((k) => k !== '');
  const keys = arrayKeys.length > 0 ? arrayKeys : null;
  if (allOf.length > 0) schema['allOf'] = allOf;
  const required = (has('required') || has('present')) && !has('sometimes');
  // `required` refuses null even with `nullable`: only an optional or `present` field may be null.
  if (has('nullable') && !has('required')) allowNull(schema);
  if (notes.length > 0) schema['description'] = `Also validated: ${notes.join(', ')}.`;
  return { schema, type, required, confirmed: has('confirmed'), distinct: has('distinct'), keys };
}

function typeOf(named: ReadonlyMap<string, readonly string[]>): FieldType | undefined {
  const has = (key: string) => named.has(key);
  if (has('array')) return named.get('array')!.some((k) => k !== '') ? 'object' : 'array';
  if (has('list')) return 'array';
  if (has('boolean')) return 'boolean';
  if (has('integer')) return 'integer';
  if (has('numeric')) return 'number';
  for (const key of ['string', 'email', 'url', 'uuid', 'ulid', 'ip', 'ipv4', 'ipv6', 'json', 'alpha', 'dateformat']) {
    if (has(key)) return 'string';
  }
  return undefined;
}

/** Adds one rule's keywords to `schema`; false when the rule has none (it goes to the description). */
function applyRule(key: string, rule: Extract<ParsedRule, { kind: 'named' }>, schema: JsonSchema, type: FieldType | undefined): boolean {
  const p = rule.params;
  switch (key) {
    case 'string':
    case 'integer':
    case 'numeric':
    case 'boolean':
    case 'list':
    case 'array':
      return true;
    case 'min':
    case 'max':
    case 'size':
    case 'between':
      return size(key, p, schema, type);
    case 'in':
      return enumOf(p, schema, type, false);
    case 'notin':
      return enumOf(p, schema, type, true);
    case 'accepted':
      schema['enum'] = ACCEPTED;
      return true;
    case 'declined':
      schema['enum'] = DECLINED;
      return true;
    case 'email':
      schema['format'] = 'email';
      return true;
    case 'url':
      schema['format'] = 'uri';
      return p.every((x) => x === '');
    case 'uuid':
      schema['format'] = 'uuid';
      return true;
    case 'ulid':
      schema['pattern'] = ULID;
      return true;
    case 'ipv4':
    case 'ipv6':
      schema['format'] = key;
      return true;
    case 'ip':
      schema['anyOf'] = [{ format: 'ipv4' }, { format: 'ipv6' }];
      return true;
    case 'json':
      schema['contentMediaType'] = 'application/json';
      return true;
    case 'dateformat':
      return dateFormat(p, schema);
    case 'digits':
    case 'digitsbetween':
      return digits(key, p, schema);
    case 'regex':
    case 'notregex':
      return regex(p[0] ?? '', schema, key === 'notregex');
    case 'alpha':
      return pattern(schema, p[0] === 'ascii' ? '^[a-zA-Z]+$' : '^[\\p{L}\\p{M}]+$');
    case 'alphanum':
      return pattern(schema, p[0] === 'ascii' ? '^[a-zA-Z0-9]+$' : '^[\\p{L}\\p{M}\\p{N}]+$');
    case 'alphadash':
      return pattern(schema, p[0] === 'ascii' ? '^[a-zA-Z0-9_-]+$' : '^[\\p{L}\\p{M}\\p{N}_-]+$');
    case 'startswith':
    case 'endswith': {
      const values = p.filter((x) => x !== '').map(escapeRegex);
      const alternatives = `(?:${values.join('|')})`;
      return pattern(schema, key === 'startswith' ? `^${alternatives}` : `${alternatives}$`);
    }
    case 'distinct':
    case 'confirmed':
      // Said by the parent array (uniqueItems) and a sibling property (`_confirmation`).
      return true;
    default:
      return false;
  }
}

/** `min`/`max`/`size`/`between` measure what the field's type says: characters, the number, items or keys. */
function size(op: string, p: readonly string[], schema: JsonSchema, type: FieldType | undefined): boolean {
  const low = Number(p[0]);
  const high = op === 'between' ? Number(p[1]) : low;
  const numeric = type === 'integer' || type === 'number';
  const [min, max] = numeric
    ? ['minimum', 'maximum']
    : type === 'array'
      ? ['minItems', 'maxItems']
      : type === 'object'
        ? ['minProperties', 'maxProperties']
        : ['minLength', 'maxLength'];
  // Counts of characters, items and keys are whole numbers in JSON Schema.
  if (!Number.isFinite(low) || !Number.isFinite(high) || (!numeric && !(Number.isInteger(low) && Number.isInteger(high)))) return false;
  if (op !== 'max') schema[min] = low;
  if (op !== 'min') schema[max] = high;
  return true;
}

/** `in:` is an enum (of numbers for a numeric field); on an `array` field it constrains each item. */
function enumOf(p: readonly string[], schema: JsonSchema, type: FieldType | undefined, negate: boolean): boolean {
  const numeric = (type === 'integer' || type === 'number') && p.every((v) => NUMBER.test(v));
  const values: unknown[] = numeric ? p.map((v) => Number(v)) : [...p];
  const constraint: JsonSchema = negate ? { not: { enum: values } } : { enum: values };
  if (type === 'array') schema['items'] = { ...((schema['items'] as JsonSchema | undefined) ?? {}), ...constraint };
  else Object.assign(schema, constraint);
  return true;
}

function dateFormat(p: readonly string[], schema: JsonSchema): boolean {
  if (p.length !== 1) return false;
  if (p[0] === 'Y-m-d') schema['format'] = 'date';
  else if (p[0] === 'Y-m-d\\TH:i:sP' || p[0] === 'Y-m-d\\TH:i:sp') schema['format'] = 'date-time';
  else return false;
  return true;
}

function digits(key: string, p: readonly string[], schema: JsonSchema): boolean {
  const quantifier = key === 'digits' ? `{${Number(p[0])}}` : `{${Number(p[0])},${Number(p[1])}}`;
  // The digits of a string; an integer is also accepted by the validator.
  schema['pattern'] = `^[0-9]${quantifier}$`;
  return true;
}

/**
 * A PHP regex becomes `pattern` when JavaScript reads it the same way: no
 * flags but `u` or `v` (the validator compiles with `v`), and a source that
 * is also a valid `u` pattern, which is what JSON Schema's `pattern` means.
 */
function regex(literal: string, schema: JsonSchema, negate: boolean): boolean {
  let compiled: RegExp;
  try {
    compiled = compilePhpRegex(literal);
    if (compiled.flags.replace(/[uv]/g, '') !== '') return false;
    new RegExp(compiled.source, 'u');
  } catch {
    return false;
  }
  if (negate) schema['not'] = { pattern: compiled.source };
  else if (schema['pattern'] === undefined) schema['pattern'] = compiled.source;
  else return false;
  return true;
}

function pattern(schema: JsonSchema, source: string): boolean {
  if (schema['pattern'] !== undefined) return false;
  schema['pattern'] = source;
  return true;
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** `nullable`: null is allowed besides what the rules say. */
function allowNull(schema: JsonSchema): void {
  const type = schema['type'];
  if (typeof type === 'string') schema['type'] = [type, 'null'];
  if (Array.isArray(schema['enum'])) schema['enum'] = [...(schema['enum'] as unknown[]), null];
}
