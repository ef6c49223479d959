/**
 * Method spoofing, as the host framework's request (Symfony's `getMethod()`
 * with `enableHttpMethodParameterOverride()`, which Laravel turns on): an
 * HTML form can only POST, so a POST names the method it stands for in the
 * `X-HTTP-Method-Override` header or in a `_method` field. The pipeline's
 * first stage applies it (src/pipeline/override-method.ts), so routing,
 * the action's method guard, middleware and the handler all see it.
 */
import { BadRequestError } from '../errors/http-error.js';
import type { InputBag } from './own.js';

/** The header a POST may name its method in; it is read before `_method`. */
export const METHOD_OVERRIDE_HEADER = 'x-http-method-override';

/** The methods Symfony accepts whatever their letters; any other override must be A-Z only. */
const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'PATCH',
  'PURGE',
  'TRACE',
]);

/** Longest part of a refused name the error message repeats. */
const SHOWN_CHARACTERS = 40;

/** 400 for an override that is not a method name (Symfony's `SuspiciousOperationException`). */
export class InvalidMethodOverrideError extends BadRequestError {
  constructor(name: string) {
    const shown = name.length > SHOWN_CHARACTERS ? `${name.slice(0, SHOWN_CHARACTERS)}...` : name;
    super(`Invalid method override "${shown}".`);
  }
}

/**
 * The method an override value names: a string upper-cased (ASCII letters
 * only, as PHP's `strtoupper`), which must be a known method or letters
 * A-Z only, else a 400. Anything but a string is no override (undefined).
 */
export function parseMethodOverride(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const method = value.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
  if (KNOWN_METHODS.has(method) || /^[A-Z]+$/.test(method)) return method;
  throw new InvalidMethodOverrideError(method);
}

/** True when the header's value names the method by itself: not empty, nor `0` (which PHP reads as false). */
export function headerOverrides(header: string | undefined): header is string {
  return header !== undefined && header !== '' && header !== '0';
}

/**
 * The method a POST overrides to, or undefined: the header when
 * `headerOverrides`, else the body's `_method` when
 * the body has that key (whatever its value), else the query's `_method`.
 * `query` is called only when it decides.
 */
export function methodOverride(header: string | undefined, body: InputBag, query: () => InputBag): string | undefined {
  if (headerOverrides(header)) return parseMethodOverride(header);
  if (Object.hasOwn(body, '_method')) return parseMethodOverride(body['_method']);
  const fromQuery = query();
  return Object.hasOwn(fromQuery, '_method') ? parseMethodOverride(fromQuery['_method']) : undefined;
}
