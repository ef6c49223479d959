/**
 * Reads a field's rules as the host framework writes them: a pipe string
 * (`required|string|max:255`) or a list whose strings are one rule each
 * (so a regex may contain `|`), `name:param,param` with CSV parameters
 * (`in:"a,b",c`), rule objects, closures, built rules written as strings
 * (`Rule.unique(...)`) and raw JSON Schemas.
 */
import {
  CONDITIONAL_RULE,
  RULE_LIST,
  STRINGABLE_RULE,
  type ConditionalRule,
  type FieldRules,
  type RuleClosure,
  type RuleList,
  type RuleObject,
} from './types.js';
import type { InputBag } from '../http/own.js';

export type ParsedRule =
  | {
      readonly kind: 'named';
      readonly name: string;
      readonly params: readonly string[];
      readonly raw: string;
      /** `Rule.requiredIf(fn)`: the rule applies only when this returns true for the input. */
      readonly when?: (input: InputBag) => boolean;
    }
  | { readonly kind: 'object'; readonly rule: RuleObject; readonly raw: string }
  | { readonly kind: 'closure'; readonly fn: RuleClosure; readonly raw: string }
  | { readonly kind: 'schema'; readonly schema: Record<string, unknown>; readonly message: string | undefined; readonly raw: string };

/** Thrown by the parser; the compiler turns it into a LogicException naming the class and field. */
export class RuleError extends Error {
  constructor(
    readonly rule: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** `Str::studly` then case-insensitive, as PHP method names are: `required_if`, `requiredIf`, `Required-If`. */
export function ruleKey(name: string): string {
  let key = '';
  for (const ch of name.trim()) if (ch !== '_' && ch !== '-' && ch !== ' ') key += ch.toLowerCase();
  return key;
}

/** One line ending (`\r\n`, `\n` or `\r`) at the end of `text` removed, as `php_fgetcsv` removes it. */
function withoutLineEnd(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  if (text.endsWith('\n') || text.endsWith('\r')) return text.slice(0, -1);
  return text;
}

/**
 * `str_getcsv($parameter)`: commas split, double quotes group (`""` is a
 * quote); one line ending at the end of the text, and at the end of each
 * unquoted field, is dropped (`starts_with:x\n` is `x`).
 */
export function parseCsv(input: string): string[] {
  const text = withoutLineEnd(input);
  const out: string[] = [];
  let field = '';
  let wasQuoted = false;
  let i = 0;
  let quoted = false;
  while (i <= text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === undefined) {
        out.push(field);
        break;
      }
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === undefined || ch === ',') {
      out.push(wasQuoted ? field : withoutLineEnd(field));
      field = '';
      wasQuoted = false;
      i++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
      wasQuoted = true;
    } else {
      field += ch;
    }
    i++;
  }
  return out;
}

function isRegexRule(name: string): boolean {
  const key = ruleKey(name);
  return key === 'regex' || key === 'notregex';
}

/** One rule string: `max:255` → `{ name: 'max', params: ['255'] }`. */
export function parseRuleString(raw: string): ParsedRule {
  const colon = raw.indexOf(':');
  if (colon < 0) return { kind: 'named', name: raw.trim(), params: [], raw };
  const name = raw.slice(0, colon).trim();
  const rest = raw.slice(colon + 1);
  const params = isRegexRule(name) ? [rest] : parseCsv(rest);
  return { kind: 'named', name, params, raw };
}

/** How deep built rules may hold built rules (`FileRule.image().rules(FileRule.types(...))`): a guard against a cycle. */
const MAX_RULE_LIST_DEPTH = 8;

/**
 * All rules of a field, in order. Empty pipe segments (`required|`) are
 * ignored, as upstream. A built rule that stands for several (`FileRule`) is
 * read as its rules in its place.
 */
export function parseFieldRules(rules: FieldRules): ParsedRule[] {
  const list: readonly unknown[] = typeof rules === 'string' ? rules.split('|') : Array.isArray(rules) ? rules : [rules];
  const out: ParsedRule[] = [];
  addRules(list, out, 0);
  return out;
}

function addRules(list: readonly unknown[], out: ParsedRule[], depth: number): void {
  for (const rule of list) {
    if (typeof rule === 'string') {
      if (rule.trim() === '') continue;
      out.push(parseRuleString(rule));
    } else if (rule !== null && typeof rule === 'object' && RULE_LIST in rule) {
      if (depth >= MAX_RULE_LIST_DEPTH) throw new RuleError(String(rule.constructor?.name ?? 'rule list'), 'built rules nest too deeply');
      addRules((rule as RuleList)[RULE_LIST](), out, depth + 1);
    } else if (typeof rule === 'function') {
      out.push({ kind: 'closure', fn: rule as RuleClosure, raw: rule.name ? `closure ${rule.name}` : 'closure' });
    } else if (rule !== null && typeof rule === 'object' && CONDITIONAL_RULE in rule) {
      const conditional = rule as ConditionalRule;
      const parsed = parseRuleString(conditional.rule);
      if (parsed.kind === 'named') out.push({ ...parsed, when: conditional.when });
    } else if (rule !== null && typeof rule === 'object' && STRINGABLE_RULE in rule) {
      out.push(parseRuleString(String(rule)));
    } else if (rule !== null && typeof rule === 'object' && typeof (rule as RuleObject).validate === 'function') {
      const name = (rule as object).constructor?.name;
      out.push({ kind: 'object', rule: rule as RuleObject, raw: name && name !== 'Object' ? name : 'rule object' });
    } else if (rule !== null && typeof rule === 'object' && 'schema' in rule) {
      const { schema, message } = rule as { schema: unknown; message?: unknown };
      if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
        throw new RuleError('schema', 'the "schema" of a raw JSON Schema rule must be an object');
      }
      if (message !== undefined && typeof message !== 'string')
        throw new RuleError('schema', 'the "message" of a raw JSON Schema rule must be a string');
      out.push({ kind: 'schema', schema: schema as Record<string, unknown>, message, raw: 'schema' });
    } else {
      throw new RuleError(String(rule), 'a rule must be a string, a rule object with validate(), a closure or { schema }');
    }
  }
}
