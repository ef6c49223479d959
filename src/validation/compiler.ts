/**
 * The public entry: `compileValidator(rules, options)` compiles a form
 * request's rules once (see `plan.ts`) and returns the validator every
 * request reuses. A request only walks the input, calls each
 * rule's precompiled check in order and fills in messages: no schema
 * compilation, no rule parsing, no regex construction.
 */
import type { ValidationMessages } from '../errors/validation-error.js';
import type { InputBag } from '../http/own.js';
import type { RunEnv } from './field-ref.js';
import { render } from './messages.js';
import { DEFAULT_LIMITS, TooManyItemsError, type ValidationLimits } from './limits.js';
import { OnlyFilter } from './only-filter.js';
import { MISSING, expand, lookup, matchSegments } from './paths.js';
import { displayValue, isBlankString, isContainer, isFile, isNumeric } from './php.js';
import { CUSTOM, EXCLUDE, FLAG, IMPLICIT, VALUE, buildPlan, type FieldPlan, type MessagePlan, type Plan, type RulePlan } from './plan.js';
import type { CompileOptions, CompiledValidator, RuleMap, ValidationOutcome } from './types.js';
import { buildValidated, type ValidatedEntry } from './validated.js';

let compiled = 0;

/** How many validators this process has compiled (one per form-request class). */
export function compilationCount(): number {
  return compiled;
}

/**
 * Compiles a rule map into a validator. Throws LogicException (naming
 * `options.owner`, the field and the rule) for a bad rule definition.
 */
export function compileValidator(rules: RuleMap, options: CompileOptions): CompiledValidator {
  const plan = buildPlan(rules, options);
  compiled++;
  return { validate: (input, only, limits = DEFAULT_LIMITS) => run(plan, input, only, limits) };
}

const NO_CAPTURES: readonly string[] = [];
const hasOwn = Object.prototype.hasOwnProperty;

function addErrors(errors: ValidationMessages, key: string, messages: string[]): void {
  if (hasOwn.call(errors, key)) errors[key]!.push(...messages);
  else if (key === '__proto__')
    Object.defineProperty(errors, key, { value: messages, enumerable: true, writable: true, configurable: true });
  else errors[key] = messages;
}

function run(plan: Plan, input: InputBag, only: readonly string[] | undefined, limits: ValidationLimits): ValidationOutcome {
  const filter = only === undefined ? null : new OnlyFilter(only);
  const maxErrors = limits.max_validation_errors === 0 ? Number.POSITIVE_INFINITY : limits.max_validation_errors;
  const maxItems = limits.max_wildcard_items === 0 ? Number.POSITIVE_INFINITY : limits.max_wildcard_items;
  const env: RunEnv = {
    data: input,
    attribute: '',
    segments: NO_CAPTURES,
    captures: NO_CAPTURES,
    exists: false,
    expansions: null,
    memo: null,
    excluded: false,
  };
  let errors: ValidationMessages | null = null;
  let errorCount = 0;
  /** Set on a failure with stopOnFirstFailure, or when `maxErrors` messages are collected. */
  let done = false;
  const entries: ValidatedEntry[] = [];
  const validatedByField: string[][] | null = plan.hasBareArray ? plan.fields.map(() => []) : null;
  /** Attributes an `exclude*` rule left out (Laravel's `excludeAttributes`). */
  const excluded: Map<string, readonly string[]> | null = plan.excludes ? new Map() : null;
  const stop = plan.stopOnFirstFailure;

  const visit = (field: FieldPlan, attribute: string, segments: readonly string[], captures: readonly string[], value: unknown): void => {
    if (excluded !== null && excluded.size > 0 && isExcluded(excluded, attribute)) return;
    env.attribute = attribute;
    env.segments = segments;
    env.captures = captures;
    env.exists = value !== MISSING;
    env.excluded = false;
    const messages = runField(plan, field, env.exists ? value : undefined, env);
    if (env.excluded) excluded!.set(attribute, segments);
    if (messages !== null) {
      if (errors === null) errors = {};
      const room = maxErrors - errorCount;
      const kept = messages.length > room ? messages.slice(0, room) : messages;
      addErrors(errors, attribute, kept);
      errorCount += kept.length;
      if (stop || errorCount >= maxErrors) done = true;
    } else if (errors === null && !env.excluded) {
      if (validatedByField !== null) validatedByField[field.index]!.push(attribute);
      if (value !== MISSING) entries.push({ field, attribute, segments, value });
    }
  };

  for (const field of plan.fields) {
    if (done) break;
    if (!field.wildcard) {
      if (filter !== null && !filter.matches(field.attribute)) continue;
      env.expansions = null;
      visit(field, field.attribute, field.segments, NO_CAPTURES, lookup(input, field.segments));
      continue;
    }
    const expansions = expand(input, field.segments, maxItems);
    if (expansions === null) throw new TooManyItemsError(field.key, maxItems);
    env.expansions = expansions;
    for (const e of expansions) {
      if (filter !== null && !filter.matches(e.attribute)) continue;
      visit(field, e.attribute, e.segments, e.captures, e.value);
      if (done) break;
    }
  }
  if (errors !== null) return { ok: false, errors };
  if (excluded === null || excluded.size === 0) return { ok: true, validated: buildValidated(input, entries, validatedByField, null) };
  // An attribute excluded after others under it were validated leaves them out too.
  const kept = entries.filter((e) => !isExcluded(excluded, e.attribute));
  const byField = validatedByField?.map((list) => list.filter((a) => !isExcluded(excluded, a))) ?? null;
  return { ok: true, validated: buildValidated(input, kept, byField, excluded) };
}

/** `shouldBeExcluded`: the attribute, or one of its dot prefixes, was excluded. */
function isExcluded(excluded: ReadonlyMap<string, unknown>, attribute: string): boolean {
  if (excluded.has(attribute)) return true;
  for (let at = attribute.indexOf('.'); at >= 0; at = attribute.indexOf('.', at + 1)) {
    if (excluded.has(attribute.slice(0, at))) return true;
  }
  return false;
}

/** Runs one field's rules on one attribute, in rule order. Returns its messages, or null. */
function runField(plan: Plan, field: FieldPlan, value: unknown, env: RunEnv): string[] | null {
  const exists = env.exists;
  const facts = field.facts;
  const rules = field.rules;
  let out: string[] | null = null;
  if (facts.sometimes && !exists) {
    // `exclude*` rules run even then (Laravel's isValidatable); nothing else does.
    if (plan.excludes) for (const rule of rules) if (rule.kind === EXCLUDE && !rule.check!(value, env)) env.excluded = true;
    return null;
  }
  // Non-implicit rules run on a present value that is not blank ('' or spaces) nor a null of a nullable field.
  const apply = exists && !isBlankString(value) && !(facts.nullable && value === null);
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    switch (rule.kind) {
      case FLAG:
        continue;
      case EXCLUDE:
        if (rule.check!(value, env)) continue;
        env.excluded = true;
        return out;
      case IMPLICIT:
        if (rule.check!(value, env)) continue;
        // A failed implicit rule (required...) ends the field: the others would only repeat it.
        (out ??= []).push(message(plan, field, rule, value, env, null));
        return out;
      case VALUE:
        if (!apply || rule.check!(value, env)) continue;
        (out ??= []).push(message(plan, field, rule, value, env, null));
        break;
      case CUSTOM: {
        if (!apply && !rule.implicit) continue;
        const reported: string[] = [];
        rule.custom!(env.attribute, value, (text: string) => {
          reported.push(String(text));
        });
        if (reported.length === 0) continue;
        const custom = rule.message.text !== '' || rule.message.conditional.length > 0;
        const list = (out ??= []);
        if (custom) list.push(message(plan, field, rule, value, env, reported[0]!));
        else for (const text of reported) list.push(message(plan, field, rule, value, env, text));
        break;
      }
    }
    if (facts.bail) return out;
  }
  return out;
}

/** `:input`: the value as the host framework prints it, for scalars and null only. */
function inputOf(value: unknown): string | null {
  if (isContainer(value) || (value !== null && typeof value === 'object')) return null;
  return displayValue(value);
}

/** `getAttributeType` for a default size message: numeric (gt... on a number), array, file, string. */
function variantOf(m: MessagePlan, field: FieldPlan, rule: RulePlan, value: unknown): string {
  const v = m.variants!;
  if (rule.numericWhenNumeric && isNumeric(value)) return v.numeric;
  if (field.facts.arrayish) return v.array;
  return isFile(value) ? v.file : v.string;
}

function message(plan: Plan, field: FieldPlan, rule: RulePlan, value: unknown, env: RunEnv, reported: string | null): string {
  const m = rule.message;
  if (m.fixed !== null) return m.fixedFile !== null && isFile(value) ? m.fixedFile : m.fixed;
  let text = m.text;
  let custom = false;
  for (const c of m.conditional) {
    if (matchSegments(c.segments, env.segments)) {
      text = c.text;
      custom = true;
      break;
    }
  }
  if (reported !== null && !custom && text === '') text = reported;
  else if (!custom && m.variants !== null && text === m.text) text = variantOf(m, field, rule, value);
  const display = field.wildcard ? plan.displayOf(env.attribute, field.key) : field.display;
  const pairs = typeof m.replace === 'function' ? m.replace(env, value) : m.replace;
  return render(text, display, inputOf(value), env.segments, pairs);
}
