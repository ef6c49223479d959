/**
 * The placeholder replacement that turns a rule's message into what a client
 * sees (`:attribute`, `:input`, `:index`...), as the host framework's
 * `makeReplacements`. The English texts live with their rules (`rules/`).
 */

import type { Replacements } from './rules/definition.js';

export type { Replacements };

const DIGITS = /^\d+$/;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

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
      if (seg === '' || seg.length > 15 || !DIGITS.test(seg)) continue;
      const index = Number(seg);
      if (n === 0) {
        m = replaceInsensitive(m, ':index', String(index));
        m = replaceInsensitive(m, ':position', String(index + 1));
      }
      const word = ORDINALS[n];
      if (word !== undefined) {
        m = replaceInsensitive(m, `:${word}-index`, String(index));
        m = replaceInsensitive(m, `:${word}-position`, String(index + 1));
      }
      n++;
    }
  }
  for (const [search, replacement] of pairs) m = m.replaceAll(search, replacement);
  return m;
}
