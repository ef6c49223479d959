/**
 * Resolves `messages()` overrides the way the host framework's
 * `getFromLocalArray` does: it looks for the key `attribute.rule`, then
 * `rule`, then `attribute`, each time through the keys in declaration
 * order. A key with `*` is a pattern (`*` is any run of characters but a
 * dot); one without is compared whole. A value may be a text, or an object:
 * `rule => text` under an attribute key, and `kind => text` (`numeric`,
 * `string`, `array`, `file`) for a size rule. Resolved at compile time;
 * only keys that match some but not all attributes of a wildcard field are
 * left to test per attribute.
 */
import { isContainer } from './php.js';
import type { CustomMessages, SizedMessages } from './types.js';

/**
 * An array found where a text is looked for (a field's nested messages found
 * under a rule's name): the host framework makes it the message as it is,
 * its texts' placeholders filled, so the answer lists an object.
 */
export class ArrayMessage {
  constructor(readonly entries: Readonly<Record<string, unknown>>) {}
}

/** What `messages()` gives one attribute and rule: a text, a size rule's texts by kind, an array message, or null for the default message. */
export type Found = string | SizedMessages | ArrayMessage | null;

export interface MessageSource {
  readonly key: string;
  readonly value: unknown;
  /** The key as a pattern, when it has `*`. */
  readonly pattern: RegExp | null;
}

/** A custom message that applies only to some concrete attributes of a wildcard field. */
interface ConditionalMessage {
  readonly matches: (attribute: string) => boolean;
  readonly found: Found;
}

export interface CustomMessage {
  /** Tested in order against the concrete attribute; the first that matches gives the message. */
  readonly conditional: readonly ConditionalMessage[];
  /** The message when no conditional one matches. */
  readonly found: Found;
}

const SIZE_RULES = new Set(['size', 'between', 'min', 'max', 'gt', 'lt', 'gte', 'lte']);
const hasOwn = Object.prototype.hasOwnProperty;

export function messageSources(messages: CustomMessages | undefined): MessageSource[] {
  if (messages === undefined || messages === null) return [];
  return Object.keys(messages).map((key) => ({
    key,
    value: messages[key],
    pattern: key.includes('*') ? keyPattern(key) : null,
  }));
}

/** A `messages()` or `attributes()` key with `*` as the host framework reads it: `*` is any run of characters but a dot. */
export function keyPattern(key: string): RegExp {
  return new RegExp(`^${key.split('*').map(escapeRegExp).join('[^.]*')}$`, 'u');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Whether a source key can match, must match, or cannot match every attribute of a field pattern (plus an optional rule segment). */
const NEVER = 0;
const SOMETIMES = 1;
const ALWAYS = 2;

/**
 * How `source` compares with the attributes of the field whose concrete
 * segments are `field` (`*` where a wildcard takes each key), followed by
 * `rule` when given. A `*` in the source never crosses a dot, so segments
 * line up.
 */
function coverage(source: MessageSource, field: readonly string[], wildcard: boolean, rule: string | null): number {
  const whole = rule === null ? field : [...field, rule];
  if (!wildcard) return matchesKey(source, whole.join('.')) ? ALWAYS : NEVER;
  // A segment with an escaped dot does not line up with the key's segments: test each attribute.
  if (field.some((segment) => segment.includes('.'))) return SOMETIMES;
  const parts = source.key.split('.');
  if (parts.length !== whole.length) return NEVER;
  let result = ALWAYS;
  for (let i = 0; i < whole.length; i++) {
    const concrete = whole[i]!;
    const part = parts[i]!;
    if (rule !== null && i === whole.length - 1) {
      if (!matchesKey({ key: part, value: null, pattern: patternOf(part) }, concrete)) return NEVER;
    } else if (field[i] === '*' || concrete.includes('*')) {
      if (part !== '*') result = SOMETIMES;
    } else if (!matchesKey({ key: part, value: null, pattern: patternOf(part) }, concrete)) {
      return NEVER;
    }
  }
  return result;
}

function patternOf(part: string): RegExp | null {
  return part.includes('*') ? keyPattern(part) : null;
}

function matchesKey(source: MessageSource, key: string): boolean {
  return source.pattern === null ? source.key === key : source.pattern.test(key);
}

/** `getInlineMessage`: the value found, read for `rule`; an object for a size rule is its texts by kind. */
function foundIn(source: MessageSource, rule: string, underAttribute: boolean): Found {
  let message = source.value;
  if (isObjectValue(message)) {
    if (source.pattern !== null) {
      if (hasOwn.call(message, rule) && message[rule] !== null && message[rule] !== undefined) message = message[rule];
    } else if (underAttribute) {
      message = hasOwn.call(message, rule) ? message[rule] : null;
    }
  }
  if (message === null || message === undefined) return null;
  if (typeof message === 'string') return message;
  if (typeof message === 'number' || typeof message === 'boolean') return String(message);
  // An object left over is a size rule's texts by kind; for any other rule it is the message itself (getInlineMessage).
  if (!isObjectValue(message)) return null;
  return SIZE_RULES.has(rule) ? (message as SizedMessages) : new ArrayMessage(message);
}

function isObjectValue(value: unknown): value is Record<string, unknown> {
  return isContainer(value) && !Array.isArray(value);
}

/** The override of `rule` for the field of `segments` (`*` where it is a wildcard field). */
export function resolveCustomMessage(
  sources: readonly MessageSource[],
  segments: readonly string[],
  wildcard: boolean,
  rule: string,
): CustomMessage {
  const attribute = segments.join('.');
  const conditional: ConditionalMessage[] = [];
  for (const s of sources) {
    const c = coverage(s, segments, wildcard, rule);
    if (c === ALWAYS) return { conditional, found: foundIn(s, rule, false) };
    if (c === SOMETIMES) conditional.push({ matches: (concrete) => matchesKey(s, `${concrete}.${rule}`), found: foundIn(s, rule, false) });
  }
  for (const s of sources) {
    // A field named as its own rule (`max` with `max`) reads an object under its key by rule.
    if (matchesKey(s, rule)) return { conditional, found: foundIn(s, rule, !wildcard && s.pattern === null && s.key === attribute) };
  }
  for (const s of sources) {
    const c = coverage(s, segments, wildcard, null);
    if (c === ALWAYS) return { conditional, found: foundIn(s, rule, true) };
    if (c === SOMETIMES) conditional.push({ matches: (concrete) => matchesKey(s, concrete), found: foundIn(s, rule, true) });
  }
  return { conditional, found: null };
}
