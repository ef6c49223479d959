/**
 * The one Ajv instance every form request compiles into, with the formats
 * and custom keywords for the rules whose host-framework semantics JSON
 * Schema does not have (sizes that depend on the value's type, loose `in`,
 * PCRE regexes, PHP dates...). Every keyword does its parsing in `compile`,
 * once per schema; the function it returns is what runs per request.
 */
import { Ajv, type AnySchemaObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { compileDateFormat, type DateFormat } from './date-format.js';
import { parseDate, parseRelative, timestampOf, toTimestamp } from './dates.js';
import { compilePhpRegex } from './php-regex.js';
import { isUrl, urlWithProtocols } from './url.js';
import {
  NUMERIC_STRING,
  codePointLength,
  countOf,
  isContainer,
  isFile,
  isIntegerString,
  isNumeric,
  looseEquals,
  phpString,
} from './php.js';

export const ajv = new Ajv({
  allErrors: true,
  strict: false,
  strictSchema: true,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  addUsedSchema: false,
  validateFormats: true,
});
formats.default(ajv, ['email', 'ipv4', 'ipv6']);

const UUID = /^[\da-fA-F]{8}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{12}$/;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
ajv.addFormat('laravel-int', { type: 'string', validate: isIntegerString });
ajv.addFormat('laravel-numeric', { type: 'string', validate: (s: string) => NUMERIC_STRING.test(s) });
ajv.addFormat('laravel-uuid', { type: 'string', validate: (s: string) => UUID.test(s) });
ajv.addFormat('laravel-ulid', { type: 'string', validate: (s: string) => ULID.test(s) });
ajv.addFormat('laravel-url', { type: 'string', validate: isUrl });
ajv.addFormat('laravel-date', { type: 'string', validate: (s: string) => parseDate(s) !== null });

type Check = (data: unknown) => boolean;

// biome-ignore lint/suspicious/noExplicitAny: each keyword reads its own schema shape
type KeywordSchema = any;

function keyword(name: string, schemaType: 'object' | 'boolean', build: (schema: KeywordSchema) => Check): void {
  ajv.addKeyword({ keyword: name, schemaType, errors: false, compile: (schema: unknown) => build(schema) });
}

/** The host framework's `getSize`: the number itself with a numeric rule, else items, kilobytes or characters. */
export function sizeOf(value: unknown, numeric: boolean): number {
  if (numeric && isNumeric(value)) return typeof value === 'number' ? value : Number(value.trim());
  if (typeof value === 'string') return codePointLength(value);
  if (isContainer(value)) return countOf(value);
  if (isFile(value)) return value.size / 1024;
  const text = phpString(value);
  return text === null ? NaN : codePointLength(text);
}

keyword('laravel:size', 'object', (s: { op: string; min: number; max: number; numeric: boolean }) => {
  const { min, max, numeric } = s;
  switch (s.op) {
    case 'min':
      return (v) => sizeOf(v, numeric) >= min;
    case 'max':
      return (v) => sizeOf(v, numeric) <= max;
    case 'size':
      return (v) => sizeOf(v, numeric) === min;
    default:
      return (v) => {
        const n = sizeOf(v, numeric);
        return n >= min && n <= max;
      };
  }
});

keyword('laravel:in', 'object', (s: { values: string[]; negate: boolean; each: boolean }) => {
  const exact = new Set(s.values);
  const numbers = s.values.filter((p) => NUMERIC_STRING.test(p));
  const contains = (text: string): boolean =>
    exact.has(text) || (numbers.length > 0 && NUMERIC_STRING.test(text) && numbers.some((p) => looseEquals(p, text)));
  const { negate, each } = s;
  return (v) => {
    if (isContainer(v)) {
      if (!each) return false;
      for (const item of Object.values(v)) {
        if (isContainer(item)) return false;
        const text = phpString(item);
        if (text === null || exact.has(text) === negate) return false;
      }
      return true;
    }
    const text = phpString(v);
    return text !== null && contains(text) !== negate;
  };
});

keyword('laravel:array', 'boolean', () => isContainer);

/** A raw `{ schema }` rule, compiled as its own root so its `$ref: '#/...'` resolve inside it. */
keyword('laravel:schema', 'object', (schema: AnySchemaObject) => {
  const validate = ajv.compile(schema);
  return (v) => validate(v) === true;
});

keyword('laravel:list', 'boolean', () => (v) => {
  if (Array.isArray(v)) return true;
  if (!isContainer(v)) return false;
  let i = 0;
  for (const key of Object.keys(v)) if (key !== String(i++)) return false;
  return true;
});

keyword('laravel:regex', 'object', (s: { pattern: string; negate: boolean }) => {
  const re = compilePhpRegex(s.pattern);
  const negate = s.negate;
  return (v) => {
    const text = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
    return text !== null && re.test(text) !== negate;
  };
});

/** `url:http,https`: a URL with one of the listed schemes. */
keyword('laravel:url', 'object', (s: { protocols: string[] }) => {
  const check = urlWithProtocols(s.protocols);
  return (v) => typeof v === 'string' && check(v);
});

keyword('laravel:affix', 'object', (s: { values: string[]; end: boolean }) => {
  const values = s.values.filter((x) => x !== '');
  const end = s.end;
  return (v) => {
    const text = isContainer(v) ? null : phpString(v);
    if (text === null) return false;
    for (const x of values) if (end ? text.endsWith(x) : text.startsWith(x)) return true;
    return false;
  };
});

keyword('laravel:digits', 'object', (s: { min: number; max: number }) => {
  const { min, max } = s;
  return (v) => {
    const text = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
    if (text === null) return false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
    return text.length >= min && text.length <= max;
  };
});

keyword('laravel:json', 'boolean', () => (v) => {
  if (v === null || isContainer(v)) return false;
  const text = phpString(v);
  if (text === null) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
});

keyword('laravel:date', 'boolean', () => (v) => {
  if (typeof v === 'number') return Number.isInteger(v) && parseDate(String(v)) !== null;
  return typeof v === 'string' && parseDate(v) !== null;
});

keyword('laravel:date-format', 'object', (s: { formats: string[] }) => {
  const compiled = s.formats.map((f) => compileDateFormat(f));
  return (v) => {
    const text = typeof v === 'string' ? v : isNumeric(v) ? String(v) : null;
    if (text === null) return false;
    for (const f of compiled) if (f.parse(text) !== null) return true;
    return false;
  };
});

/** The instant a value stands for, read with the field's `date_format` first when it has one. */
export function instantOf(value: unknown, format: DateFormat | null, now: number): number | null {
  if (format !== null && (typeof value === 'string' || typeof value === 'number')) {
    const t = format.parse(String(value));
    if (t !== null) return t;
  }
  return timestampOf(value, now);
}

/** `<`, `>`, `<=`, `>=`, `=` between instants. */
export function compareInstants(a: number, b: number, op: string): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '>=':
      return a >= b;
    default:
      return a === b;
  }
}

/** Resolves a date parameter (`2024-01-01`, `tomorrow`) to a function of "now", or null if it is not a date. */
export function dateParameter(param: string, format: DateFormat | null): ((now: number) => number) | null {
  const formatted = format?.parse(param) ?? null;
  if (formatted !== null) return () => formatted;
  const parts = parseDate(param);
  if (parts !== null) {
    const t = toTimestamp(parts);
    return () => t;
  }
  return parseRelative(param);
}

keyword('laravel:date-compare', 'object', (s: { op: string; date: string; format: string | null }) => {
  const format = s.format === null ? null : compileDateFormat(s.format);
  const ref = dateParameter(s.date, format);
  if (ref === null) throw new Error(`"${s.date}" is not a date`);
  const op = s.op;
  return (v) => {
    if (typeof v !== 'string' && !isNumeric(v)) return false;
    const now = Date.now();
    const t = instantOf(v, format, now);
    return t !== null && compareInstants(t, ref(now), op);
  };
});

const cache = new Map<string, ValidateFunction>();

/**
 * Compiles a field's schema. Schemas made only of rule strings are cached by
 * their JSON, so `required|string|max:255` on a hundred classes compiles once.
 */
export function compileSchema(schema: AnySchemaObject, cacheable: boolean): ValidateFunction {
  const key = cacheable ? JSON.stringify(schema) : null;
  const hit = key === null ? undefined : cache.get(key);
  if (hit !== undefined) return hit;
  const fn = ajv.compile(schema);
  if (key !== null) cache.set(key, fn);
  return fn;
}
