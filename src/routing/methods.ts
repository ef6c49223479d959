import type { HttpMethod } from '../action.js';

/**
 * Normalises a method list: upper case, no duplicates, HEAD added right
 * after GET (GET implies HEAD, as in the host framework).
 */
export function expandMethods(methods: readonly HttpMethod[]): string[] {
  const out: string[] = [];
  const hasHead = methods.some((m) => m.toUpperCase() === 'HEAD');
  for (const method of methods) {
    const upper = method.toUpperCase();
    if (out.includes(upper)) continue;
    out.push(upper);
    if (upper === 'GET' && !hasHead) out.push('HEAD');
  }
  return out;
}

/** The `Allow` header value for a method list: `GET, HEAD, POST`. */
export function allowHeader(methods: readonly string[]): string {
  return methods.join(', ');
}
