/**
 * Compile time: turns a rule map into field plans. Each field's value rules
 * become one ajv validator (`allOf`, one branch per rule, so an error's
 * schema path names the rule that failed); implicit and cross-field rules
 * become closures; every message is resolved (custom or English, size
 * variant, static placeholders) so a request only fills in what depends on it.
 */
import type { ValidateFunction } from 'ajv';
import { LogicException } from '../errors/logic-exception.js';
import { resolveCustomMessage, messageSources, type ConditionalMessage, type MessageSource } from './custom-messages.js';
import { FieldRef, type DisplayOf } from './field-ref.js';
import { compileSchema } from './keywords.js';
import { MESSAGES, render, type Replacements, type SizeMessages } from './messages.js';
import { displayName } from './php.js';
import { RuleError, parseFieldRules, ruleKey, type ParsedRule } from './rule-parser.js';
import {
  RULES,
  canonicalRule,
  type RuleDef,
  type RuleName,
  type Check,
  type FieldFacts,
  type Replacer,
  type RuleContext,
} from './rules.js';
import type { CompileOptions, RuleMap, RuleObject } from './types.js';

export const FLAG = 0;
export const IMPLICIT = 1;
export const SCHEMA = 2;
export const CHECK = 3;
export const CUSTOM = 4;

export interface MessagePlan {
  /** The finished message, when nothing in it depends on the attribute or the data. */
  readonly fixed: string | null;
  /** The finished `file` variant of `fixed`, for a default size message. */
  readonly fixedFile: string | null;
  readonly conditional: readonly ConditionalMessage[];
  readonly text: string;
  /** The `file` variant of a default size message, chosen when the value is an uploaded file. */
  readonly fileText: string | null;
  readonly replace: Replacer;
}

export interface RulePlan {
  readonly kind: number;
  /** Name used for custom-message keys: `max`, `schema`, a rule object's class name. */
  readonly name: string;
  readonly check: Check | null;
  readonly custom: RuleObject['validate'] | null;
  /** A custom rule that runs on missing / empty values too. */
  readonly implicit: boolean;
  readonly message: MessagePlan;
}

export interface FieldPlan {
  readonly key: string;
  readonly segments: readonly string[];
  readonly wildcard: boolean;
  readonly facts: FieldFacts;
  readonly rules: readonly RulePlan[];
  /** The ajv validator of the field's value rules, or null when it has none (or has `bail`). */
  readonly validate: ValidateFunction | null;
  /**
   * With `bail`: each value rule's own validator, by index in `rules` (null
   * for the others), so rules run one by one and none runs after a failure.
   */
  readonly each: readonly (ValidateFunction | null)[] | null;
  /** `allOf` branch → index in `rules`. */
  readonly ruleOfBranch: readonly number[];
  /** Display name, when it does not depend on the attribute (no wildcard). */
  readonly display: string;
  /** Position in `Plan.fields`. */
  index: number;
  /**
   * For a bare `array` field: the fields whose keys lie under it. When one of
   * them validates an attribute under this one, `validated()` takes the
   * children instead of the whole array.
   */
  children: number[];
}

export interface Plan {
  /** In validation order: fields without `*` first, then wildcard fields (as the host framework explodes them). */
  readonly fields: readonly FieldPlan[];
  readonly displayOf: DisplayOf;
  readonly stopOnFirstFailure: boolean;
  readonly hasBareArray: boolean;
}

const hasOwn = Object.prototype.hasOwnProperty;
const NO_MESSAGE: MessagePlan = { fixed: null, fixedFile: null, conditional: [], text: '', fileText: null, replace: [] };

function factsOf(key: string, parsed: readonly ParsedRule[]): FieldFacts {
  const names = new Set<string>();
  let dateFormat: string | null = null;
  let bareArray = false;
  for (const r of parsed) {
    if (r.kind !== 'named') continue;
    const name = canonicalRule(ruleKey(r.name));
    if (name === undefined) continue;
    names.add(name);
    if (name === 'date_format' && dateFormat === null && r.params[0] !== undefined) dateFormat = r.params[0];
    if (name === 'array' && r.params.length === 0) bareArray = true;
  }
  return {
    key,
    wildcard: key.split('.').includes('*'),
    numeric: names.has('numeric') || names.has('integer'),
    arrayish: names.has('array') || names.has('list'),
    arrayRule: names.has('array'),
    bareArray,
    boolean: names.has('boolean'),
    dateFormat,
    nullable: names.has('nullable'),
    sometimes: names.has('sometimes'),
    bail: names.has('bail'),
  };
}

/** Builds the plan; throws LogicException for any bad rule definition. */
export function buildPlan(rules: RuleMap, options: CompileOptions): Plan {
  const owner = options.owner;
  const attributes = options.attributes ?? {};
  const sources = messageSources(options.messages);
  const keys = Object.keys(rules);
  const wildcardKeys = new Set(keys.filter((k) => k.split('.').includes('*')));

  const displayOf: DisplayOf = (concrete, pattern) => {
    if (hasOwn.call(attributes, concrete)) return String(attributes[concrete]);
    if (hasOwn.call(attributes, pattern)) return String(attributes[pattern]);
    return wildcardKeys.has(pattern) ? concrete : displayName(concrete);
  };

  const parsed = new Map<string, ParsedRule[]>();
  const facts = new Map<string, FieldFacts>();
  for (const key of keys) {
    if (key === '') throw new LogicException(`${owner}: a validation rule has an empty field name.`);
    try {
      const list = parseFieldRules(rules[key]!);
      parsed.set(key, list);
      facts.set(key, factsOf(key, list));
    } catch (error) {
      if (error instanceof RuleError) throw invalid(owner, key, error.rule, error.message);
      throw error;
    }
  }

  const built = keys.map((key) => buildField(key, parsed.get(key)!, facts, sources, displayOf, owner));
  const fields = [...built.filter((f) => !f.wildcard), ...built.filter((f) => f.wildcard)];
  fields.forEach((f, i) => {
    f.index = i;
  });
  for (const f of fields) {
    if (!f.facts.bareArray) continue;
    f.children = fields.filter((g) => g !== f && liesUnder(g.segments, f.segments)).map((g) => g.index);
  }
  return {
    fields,
    displayOf,
    stopOnFirstFailure: options.stopOnFirstFailure === true,
    hasBareArray: fields.some((f) => f.facts.bareArray),
  };
}

/** Can an attribute of pattern `child` lie under an attribute of pattern `parent`? */
function liesUnder(child: readonly string[], parent: readonly string[]): boolean {
  if (child.length <= parent.length) return false;
  for (let i = 0; i < parent.length; i++) {
    if (child[i] !== parent[i] && child[i] !== '*' && parent[i] !== '*') return false;
  }
  return true;
}

function invalid(owner: string, field: string, rule: string, reason: string): LogicException {
  return new LogicException(`${owner}: invalid validation rule "${rule}" for field "${field}": ${reason}.`);
}

function buildField(
  key: string,
  parsed: readonly ParsedRule[],
  allFacts: ReadonlyMap<string, FieldFacts>,
  sources: readonly MessageSource[],
  displayOf: DisplayOf,
  owner: string,
): FieldPlan {
  const field = allFacts.get(key)!;
  const segments = key.split('.');
  const display = displayOf(key, key);
  const plans: RulePlan[] = [];
  const branches: Record<string, unknown>[] = [];
  const ruleOfBranch: number[] = [];
  let cacheable = true;
  const rawSchemas: Array<{ raw: string; schema: Record<string, unknown> }> = [];

  const messageFor = (name: string, fallback: string | SizeMessages, replace: Replacer, own?: string): MessagePlan => {
    const custom = resolveCustomMessage(sources, segments, name);
    let text: string;
    let fileText: string | null = null;
    if (custom.text !== null) text = custom.text;
    else if (own !== undefined) text = own;
    else if (typeof fallback === 'string') text = fallback;
    else {
      text = field.numeric ? fallback.numeric : field.arrayish ? fallback.array : fallback.string;
      if (!field.numeric && !field.arrayish) fileText = fallback.file;
    }
    const dependsOnAttribute =
      field.wildcard || custom.conditional.length > 0 || typeof replace === 'function' || text.includes(':input') || text === '';
    const fixed = dependsOnAttribute ? null : render(text, display, null, segments, replace as Replacements);
    const fixedFile = dependsOnAttribute || fileText === null ? null : render(fileText, display, null, segments, replace as Replacements);
    return { fixed, fixedFile, conditional: custom.conditional, text, fileText, replace };
  };

  for (const r of parsed) {
    if (r.kind === 'closure') {
      plans.push({ kind: CUSTOM, name: r.raw, check: null, custom: r.fn, implicit: false, message: NO_MESSAGE });
      continue;
    }
    if (r.kind === 'object') {
      const rule = r.rule;
      plans.push({
        kind: CUSTOM,
        name: r.raw,
        check: null,
        custom: (attribute, value, fail) => rule.validate(attribute, value, fail),
        implicit: rule.implicit === true,
        message: messageFor(r.raw, '', []),
      });
      continue;
    }
    if (r.kind === 'schema') {
      cacheable = false;
      rawSchemas.push({ raw: r.raw, schema: r.schema });
      ruleOfBranch.push(plans.length);
      branches.push({ 'laravel:schema': r.schema });
      plans.push({
        kind: SCHEMA,
        name: 'schema',
        check: null,
        custom: null,
        implicit: false,
        message: messageFor('schema', MESSAGES.schema!, [], r.message),
      });
      continue;
    }
    const name = canonicalRule(ruleKey(r.name));
    if (name === undefined) throw invalid(owner, key, r.raw, `unknown rule "${r.name.trim()}"`);
    const def: RuleDef = RULES[name];
    if (def.minParams !== undefined && r.params.length < def.minParams) {
      throw invalid(owner, key, r.raw, `"${name}" needs ${def.minParams} parameter${def.minParams === 1 ? '' : 's'}`);
    }
    if (def.kind === 'flag' || def.build === undefined) {
      plans.push({ kind: FLAG, name, check: null, custom: null, implicit: false, message: NO_MESSAGE });
      continue;
    }
    const context: RuleContext = {
      name,
      params: r.params,
      field,
      factsOf: (k) => allFacts.get(k),
      ref: (k) => new FieldRef(k, displayOf),
      invalid: (reason) => {
        throw invalid(owner, key, r.raw, reason);
      },
    };
    let built: ReturnType<typeof def.build>;
    try {
      built = def.build(context);
    } catch (error) {
      if (error instanceof LogicException) throw error;
      throw invalid(owner, key, r.raw, (error as Error).message);
    }
    const message = messageFor(name, MESSAGES[name as MessagedRule], built.replace ?? []);
    if (built.schema !== undefined) {
      ruleOfBranch.push(plans.length);
      branches.push(built.schema);
      plans.push({ kind: SCHEMA, name, check: null, custom: null, implicit: false, message });
    } else {
      plans.push({ kind: def.kind === 'implicit' ? IMPLICIT : CHECK, name, check: built.check!, custom: null, implicit: false, message });
    }
  }

  let validate: ValidateFunction | null = null;
  let each: (ValidateFunction | null)[] | null = null;
  if (branches.length > 0) {
    try {
      if (field.bail) {
        each = plans.map(() => null);
        for (let b = 0; b < branches.length; b++) each[ruleOfBranch[b]!] = compileSchema(branches[b]!, cacheable);
      } else {
        validate = compileSchema({ allOf: branches }, cacheable);
      }
    } catch (error) {
      const culprit = rawSchemas.find((s) => {
        try {
          compileSchema(s.schema, false);
          return false;
        } catch {
          return true;
        }
      });
      throw invalid(owner, key, culprit?.raw ?? 'schema', `the JSON Schema does not compile: ${(error as Error).message}`);
    }
  }
  return {
    key,
    segments,
    wildcard: field.wildcard,
    facts: field,
    rules: plans,
    validate,
    each,
    ruleOfBranch,
    display,
    index: 0,
    children: [],
  };
}

/** Rules that never fail on their own, so they have no message. */
type SilentRule = 'bail' | 'nullable' | 'sometimes';
type MessagedRule = Exclude<RuleName, SilentRule>;
/** A rule of the table without a message in MESSAGES is a compile error here, naming the rule. */
type RulesWithoutMessage = Exclude<MessagedRule, keyof typeof MESSAGES>;
const everyRuleHasAMessage: [RulesWithoutMessage] extends [never] ? true : RulesWithoutMessage = true;
void everyRuleHasAMessage;
