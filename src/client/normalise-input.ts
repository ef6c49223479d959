/**
 * The input as the server's rules see it: trimmed and with `''` as `null`
 * when the application does so (`trim_strings`, `convert_empty_strings_to_null`),
 * applied to the JSON the client sends. Browser-safe.
 */
import { trimString } from '../php/str-trim.js';
import type { InputNormalisation } from '../typing/rule-sets.js';

type Container = Record<string, unknown> | unknown[];

/** Normalises `input` (a parsed JSON copy, changed in place) and returns it. */
export function normaliseJson<T>(input: T, how: InputNormalisation): T {
  if (!how.trim && !how.emptyToNull) return input;
  const except = new Set(how.trimExcept);
  const stack: [Container, string][] = [];
  if (input !== null && typeof input === 'object') stack.push([input as Container, '']);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [container, prefix] = next;
    const keys = Array.isArray(container) ? container.keys() : Object.keys(container);
    for (const key of keys) {
      const value = (container as Record<string, unknown>)[key];
      const path = prefix + String(key);
      if (typeof value === 'string') {
        let changed: string | null = how.trim && !except.has(path) ? trimString(value) : value;
        if (how.emptyToNull && changed === '') changed = null;
        // JSON.parse makes `__proto__` an own key: write it as data, never through the setter.
        Object.defineProperty(container, key, { value: changed, writable: true, enumerable: true, configurable: true });
      } else if (value !== null && typeof value === 'object') {
        stack.push([value as Container, `${path}.`]);
      }
    }
  }
  return input;
}
