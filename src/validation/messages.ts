/**
 * The placeholder replacement that turns a rule's message into what a client
 * sees (`:attribute`, `:input`, `:index`...), as the host framework's
 * `makeReplacements`. The English texts live with their rules (`rules/`).
 */

import { NUMERIC_STRING } from './php.js';
import type { Replacements } from './rules/definition.js';

export type { Replacements };

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** A key's `(int)` when PHP's `is_numeric` accepts it (`-1`, `1.5`, ` 3`, `1e2`); null otherwise, or past what a double holds exactly. */
function numericKey(segment: string): number | null {
  if (!NUMERIC_STRING.test(segment)) return null;
  const n = Math.trunc(Number(segment.trim()));
  return Number.isSafeInteger(n) ? n + 0 : null;
}

/** `str_ireplace`: case-insensitive, without building a regex. */
function replaceInsensitive(message: string, search: string, replacement: string): string {
  const lower = message.toLowerCase();
  let at = lower.indexOf(search);
  if (at < 0) return message;
  let out = '';
  let from = 0;
  while (at >= 0) {
    out += message.slice(from, at) + replacement;
    from = at + search.length;
    at = lower.indexOf(search, from);
  }
  return out + message.slice(from);
}

function ucfirst(value: string): string {
  return value.length === 0 ? value : value[0]!.toUpperCase() + value.slice(1);
}

/**
 * The host framework's `makeReplacements`: `:attribute` (and `:Attribute`,
 * `:ATTRIBUTE`), `:input`, `:index` / `:position` (and `:second-index`...)
 * from the numeric segments of the attribute, then the rule's own pairs.
 */
export function render(template: string, display: string, input: string | null, segments: readonly string[], pairs: Replacements): string {
  if (!template.includes(':')) return template;
  let m = template
    .replaceAll(':attribute', display)
    .replaceAll(':ATTRIBUTE', display.toUpperCase())
    .replaceAll(':Attribute', ucfirst(display));
  if (input !== null && m.includes(':input')) m = m.replaceAll(':input', input);
  if (m.includes(':')) {
    let n = 0;
    for (const seg of segments) {
      const index = numericKey(seg);
      if (index === null) continue;
      if (n === 0) {
        m = replaceInsensitive(m, ':index', String(index));
        m = replaceInsensitive(m, ':position', String(index + 1));
      }
      // Past the tenth, every numeric key is `other` (the first one found fills it).
      const word = ORDINALS[n] ?? 'other';
      m = replaceInsensitive(m, `:${word}-index`, String(index));
      m = replaceInsensitive(m, `:${word}-position`, String(index + 1));
      n++;
    }
  }
  for (const [search, replacement] of pairs) m = m.replaceAll(search, replacement);
  return m;
}
