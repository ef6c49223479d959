import { LogicException } from '../errors/logic-exception.js';
import { compileBoundedRegex } from '../regex/bounded-regex.js';
import { compilePcre } from '../php/php-regex.js';

/**
 * The `cors` option: the keys of the host framework's `config/cors.php`.
 * Keys left out keep the defaults of that file (see `CORS_DEFAULTS`).
 */
export interface CorsOptions {
  /** Paths that get CORS headers, matched as `Str::is` against the path without its leading slash. Default `['api/*']`. */
  paths?: readonly string[];
  /** Methods a preflight may ask for; `*` allows the one asked. Default `['*']`. */
  allowed_methods?: readonly string[];
  /** Origins allowed to read responses; `*` allows any, and `*` inside an entry is a wildcard (`https://*.example.com`). Default `['*']`. */
  allowed_origins?: readonly string[];
  /** Regular expressions an origin may match: JavaScript RegExps, or PHP `preg` literals with delimiters (`'#^https://(.+\\.)?example\\.com$#'`). Default `[]`. */
  allowed_origins_patterns?: readonly (string | RegExp)[];
  /** Request headers a preflight may ask for; `*` allows the ones asked. Default `['*']`. */
  allowed_headers?: readonly string[];
  /** Response headers the browser lets scripts read (`Precognition` and `Precognition-Success` are always added); `false` is `[]`. Default `[]`. */
  exposed_headers?: readonly string[] | false;
  /** Seconds a browser may cache a preflight answer (`Access-Control-Max-Age`); `null` sends no header. Default `0`. */
  max_age?: number | null;
  /** Allow cookies and HTTP authentication: `Access-Control-Allow-Credentials: true`, and the origin is echoed instead of `*`. Default `false`. */
  supports_credentials?: boolean;
}

/** A compiled origin pattern: answers in time linear in the origin's length, whatever the pattern. */
export interface OriginPattern {
  test(origin: string): boolean;
}

/** CORS options after validation, every key filled in. Origin patterns are compiled. */
export interface CorsConfig {
  readonly paths: readonly string[];
  readonly allowed_methods: readonly string[];
  readonly allowed_origins: readonly string[];
  readonly allowed_origins_patterns: readonly OriginPattern[];
  readonly allowed_headers: readonly string[];
  readonly exposed_headers: readonly string[];
  readonly max_age: number | null;
  readonly supports_credentials: boolean;
}

/** The host framework's `config/cors.php` (without its `sanctum/csrf-cookie` path, which Switchyard has no use for). */
export const CORS_DEFAULTS: CorsConfig = Object.freeze({
  paths: Object.freeze(['api/*']),
  allowed_methods: Object.freeze(['*']),
  allowed_origins: Object.freeze(['*']),
  allowed_origins_patterns: Object.freeze([]),
  allowed_headers: Object.freeze(['*']),
  exposed_headers: Object.freeze([]),
  max_age: 0,
  supports_credentials: false,
});

/** The headers the `laravel-precognition` client reads; a cross-origin client cannot see them unless exposed. */
export const PRECOGNITION_HEADERS: readonly string[] = Object.freeze(['Precognition', 'Precognition-Success']);

const KEYS = new Set(Object.keys(CORS_DEFAULTS));
/** An HTTP token (method or header name), RFC 9110. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII: what an origin can be and still be sent back in a header. */
const VISIBLE = /^[\x21-\x7e]+$/;

/**
 * Validates the `cors` option and fills in the defaults. `false` turns CORS
 * off. A bad value throws a `LogicException` naming the key, at boot.
 */
export function resolveCorsOptions(value: CorsOptions | false | undefined): CorsConfig | false {
  if (value === false) return false;
  if (value === undefined) return CORS_DEFAULTS;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LogicException('Invalid cors option: use an object with the keys of config/cors.php, or false.');
  }
  for (const key of Object.keys(value)) {
    if (!KEYS.has(key)) throw new LogicException(`Unknown cors option "${key}": the keys are ${[...KEYS].join(', ')}.`);
  }
  return Object.freeze({
    paths: list(value, 'paths', (path) => path !== '', 'a non-empty path pattern'),
    allowed_methods: list(value, 'allowed_methods', (method) => TOKEN.test(method), 'an HTTP method or "*"').map((m) => m.toUpperCase()),
    allowed_origins: list(value, 'allowed_origins', (origin) => VISIBLE.test(origin), 'an origin in ASCII (punycode for IDN hosts) or "*"'),
    allowed_origins_patterns: patterns(value.allowed_origins_patterns),
    allowed_headers: list(value, 'allowed_headers', (header) => TOKEN.test(header), 'a header name or "*"').map((h) => h.toLowerCase()),
    exposed_headers:
      value.exposed_headers === false ? Object.freeze([]) : list(value, 'exposed_headers', (header) => TOKEN.test(header), 'a header name'),
    max_age: maxAge(value.max_age),
    supports_credentials: flag(value.supports_credentials),
  });
}

type ListKey = 'paths' | 'allowed_methods' | 'allowed_origins' | 'allowed_headers' | 'exposed_headers';

function list(options: CorsOptions, key: ListKey, valid: (entry: string) => boolean, what: string): readonly string[] {
  const value = options[key];
  if (value === undefined) return CORS_DEFAULTS[key];
  if (!Array.isArray(value)) throw new LogicException(`Invalid cors.${key} ${describe(value)}: use a list of strings.`);
  for (const entry of value) {
    if (typeof entry !== 'string' || !valid(entry)) {
      throw new LogicException(`Invalid cors.${key} entry ${describe(entry)}: each entry must be ${what}.`);
    }
  }
  return Object.freeze([...value]);
}

function patterns(value: CorsOptions['allowed_origins_patterns']): readonly OriginPattern[] {
  if (value === undefined) return CORS_DEFAULTS.allowed_origins_patterns;
  if (!Array.isArray(value)) throw new LogicException(`Invalid cors.allowed_origins_patterns ${describe(value)}: use a list.`);
  return Object.freeze(value.map((pattern) => compilePattern(pattern)));
}

/**
 * A RegExp (its `g`/`y` flags, which would make `test()` remember its last position, dropped) or a
 * PHP literal, run by the bounded matchers rather than JavaScript's backtracking engine.
 */
function compilePattern(pattern: unknown): OriginPattern {
  if (typeof pattern !== 'string' && !(pattern instanceof RegExp)) {
    throw new LogicException(`Invalid cors.allowed_origins_patterns entry ${describe(pattern)}: use a RegExp or a PHP regex string.`);
  }
  try {
    if (pattern instanceof RegExp) return compileBoundedRegex(pattern.source, pattern.flags);
    return compilePcre(pattern);
  } catch (error) {
    throw new LogicException(`Invalid cors.allowed_origins_patterns entry ${describe(pattern)}: ${(error as Error).message}.`);
  }
}

function maxAge(value: unknown): number | null {
  if (value === undefined) return CORS_DEFAULTS.max_age;
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new LogicException(`Invalid cors.max_age ${describe(value)}: use a whole number of seconds ≥ 0, or null.`);
  }
  return value;
}

function flag(value: unknown): boolean {
  if (value === undefined) return CORS_DEFAULTS.supports_credentials;
  if (typeof value !== 'boolean') throw new LogicException(`Invalid cors.supports_credentials ${describe(value)}: use true or false.`);
  return value;
}

function describe(value: unknown): string {
  if (value instanceof RegExp) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
