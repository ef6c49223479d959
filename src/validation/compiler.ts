/**
 * The public entry: `compileValidator(rules, options)` compiles a form
 * request's rules once (see `plan.ts`) and returns the validator every
 * request reuses. A request only walks the input, calls each field's ajv
 * validator, runs the precompiled closures and fills in messages: no schema
 * compilation, no rule parsing, no regex construction.
 */
import type { ValidationMessages } from '../errors/validation-error.js';
import type { InputBag } from '../http/own.js';
import type { RunEnv } from './field-ref.js';
import { render } from './messages.js';
import { DEFAULT_LIMITS, TooManyItemsError, type ValidationLimits } from './limits.js';
import { OnlyFilter } from './only-filter.js';
import { MISSING, expand, lookup, matchSegments } from './paths.js';
import { displayValue, isBlankString, isContainer, isFile } from './php.js';
import { CHECK, CUSTOM, FLAG, IMPLICIT, SCHEMA, buildPlan, type FieldPlan, type Plan, type RulePlan } from './plan.js';
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
  };
  let errors: ValidationMessages | null = null;
  let errorCount = 0;
  /** Set on a failure with stopOnFirstFailure, or when `maxErrors` messages are collected. */
  let done = false;
  const entries: ValidatedEntry[] = [];
  const validatedByField: string[][] | null = plan.hasBareArray ? plan.fields.map(() => []) : null;
  const stop = plan.stopOnFirstFailure;

  const visit = (field: FieldPlan, attribute: string, segments: readonly string[], captures: readonly string[], value: unknown): void => {
    env.attribute = attribute;
    env.segments = segments;
    env.captures = captures;
    env.exists = value !== MISSING;
    const messages = runField(plan, field, env.exists ? value : undefined, env);
    if (messages !== null) {
      if (errors === null) errors = {};
      const room = maxErrors - errorCount;
      const kept = messages.length > room ? messages.slice(0, room) : messages;
      addErrors(errors, attribute, kept);
      errorCount += kept.length;
      if (stop || errorCount >= maxErrors) done = true;
    } else if (errors === null) {
      if (validatedByField !== null) validatedByField[field.index]!.push(attribute);
      if (value !== MISSING) entries.push({ field, attribute, segments, value });
    }
  };

  for (const field of plan.fields) {
    if (done) break;
    if (!field.wildcard) {
      if (filter !== null && !filter.matches(field.key)) continue;
      env.expansions = null;
      visit(field, field.key, field.segments, NO_CAPTURES, lookup(input, field.segments));
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
  return { ok: true, validated: buildValidated(input, entries, validatedByField) };
}

/** Index of the `allOf` branch an ajv error comes from (`#/allOf/3/...`). */
function branchOf(schemaPath: string): number {
  let n = 0;
  for (let i = 8; i < schemaPath.length; i++) {
    const c = schemaPath.charCodeAt(i);
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
}

/** Runs one field's rules on one attribute, in rule order. Returns its messages, or null. */
function runField(plan: Plan, field: FieldPlan, value: unknown, env: RunEnv): string[] | null {
  const exists = env.exists;
  const facts = field.facts;
  if (facts.sometimes && !exists) return null;
  // Non-implicit rules run on a present value that is not blank ('' or spaces) nor a null of a nullable field.
  const apply = exists && !isBlankString(value) && !(facts.nullable && value === null);
  // Rules whose ajv branch failed, as a bit set (32 bits per word).
  let failed: number[] | null = null;
  const validate = field.validate;
  if (apply && validate !== null && !validate(value)) {
    failed = [0];
    for (const error of validate.errors!) {
      const i = field.ruleOfBranch[branchOf(error.schemaPath)]!;
      while (failed.length <= i >>> 5) failed.push(0);
      failed[i >>> 5]! |= 1 << (i & 31);
    }
  }
  let out: string[] | null = null;
  const rules = field.rules;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    switch (rule.kind) {
      case FLAG:
        continue;
      case IMPLICIT:
        if (rule.check!(value, env)) continue;
        // A failed implicit rule (required...) ends the field: the others would only repeat it.
        return [message(plan, field, rule, value, env, null)];
      case SCHEMA:
        if (field.each !== null) {
          // bail: this rule runs only because every rule before it passed.
          if (!apply || field.each[i]!(value)) continue;
        } else if (failed === null || ((failed[i >>> 5] ?? 0) & (1 << (i & 31))) === 0) continue;
        (out ??= []).push(message(plan, field, rule, value, env, null));
        break;
      case CHECK:
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
  else if (!custom && m.fileText !== null && isFile(value)) text = m.fileText;
  const display = field.wildcard ? plan.displayOf(env.attribute, field.key) : field.display;
  const pairs = typeof m.replace === 'function' ? m.replace(env) : m.replace;
  return render(text, display, inputOf(value), env.segments, pairs);
}
