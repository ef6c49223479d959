import { LogicException } from '../errors/logic-exception.js';

/**
 * What a skip callback can read of the request. Switchyard's `HttpRequest` has
 * all of it (declared here because the configuration sits below the HTTP
 * layer); a callback may also be written for `HttpRequest` itself.
 */
export interface NormalisationRequest {
  method(): string;
  /** Laravel's `path()`: `api/webhooks/stripe` (no leading slash; `/` for the root). */
  path(): string;
  /** Laravel's `is()`: the decoded path against `*` patterns. */
  is(...patterns: unknown[]): boolean;
  header(name: string): string | undefined;
  input(key: string, fallback?: unknown): unknown;
  readonly attributes: Map<string, unknown>;
}

/**
 * Decides, once per request, that a middleware's transformation is skipped
 * (the host framework's `TrimStrings::skipWhen()` and
 * `ConvertEmptyStringsToNull::skipWhen()`). True skips it.
 */
// Declared as a method so that a callback typed for the full `HttpRequest` is accepted (parameter bivariance).
export type SkipWhen = { check(request: NormalisationRequest): boolean }['check'];

/** The `trim_strings` option as an object: what to keep as sent, and when not to trim at all. */
export interface TrimStringsOptions {
  /**
   * More input keys never trimmed, added to `password`, `password_confirmation`
   * and `current_password` (as `$middleware->trimStrings(except: [...])`). A key is
   * the value's full dotted path (`user.password`), compared exactly: a name
   * in the list does not match the same name deeper in the input.
   */
  except?: readonly string[];
  /** Callbacks that skip trimming for a request when one returns true. */
  skip_when?: readonly SkipWhen[];
}

/** The `convert_empty_strings_to_null` option as an object. */
export interface ConvertEmptyStringsOptions {
  /** Callbacks that skip the conversion for a request when one returns true. */
  skip_when?: readonly SkipWhen[];
}

/** `trim_strings` resolved: the full except list, compiled for the input walk. */
export interface TrimStringsConfig {
  /** Every key never trimmed, the three defaults first. */
  readonly except: readonly string[];
  readonly skip_when: readonly SkipWhen[];
  /** `except` as a set of dotted paths. */
  readonly exceptKeys: ReadonlySet<string>;
  /**
   * Dotted paths of the containers an except key lies inside (`user` for
   * `user.password`): only inside these does the walk need a value's path.
   */
  readonly exceptParents: ReadonlySet<string>;
}

/** `convert_empty_strings_to_null` resolved. */
export interface ConvertEmptyStringsConfig {
  readonly skip_when: readonly SkipWhen[];
}

/** The host framework's `TrimStrings::$except`. */
const TRIM_STRINGS_EXCEPT: readonly string[] = Object.freeze(['current_password', 'password', 'password_confirmation']);

const NO_CALLBACKS: readonly SkipWhen[] = Object.freeze([]);

/** Validates `trim_strings` (default `true`): `true`, `false` or `{ except, skip_when }`. */
export function resolveTrimStrings(value: unknown): TrimStringsConfig | false {
  if (value === false) return false;
  if (value === undefined || value === true) return compileTrim(TRIM_STRINGS_EXCEPT, NO_CALLBACKS);
  const options = plainObject('trim_strings', value, ['except', 'skip_when'], '{ except: [...], skip_when: [...] }');
  const extra = options['except'] ?? [];
  if (!Array.isArray(extra) || !extra.every((key) => typeof key === 'string')) {
    throw new LogicException(`Invalid trim_strings.except ${describe(extra)}: use a list of input keys (dotted paths).`);
  }
  const except = [...TRIM_STRINGS_EXCEPT];
  for (const key of extra as string[]) if (!except.includes(key)) except.push(key);
  return compileTrim(except, callbacks('trim_strings', options['skip_when']));
}

/** Validates `convert_empty_strings_to_null` (default `true`): `true`, `false` or `{ skip_when }`. */
export function resolveConvertEmptyStrings(value: unknown): ConvertEmptyStringsConfig | false {
  if (value === false) return false;
  if (value === undefined || value === true) return Object.freeze({ skip_when: NO_CALLBACKS });
  const options = plainObject('convert_empty_strings_to_null', value, ['skip_when'], '{ skip_when: [...] }');
  return Object.freeze({ skip_when: callbacks('convert_empty_strings_to_null', options['skip_when']) });
}

function compileTrim(except: readonly string[], skipWhen: readonly SkipWhen[]): TrimStringsConfig {
  const parents = new Set<string>();
  for (const key of except) {
    for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) parents.add(key.slice(0, dot));
  }
  return Object.freeze({
    except: Object.freeze([...except]),
    skip_when: skipWhen,
    exceptKeys: new Set(except),
    exceptParents: parents,
  });
}

function plainObject(name: string, value: unknown, keys: readonly string[], shape: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new LogicException(`Invalid ${name} ${describe(value)}: use true, false or ${shape}.`);
  }
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) throw new LogicException(`Invalid ${name}: unknown key "${key}" (allowed: ${keys.join(', ')}).`);
  }
  return value as Record<string, unknown>;
}

function callbacks(name: string, value: unknown): readonly SkipWhen[] {
  if (value === undefined) return NO_CALLBACKS;
  if (!Array.isArray(value) || !value.every((f) => typeof f === 'function')) {
    throw new LogicException(`Invalid ${name}.skip_when: use a list of functions (request) => boolean.`);
  }
  return Object.freeze([...(value as SkipWhen[])]);
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
