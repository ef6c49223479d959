/**
 * Compile time: turns a rule map into field plans. Each rule of a field
 * becomes a precompiled check (from its definition in `rules/`), a flag, or
 * a custom rule; every message is resolved (custom or English, size variant,
 * static placeholders) so a request only fills in what depends on it.
 */
import { LogicException } from '../errors/logic-exception.js';
import { ArrayMessage, keyPattern, resolveCustomMessage, messageSources, type Found, type MessageSource } from './custom-messages.js';
import { FieldRef, type DisplayOf } from './field-ref.js';
import { render, type Replacements } from './messages.js';
import { displayName } from './php.js';
import { MISSING, lookup, splitPath } from './paths.js';
import { RuleError, parseFieldRules, type ParsedRule } from './rule-parser.js';
import { RULES, canonicalRule } from './rules/index.js';
import type {
  Check,
  FieldFacts,
  Message,
  Prefetch,
  Replacer,
  RuleContext,
  RuleDefinition,
  RuleFacts,
  SizeMessages,
} from './rules/definition.js';
import { compileSchemaRule } from './server-implementations.js';
import { PREFETCHED_PART, type CompileOptions, type PrefetchedPart, type RuleMap, type RuleObject } from './types.js';

export const FLAG = 0;
export const IMPLICIT = 1;
export const VALUE = 2;
export const EXCLUDE = 3;
export const CUSTOM = 4;
/** A rule whose check comes from its `prefetch`, per run (`RunEnv.fetched[slot]`). */
export const PREFETCHED = 5;

/** A message text chosen at compile time: from `messages()` or the English default, maybe by kind of value. */
export interface TextChoice {
  readonly text: string;
  /** The texts by kind of value when only the value tells (a file or a string; a number for `gt`... when `numericByValue`). */
  readonly variants: SizeMessages | null;
  /** A default `gt`-style message: a numeric value takes the numeric text. */
  readonly numericByValue: boolean;
  /** The text comes from `messages()`. */
  readonly custom: boolean;
  /** An array `messages()` gave where a text was looked for: the message is it, its texts filled. */
  readonly array?: Readonly<Record<string, unknown>>;
}

/** A `messages()` entry that applies only to some attributes of a wildcard field. */
interface ConditionalChoice {
  readonly matches: (attribute: string) => boolean;
  readonly choice: TextChoice;
}

export interface MessagePlan {
  /** The finished message, when nothing in it depends on the attribute or the data. */
  readonly fixed: string | null;
  /** The finished `file` variant of `fixed`, for a size message. */
  readonly fixedFile: string | null;
  /** Tried in order against the concrete attribute before `choice`. */
  readonly conditional: readonly ConditionalChoice[];
  readonly choice: TextChoice;
  readonly replace: Replacer;
}

export interface RulePlan {
  readonly kind: number;
  /** Name used for custom-message keys: `max`, `schema`, a rule object's class name. */
  readonly name: string;
  readonly check: Check | null;
  readonly custom: RuleObject['validate'] | null;
  /** A PREFETCHED rule's input/output, and where the run keeps the check it resolves to. */
  readonly prefetch?: Prefetch;
  slot?: number;
  /** A custom rule that runs on missing / empty values too. */
  readonly implicit: boolean;
  /** A PREFETCHED rule skipped once the attribute has a message (`CheckedRule.skipsAfterFailure`). */
  readonly skipsAfterFailure?: boolean;
  /** A custom rule written as an `async` function or method. */
  readonly async?: boolean;
  /** `gt` and friends: a numeric value takes the numeric message. */
  readonly numericWhenNumeric: boolean;
  readonly message: MessagePlan;
}

export interface FieldPlan {
  /** The rule key as written (`items.*.name`, `foo\\.bar`). */
  readonly key: string;
  /** The attribute of a field without `*`, escaped dots resolved (`foo.bar`): its error key. */
  readonly attribute: string;
  readonly segments: readonly string[];
  readonly wildcard: boolean;
  /**
   * A `*` inside a segment (`bank_*`), or `*` alone: its attributes are
   * gathered as the host framework does (`gathered-keys.ts`), not expanded.
   */
  readonly gathered: boolean;
  readonly facts: FieldFacts;
  readonly rules: readonly RulePlan[];
  /** Display name, when it does not depend on the attribute (no wildcard). */
  readonly display: string;
  /** Position in `Plan.fields`. */
  index: number;
  /**
   * For a bare `array` / `list` field: the fields whose keys lie under it.
   * When one of them validates an attribute under this one, `validated()`
   * takes the children instead of the whole array.
   */
  children: number[];
}

export interface Plan {
  /** In validation order: fields without `*` first, then wildcard fields (as the host framework explodes them). */
  readonly fields: readonly FieldPlan[];
  readonly displayOf: DisplayOf;
  readonly stopOnFirstFailure: boolean;
  readonly hasBareArray: boolean;
  /** Some field has an `exclude*` rule. */
  readonly excludes: boolean;
  /** The rules with input/output, in validation order; `slot` is the position. */
  readonly prefetched: readonly { readonly field: FieldPlan; readonly rule: RulePlan }[];
  /**
   * Some custom rule may answer with a promise: the run awaits custom rules.
   * Set at compile time for `async` functions and methods, and by the
   * first run that meets a promise from a plain one.
   */
  awaitsCustom: boolean;
}

const hasOwn = Object.prototype.hasOwnProperty;
const SCHEMA_MESSAGE = 'The :attribute field format is invalid.';
const NO_TEXT: TextChoice = { text: '', variants: null, numericByValue: false, custom: false };
const NO_MESSAGE: MessagePlan = { fixed: null, fixedFile: null, conditional: [], choice: NO_TEXT, replace: [] };

function factsOf(key: string, segments: readonly string[], parsed: readonly ParsedRule[]): FieldFacts {
  const facts = {
    key,
    wildcard: segments.some((segment) => segment.includes('*')),
    numeric: false,
    arrayish: false,
    arrayRule: false,
    bareArray: false,
    boolean: false,
    dateFormat: null as string | null,
    nullable: false,
    sometimes: false,
    bail: false,
  };
  for (const r of parsed) {
    if (r.kind !== 'named') continue;
    const name = canonicalRule(r.name);
    if (name === undefined) continue;
    const def = RULES[name] as RuleDefinition;
    if (def.facts === undefined) continue;
    const f: RuleFacts = typeof def.facts === 'function' ? def.facts(r.params) : def.facts;
    if (f.numeric) facts.numeric = true;
    if (f.arrayish) facts.arrayish = true;
    if (f.arrayRule) facts.arrayRule = true;
    // validated() leaves an array to its children only for a rule written `array` or `list` (in_array on the rule strings).
    if (f.bareArray && (r.raw === 'array' || r.raw === 'list')) facts.bareArray = true;
    // required_if and friends read true/false as booleans only beside a rule written `boolean` (shouldConvertToBoolean's in_array).
    if (f.boolean && r.raw === 'boolean') facts.boolean = true;
    if (f.dateFormat !== undefined && facts.dateFormat === null) facts.dateFormat = f.dateFormat;
    if (f.nullable) facts.nullable = true;
    if (f.sometimes) facts.sometimes = true;
    if (f.bail) facts.bail = true;
  }
  return facts;
}

/** Builds the plan; throws LogicException for any bad rule definition. */
export function buildPlan(rules: RuleMap, options: CompileOptions): Plan {
  const owner = options.owner;
  const attributes = options.attributes ?? {};
  const sources = messageSources(options.messages);
  const keys = Object.keys(rules);
  const wildcardKeys = new Set(keys.filter((k) => k.includes('*')));

  const attributePatterns = Object.keys(attributes)
    .filter((k) => k.includes('*'))
    .map((k) => [keyPattern(k), k] as const);
  // `getAttributeFromLocalArray`: the exact key, else the first `*` key matching; a value PHP reads as false ('' or '0') is passed over.
  const named = (name: string): string | undefined => {
    let value: unknown = hasOwn.call(attributes, name) ? attributes[name] : undefined;
    if (value === undefined || value === null) {
      const match = attributePatterns.find(([re]) => re.test(name));
      if (match !== undefined) value = attributes[match[1]];
    }
    return value === undefined || value === null || value === '' || value === '0' ? undefined : String(value);
  };
  // `getPrimaryAttribute`: the wildcard rule key that expanded an attribute (its items up to the last `*` exist).
  const expanding = [...wildcardKeys].map((k) => ({ key: k, segments: splitPath(k) })).filter((w) => w.segments.includes('*'));
  const primaryOf = (concrete: string, data: unknown): string | undefined => {
    const segments = concrete.split('.');
    for (const w of expanding) {
      if (w.segments.length !== segments.length || !w.segments.every((s, i) => s === '*' || s === segments[i])) continue;
      if (lookup(data, segments.slice(0, w.segments.lastIndexOf('*') + 1)) !== MISSING) return w.key;
    }
    return undefined;
  };
  const displayOf: DisplayOf = (concrete, pattern, data) => {
    // A field's own attribute is an expansion of its key; a field named in a parameter is one only if the input has it.
    const primary = data === undefined ? (wildcardKeys.has(pattern) ? pattern : undefined) : primaryOf(concrete, data);
    const other = primary ?? pattern;
    return named(concrete) ?? (other === concrete ? undefined : named(other)) ?? (primary !== undefined ? concrete : displayName(concrete));
  };

  const parsed = new Map<string, ParsedRule[]>();
  const facts = new Map<string, FieldFacts>();
  for (const key of keys) {
    if (key === '') throw new LogicException(`${owner}: a validation rule has an empty field name.`);
    try {
      const list = parseFieldRules(rules[key]!);
      parsed.set(key, list);
      facts.set(key, factsOf(key, splitPath(key), list));
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
  const prefetched = fields.flatMap((field) => field.rules.filter((rule) => rule.kind === PREFETCHED).map((rule) => ({ field, rule })));
  prefetched.forEach(({ rule }, slot) => {
    rule.slot = slot;
  });
  return {
    fields,
    displayOf,
    prefetched,
    awaitsCustom: fields.some((f) => f.rules.some((r) => r.kind === CUSTOM && r.async === true)),
    stopOnFirstFailure: options.stopOnFirstFailure === true,
    hasBareArray: fields.some((f) => f.facts.bareArray),
    excludes: fields.some((f) => f.rules.some((r) => r.kind === EXCLUDE)),
  };
}

const AsyncFunction = (async () => {}).constructor;

/** Written as `async`: known to answer with a promise before it ever runs. */
function isAsyncFunction(fn: unknown): boolean {
  return fn instanceof AsyncFunction;
}

/** Can an attribute of pattern `child` lie under an attribute of pattern `parent`? */
export function liesUnder(child: readonly string[], parent: readonly string[]): boolean {
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
  const segments = splitPath(key);
  const attribute = segments.join('.');
  const display = displayOf(attribute, key);
  const plans: RulePlan[] = [];

  const plain = (text: string): TextChoice => ({ text, variants: null, numericByValue: false, custom: false });
  const choose = (found: Found, fallback: Message, numericWhenNumeric: boolean, own: string | undefined): TextChoice => {
    if (typeof found === 'string') return { text: found, variants: null, numericByValue: false, custom: true };
    if (found instanceof ArrayMessage) return { text: '', variants: null, numericByValue: false, custom: true, array: found.entries };
    if (found !== null) {
      // A size rule's texts by kind (getAttributeType: the field's rules, else a file or a string); a kind left out keeps the default.
      const base = typeof fallback === 'string' ? { numeric: fallback, file: fallback, array: fallback, string: fallback } : fallback;
      const texts: SizeMessages = {
        numeric: found.numeric ?? base.numeric,
        file: found.file ?? base.file,
        array: found.array ?? base.array,
        string: found.string ?? base.string,
      };
      if (field.numeric) return { ...plain(texts.numeric), custom: true };
      if (field.arrayish) return { ...plain(texts.array), custom: true };
      return { text: texts.string, variants: texts, numericByValue: false, custom: true };
    }
    if (own !== undefined) return plain(own);
    if (typeof fallback === 'string') return plain(fallback);
    if (field.numeric) return plain(fallback.numeric);
    if (field.arrayish && !numericWhenNumeric) return plain(fallback.array);
    // A default size message whose variant is only known per value: the file one, or numeric for `gt`...
    return {
      text: field.arrayish ? fallback.array : fallback.string,
      variants: fallback,
      numericByValue: numericWhenNumeric,
      custom: false,
    };
  };

  const messageFor = (name: string, fallback: Message, replace: Replacer, numericWhenNumeric: boolean, own?: string): MessagePlan => {
    const custom = resolveCustomMessage(sources, segments, field.wildcard, name);
    const choice = choose(custom.found, fallback, numericWhenNumeric, own);
    const conditional = custom.conditional.map((c) => ({ matches: c.matches, choice: choose(c.found, fallback, numericWhenNumeric, own) }));
    const text = choice.text;
    const dependsOnAttribute =
      choice.array !== undefined ||
      field.wildcard ||
      numericWhenNumeric ||
      conditional.length > 0 ||
      typeof replace === 'function' ||
      text.includes(':input') ||
      text === '';
    const pairs = replace as Replacements;
    const fixed = dependsOnAttribute ? null : render(text, display, null, segments, pairs);
    const fixedFile = dependsOnAttribute || choice.variants === null ? null : render(choice.variants.file, display, null, segments, pairs);
    return { fixed, fixedFile, conditional, choice, replace };
  };

  for (const r of parsed) {
    if (r.kind === 'closure') {
      plans.push({
        kind: CUSTOM,
        name: r.raw,
        check: null,
        custom: r.fn,
        implicit: false,
        async: isAsyncFunction(r.fn),
        numericWhenNumeric: false,
        message: NO_MESSAGE,
      });
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
        async: isAsyncFunction(rule.validate),
        numericWhenNumeric: false,
        message: messageFor(r.raw, '', [], false),
      });
      const part = (rule as { [PREFETCHED_PART]?: PrefetchedPart })[PREFETCHED_PART];
      if (part !== undefined) {
        plans.push({
          kind: PREFETCHED,
          name: r.raw,
          check: null,
          custom: null,
          prefetch: part.prefetch,
          implicit: false,
          numericWhenNumeric: false,
          message: messageFor(r.raw, part.message, [], false),
        });
      }
      continue;
    }
    if (r.kind === 'schema') {
      let check: Check;
      try {
        const test = compileSchemaRule(r.schema);
        check = (v) => test(v);
      } catch (error) {
        throw invalid(owner, key, r.raw, `the JSON Schema does not compile: ${(error as Error).message}`);
      }
      plans.push({
        kind: VALUE,
        name: 'schema',
        check,
        custom: null,
        implicit: false,
        numericWhenNumeric: false,
        message: messageFor('schema', SCHEMA_MESSAGE, [], false, r.message),
      });
      continue;
    }
    const name = canonicalRule(r.name);
    if (name === undefined) throw invalid(owner, key, r.raw, `unknown rule "${r.name.trim()}"`);
    const def = RULES[name] as RuleDefinition;
    if (def.params !== undefined && r.params.length < def.params) {
      throw invalid(owner, key, r.raw, `"${name}" needs ${def.params} parameter${def.params === 1 ? '' : 's'}`);
    }
    if (def.kind === 'flag') {
      plans.push({ kind: FLAG, name, check: null, custom: null, implicit: false, numericWhenNumeric: false, message: NO_MESSAGE });
      continue;
    }
    const context: RuleContext = {
      name,
      params: r.params,
      field,
      factsOf: (k) => allFacts.get(k),
      ref: (k, literal) => new FieldRef(k, displayOf, literal === true),
      invalid: (reason) => {
        throw invalid(owner, key, r.raw, reason);
      },
    };
    try {
      const when = r.when;
      if (def.kind === 'exclude') {
        const inner = def.compile(context).check;
        const check: Check = when === undefined ? inner : (v, env) => !when(env.data) || inner(v, env);
        plans.push({ kind: EXCLUDE, name, check, custom: null, implicit: false, numericWhenNumeric: false, message: NO_MESSAGE });
        continue;
      }
      const compiled = def.compile(context);
      const numericWhenNumeric = def.numericWhenNumeric === true;
      const message = messageFor(name, def.message, compiled.replace ?? [], numericWhenNumeric);
      if (compiled.prefetch !== undefined) {
        const fetch = compiled.prefetch;
        plans.push({
          kind: PREFETCHED,
          name,
          check: null,
          custom: null,
          prefetch:
            when === undefined
              ? fetch
              : (values, context) =>
                  fetch(values, context).then(
                    (inner): Check =>
                      (v, env) =>
                        !when(env.data) || inner(v, env),
                  ),
          implicit: def.kind === 'implicit',
          skipsAfterFailure: def.skipsAfterFailure === true,
          numericWhenNumeric,
          message,
        });
        continue;
      }
      const inner = compiled.check;
      plans.push({
        kind: def.kind === 'implicit' ? IMPLICIT : VALUE,
        name,
        check: when === undefined ? inner : (v, env) => !when(env.data) || inner(v, env),
        custom: null,
        implicit: false,
        numericWhenNumeric,
        message,
      });
    } catch (error) {
      if (error instanceof LogicException) throw error;
      throw invalid(owner, key, r.raw, (error as Error).message);
    }
  }

  const gathered = segments.some((segment) => segment !== '*' && segment.includes('*')) || key === '*';
  return { key, attribute, segments, wildcard: field.wildcard, gathered, facts: field, rules: plans, display, index: 0, children: [] };
}
