/**
 * Resolves `messages()` overrides the way the host framework's
 * `getFromLocalArray` does: first a key `field.rule` (the field may use `*`),
 * then a key `rule`, each time taking the first matching key in declaration
 * order. Resolved at compile time; only keys naming some but not all
 * expansions of a wildcard field are left to check per attribute.
 */
import { matchSegments } from './paths.js';

export interface MessageSource {
  readonly segments: readonly string[];
  readonly text: string;
}

/** A custom message that applies only to some concrete attributes of a wildcard field. */
export interface ConditionalMessage {
  /** The key's segments without the trailing rule segment. */
  readonly segments: readonly string[];
  readonly text: string;
}

export interface CustomMessage {
  readonly conditional: readonly ConditionalMessage[];
  /** The message when no conditional one matches, or null for the default. */
  readonly text: string | null;
}

export function messageSources(messages: Record<string, string> | undefined): MessageSource[] {
  if (messages === undefined || messages === null) return [];
  return Object.keys(messages).map((key) => ({ segments: key.split('.'), text: String(messages[key]) }));
}

function segmentMatches(pattern: string, value: string): boolean {
  return matchSegments([pattern], [value]);
}

/** Finds the override of `rule` on the field whose rule-map key has `field` segments. */
export function resolveCustomMessage(sources: readonly MessageSource[], field: readonly string[], rule: string): CustomMessage {
  const conditional: ConditionalMessage[] = [];
  for (const s of sources) {
    const seg = s.segments;
    if (seg.length !== field.length + 1 || !segmentMatches(seg[seg.length - 1]!, rule)) continue;
    let possible = true;
    let covers = true;
    for (let i = 0; i < field.length && possible; i++) {
      if (field[i] === '*') {
        if (seg[i] !== '*') covers = false;
      } else if (!segmentMatches(seg[i]!, field[i]!)) {
        possible = false;
      }
    }
    if (!possible) continue;
    if (covers) return { conditional, text: s.text };
    conditional.push({ segments: seg.slice(0, -1), text: s.text });
  }
  for (const s of sources) {
    if (s.segments.length === 1 && segmentMatches(s.segments[0]!, rule)) return { conditional, text: s.text };
  }
  return { conditional, text: null };
}
