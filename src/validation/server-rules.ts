/**
 * Which rules of a rule map only a server can check, and the rule map
 * without them. Read from the rules' definitions (`RuleDefinition.server`),
 * so a rule map is judged the same wherever it is compiled. A size rule
 * (`max:1024`) on a field with a file rule measures an upload, so it is the
 * server's too; a built-in rule object (`Password`, `Rule.enum`) runs
 * anywhere, except `Password.uncompromised()`'s leak lookup; and
 * `email:rfc,dns` keeps its format check (`email:rfc`) when its lookup is
 * left out.
 */
import { parseFieldRules, type ParsedRule } from './rule-parser.js';
import type { RuleDefinition, ServerNeed } from './rules/definition.js';
import { RULES, canonicalRule } from './rules/index.js';
import {
  PREFETCHED_PART,
  RULE_KEY,
  RULE_LIST,
  type FieldRules,
  type PrefetchedPart,
  type Rule,
  type RuleMap,
  type RuleObject,
  type ServerRule,
} from './types.js';

/** The rule's definition, for a named rule the table knows. */
function definitionOf(parsed: ParsedRule): RuleDefinition | undefined {
  if (parsed.kind !== 'named') return undefined;
  const name = canonicalRule(parsed.name);
  return name === undefined ? undefined : (RULES[name] as RuleDefinition);
}

/** What a named rule's definition says it needs, for its parameters. */
function declaredNeed(parsed: ParsedRule): ServerNeed | undefined {
  const server = definitionOf(parsed)?.server;
  if (server === undefined || parsed.kind !== 'named') return undefined;
  return typeof server === 'function' ? server(parsed.params) : server;
}

/** A rule whose message has a file variant measures an upload on a file field (`size`, `max`, `gt`...). */
function measuresFiles(parsed: ParsedRule): boolean {
  const message = (definitionOf(parsed) as { message?: unknown } | undefined)?.message;
  return typeof message === 'object' && message !== null && 'file' in message;
}

/** Switchyard's own rule objects (`Password`, `Rule.enum`): their checks run anywhere. */
function isBuiltInObject(rule: RuleObject): boolean {
  return RULE_KEY in rule;
}

function partOf(rule: RuleObject): PrefetchedPart | undefined {
  return (rule as { [PREFETCHED_PART]?: PrefetchedPart })[PREFETCHED_PART];
}

/** What one parsed rule of a field needs from the server, if anything. */
function needOf(parsed: ParsedRule, fileField: boolean): ServerNeed | undefined {
  switch (parsed.kind) {
    case 'closure':
      return 'custom';
    case 'schema':
      return 'schema';
    case 'object':
      return isBuiltInObject(parsed.rule) ? undefined : 'custom';
    case 'named':
      return declaredNeed(parsed) ?? (fileField && measuresFiles(parsed) ? 'files' : undefined);
  }
}

/** Whether a field's rules hold a file rule (its size rules then measure uploads). */
function isFileField(parsed: readonly ParsedRule[]): boolean {
  return parsed.some((rule) => declaredNeed(rule) === 'files');
}

/** The rules of `rules` only a server can check, in field and rule order. */
export function serverRulesOf(rules: RuleMap): readonly ServerRule[] {
  const out: ServerRule[] = [];
  for (const field of Object.keys(rules)) {
    const parsed = parseFieldRules(rules[field]!);
    const fileField = isFileField(parsed);
    for (const rule of parsed) {
      const needs = needOf(rule, fileField);
      if (needs !== undefined) out.push({ field, rule: rule.raw, needs });
      const part = rule.kind === 'object' ? partOf(rule.rule) : undefined;
      if (part !== undefined) out.push({ field, rule: rule.raw, needs: part.server });
    }
  }
  return out;
}

/**
 * `rules` with every rule `serverRulesOf` lists left out (a built-in rule
 * object keeps its own checks, without its server part); a field whose
 * rules need no server keeps them as written.
 */
export function withoutServerRules(rules: RuleMap): RuleMap {
  const out: RuleMap = {};
  for (const field of Object.keys(rules)) {
    const written = rules[field]!;
    const parsed = parseFieldRules(written);
    const fileField = isFileField(parsed);
    const local = parsed.every(
      (rule) => needOf(rule, fileField) === undefined && (rule.kind !== 'object' || partOf(rule.rule) === undefined),
    );
    out[field] = local ? written : keptRules(written, fileField);
  }
  return out;
}

/** The rules of one field that run without a server, each as written (a built rule list read in its place). */
function keptRules(written: FieldRules, fileField: boolean): Rule[] {
  const items: readonly Rule[] = typeof written === 'string' ? written.split('|') : written;
  const kept: Rule[] = [];
  const visit = (item: Rule): void => {
    if (item !== null && typeof item === 'object' && RULE_LIST in item) {
      for (const inner of item[RULE_LIST]()) visit(inner);
      return;
    }
    const parsed = parseFieldRules([item]);
    if (parsed.length === 0) return;
    const rule = parsed[0]!;
    if (needOf(rule, fileField) !== undefined) {
      const local = rule.kind === 'named' ? definitionOf(rule)?.localParams?.(rule.params) : null;
      if (local !== undefined && local !== null && rule.kind === 'named') kept.push(`${rule.name}:${local.join(',')}`);
      return;
    }
    kept.push(rule.kind === 'object' && partOf(rule.rule) !== undefined ? withoutPart(rule.rule) : item);
  };
  for (const item of items) visit(item);
  return kept;
}

/** A built-in rule object's own checks, under its class name, without the part that needs the server. */
function withoutPart(rule: RuleObject): RuleObject {
  const own: RuleObject & { constructor: unknown } = {
    validate: rule.validate.bind(rule),
    implicit: rule.implicit,
    constructor: rule.constructor,
  };
  return own;
}
