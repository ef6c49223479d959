/**
 * The public entry: `compileValidator(rules, options)` compiles a form
 * request's rules once (see `plan.ts`) and returns the validator every
 * request reuses. A request only walks the input, calls each
 * rule's precompiled check in order and fills in messages: no schema
 * compilation, no rule parsing, no regex construction.
 */
import type { ValidationMessages } from '../errors/validation-error.js';
import { LogicException } from '../errors/logic-exception.js';
import { isThenable, type Awaitable } from '../awaitable.js';
import type { InputBag } from '../http/own.js';
import type { RunEnv } from './field-ref.js';
import { render, type Replacements } from './messages.js';
import { DEFAULT_LIMITS, TooManyItemsError, type ValidationLimits } from './limits.js';
import { OnlyFilter } from './only-filter.js';
import { MISSING, expand, lookup, type Expansion } from './paths.js';
import { gatherKeys } from './gathered-keys.js';
import { displayValue, isBlankString, isContainer, isFile, isNumeric } from './php.js';
import {
  CUSTOM,
  EXCLUDE,
  FLAG,
  IMPLICIT,
  PREFETCHED,
  VALUE,
  buildPlan,
  type FieldPlan,
  type MessagePlan,
  type Plan,
  type RulePlan,
  type TextChoice,
} from './plan.js';
import type { CompileOptions, CompiledValidator, RuleMap, ServerRule, ValidationOutcome } from './types.js';
import { serverRulesOf, withoutServerRules } from './server-rules.js';
import type { Check, ValidationContext } from './rules/definition.js';
import { buildValidated, type ValidatedEntry } from './validated.js';
import { compileFastPath, type FastPath } from './codegen/fast-path.js';

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
  const used = options.serverRules === 'skip' ? withoutServerRules(rules) : rules;
  const plan = buildPlan(used, options);
  compiled++;
  const serverRules = serverRulesReport(rules);
  // Generated code answers a valid input; anything else (a failure, Precognition's `only`) is the interpreter's.
  const fast = compileFastPath(used, plan);
  if (fast === null) return interpreted(plan, serverRules);
  return {
    async: plan.prefetched.length > 0,
    get serverRules() {
      return serverRules();
    },
    validate: (input, only, limits = DEFAULT_LIMITS, context = NO_CONTEXT) => {
      if (only === undefined && plan.prefetched.length === 0) {
        const validated = fast(input, limits, null);
        if (validated !== null) return { ok: true, validated };
      }
      return validate(plan, input, only, limits, context, only === undefined ? fast : null);
    },
  };
}

/** `compileValidator` without generated code, for a rule set used once: every input walks the plan. */
export function compileInterpreted(rules: RuleMap, options: CompileOptions): CompiledValidator {
  compiled++;
  return interpreted(buildPlan(options.serverRules === 'skip' ? withoutServerRules(rules) : rules, options), serverRulesReport(rules));
}

function interpreted(plan: Plan, serverRules: () => readonly ServerRule[]): CompiledValidator {
  return {
    get async() {
      return plan.prefetched.length > 0 || plan.awaitsCustom;
    },
    get serverRules() {
      return serverRules();
    },
    validate: (input, only, limits = DEFAULT_LIMITS, context = NO_CONTEXT) => validate(plan, input, only, limits, context),
  };
}

/** The rules only a server can check, listed on first read. */
function serverRulesReport(rules: RuleMap): () => readonly ServerRule[] {
  let report: readonly ServerRule[] | undefined;
  return () => (report ??= serverRulesOf(rules));
}

const NO_CAPTURES: readonly string[] = [];
const hasOwn = Object.prototype.hasOwnProperty;

/** For a validator called without a request: rules with input/output cannot reach a service. */
const NO_CONTEXT: ValidationContext = {
  service(key) {
    throw new LogicException(`A validation rule needs ${key.name}, but validate() was called without a ValidationContext.`);
  },
  request: undefined,
};

/** The messages not yet held for the attribute, each once: the host framework's MessageBag keeps one copy of a text per key. */
function newMessages(held: readonly string[] | undefined, messages: string[]): string[] {
  if (held === undefined && messages.length === 1) return messages;
  const out: string[] = [];
  for (const m of messages) if (!out.includes(m) && (held === undefined || !held.includes(m))) out.push(m);
  return out;
}

function addErrors(errors: ValidationMessages, key: string, messages: string[]): void {
  if (hasOwn.call(errors, key)) errors[key]!.push(...messages);
  else if (key === '__proto__')
    Object.defineProperty(errors, key, { value: messages, enumerable: true, writable: true, configurable: true });
  else errors[key] = messages;
}

/** `fast`: generated code to try once the prefetches resolved, before the walk. */
function validate(
  plan: Plan,
  input: InputBag,
  only: readonly string[] | undefined,
  limits: ValidationLimits,
  context: ValidationContext,
  fast: FastPath | null = null,
): Awaitable<ValidationOutcome> {
  const walk = new Walk(plan, input, only, limits);
  if (plan.prefetched.length === 0) return runWalk(walk);
  return prefetch(walk, context).then((fetched): Awaitable<ValidationOutcome> => {
    const validated = fast === null ? null : fast(input, limits, fetched);
    if (validated !== null) return { ok: true, validated };
    walk.env.fetched = fetched;
    return runWalk(walk);
  });
}

/** Runs every rule's input/output at once, each with all the values at its field and one context for the run. */
function prefetch(walk: Walk, context: ValidationContext): Promise<Check[]> {
  const run: ValidationContext = {
    service: (key, fallback) => context.service(key, fallback),
    request: context.request,
    limits: walk.limits,
  };
  return Promise.all(
    walk.plan.prefetched.map(({ field, rule }) => {
      const values: unknown[] = [];
      if (!field.wildcard) {
        const value = walk.filters(field.segments) ? MISSING : lookup(walk.env.data, field.segments);
        if (value !== MISSING) values.push(value);
      } else {
        for (const e of walk.expand(field)) if (e.value !== MISSING && !walk.filters(e.segments)) values.push(e.value);
      }
      return rule.prefetch!(values, run);
    }),
  );
}

function runWalk(walk: Walk): Awaitable<ValidationOutcome> {
  if (walk.plan.awaitsCustom) return walkAsync(walk);
  try {
    return walkSync(walk);
  } catch (error) {
    if (!(error instanceof CustomPromise)) throw error;
    // A plain function answered with a promise: from now on this class's runs await custom rules.
    error.promise.then(noop, noop);
    walk.plan.awaitsCustom = true;
    return walkAsync(walk.restart());
  }
}

function noop(): void {}

/** Thrown by a synchronous run that meets a custom rule's promise (caught in `runWalk`). */
class CustomPromise {
  constructor(readonly promise: PromiseLike<unknown>) {}
}

/** A field's rules, stopped at a custom rule's promise; `resume` goes on when it settles. */
class Suspension {
  constructor(
    private readonly plan: Plan,
    private readonly field: FieldPlan,
    private readonly value: unknown,
    private readonly env: RunEnv,
    private readonly at: number,
    private readonly out: string[] | null,
    private readonly reported: string[],
    private readonly promise: PromiseLike<unknown>,
  ) {}

  async resume(): Promise<string[] | null | Suspension> {
    await this.promise;
    const { plan, field, value, env } = this;
    const out = customMessages(plan, field, field.rules[this.at]!, value, env, this.reported, this.out);
    if (this.reported.length > 0 && field.facts.bail) return out;
    return runField(plan, field, value, env, this.at + 1, out, true);
  }
}

function walkSync(walk: Walk): ValidationOutcome {
  const plan = walk.plan;
  const env = walk.env;
  for (const field of plan.fields) {
    if (walk.done) break;
    if (!field.wildcard) {
      if (walk.filters(field.segments)) continue;
      env.expansions = null;
      const value = lookup(env.data, field.segments);
      if (walk.enter(field.attribute, field.segments, NO_CAPTURES, value)) {
        walk.leave(
          field,
          field.attribute,
          field.segments,
          value,
          runField(plan, field, walk.present(value), env, 0, null, false) as string[] | null,
        );
      }
      continue;
    }
    const expansions = walk.expand(field);
    env.expansions = expansions;
    for (const e of expansions) {
      if (walk.filters(e.segments)) continue;
      if (walk.enter(e.attribute, e.segments, e.captures, e.value)) {
        walk.leave(
          field,
          e.attribute,
          e.segments,
          e.value,
          runField(plan, field, walk.present(e.value), env, 0, null, false) as string[] | null,
        );
      }
      if (walk.done) break;
    }
  }
  return walk.outcome();
}

/** `walkSync` for plans whose custom rules may answer with promises: one attribute at a time, in order. */
async function walkAsync(walk: Walk): Promise<ValidationOutcome> {
  const plan = walk.plan;
  const env = walk.env;
  const visit = async (field: FieldPlan, attribute: string, segments: readonly string[], captures: readonly string[], value: unknown) => {
    if (!walk.enter(attribute, segments, captures, value)) return;
    let result = runField(plan, field, walk.present(value), env, 0, null, true);
    while (result instanceof Suspension) result = await result.resume();
    walk.leave(field, attribute, segments, value, result);
  };
  for (const field of plan.fields) {
    if (walk.done) break;
    if (!field.wildcard) {
      if (walk.filters(field.segments)) continue;
      env.expansions = null;
      await visit(field, field.attribute, field.segments, NO_CAPTURES, lookup(env.data, field.segments));
      continue;
    }
    const expansions = walk.expand(field);
    for (const e of expansions) {
      if (walk.filters(e.segments)) continue;
      env.expansions = expansions;
      await visit(field, e.attribute, e.segments, e.captures, e.value);
      if (walk.done) break;
    }
  }
  return walk.outcome();
}

/** One validation run's state: what it collected so far, and its bounds. */
class Walk {
  readonly env: RunEnv;
  /** Set on a failure with stopOnFirstFailure, or when `maxErrors` messages are collected. */
  done = false;
  private errors: ValidationMessages | null = null;
  private errorCount = 0;
  private entries: ValidatedEntry[] = [];
  private validatedByField: string[][] | null;
  /** Attributes an `exclude*` rule left out (Laravel's `excludeAttributes`). */
  private excluded: Map<string, readonly string[]> | null;
  private readonly filter: OnlyFilter | null;
  /** Expansions made for the prefetches, reused by the walk (the input does not change in between). */
  private expanded: Map<FieldPlan, Expansion[]> | null;
  private readonly maxErrors: number;
  private readonly maxItems: number;

  constructor(
    readonly plan: Plan,
    input: InputBag,
    private readonly only: readonly string[] | undefined,
    readonly limits: ValidationLimits,
  ) {
    this.filter = only === undefined ? null : new OnlyFilter(only);
    this.maxErrors = limits.max_validation_errors === 0 ? Number.POSITIVE_INFINITY : limits.max_validation_errors;
    this.maxItems = limits.max_wildcard_items === 0 ? Number.POSITIVE_INFINITY : limits.max_wildcard_items;
    this.env = {
      data: input,
      attribute: '',
      segments: NO_CAPTURES,
      captures: NO_CAPTURES,
      exists: false,
      expansions: null,
      memo: null,
      excluded: false,
      fetched: null,
    };
    this.validatedByField = plan.hasBareArray ? plan.fields.map(() => []) : null;
    this.excluded = plan.excludes ? new Map() : null;
    this.expanded = plan.prefetched.length > 0 ? new Map() : null;
  }

  /** The same run from the start (the fetched checks kept). */
  restart(): Walk {
    const walk = new Walk(this.plan, this.env.data, this.only, this.limits);
    walk.env.fetched = this.env.fetched;
    walk.expanded = this.expanded;
    return walk;
  }

  /** Precognition-Validate-Only leaves this attribute out. */
  filters(segments: readonly string[]): boolean {
    return this.filter !== null && !this.filter.matchesPath(segments);
  }

  /** Every attribute of a wildcard field; a 400 past `max_wildcard_items`. */
  expand(field: FieldPlan): Expansion[] {
    const known = this.expanded?.get(field);
    if (known !== undefined) return known;
    const expansions = field.gathered
      ? gatherKeys(this.env.data, field.key, this.maxItems)
      : expand(this.env.data, field.segments, this.maxItems);
    if (expansions === null) throw new TooManyItemsError(field.key, this.maxItems);
    this.expanded?.set(field, expansions);
    return expansions;
  }

  /** Points the environment at an attribute; false when an `exclude*` rule already left it out. */
  enter(attribute: string, segments: readonly string[], captures: readonly string[], value: unknown): boolean {
    const excluded = this.excluded;
    if (excluded !== null && excluded.size > 0 && isExcluded(excluded, attribute)) return false;
    const env = this.env;
    env.attribute = attribute;
    env.segments = segments;
    env.captures = captures;
    env.exists = value !== MISSING;
    env.excluded = false;
    return true;
  }

  /** The value a rule sees: undefined for a missing one. */
  present(value: unknown): unknown {
    return value === MISSING ? undefined : value;
  }

  /** Records an attribute's messages, or that it passed. */
  leave(field: FieldPlan, attribute: string, segments: readonly string[], value: unknown, messages: string[] | null): void {
    if (this.env.excluded) this.excluded!.set(attribute, segments);
    if (messages !== null) {
      if (this.errors === null) this.errors = {};
      const fresh = newMessages(hasOwn.call(this.errors, attribute) ? this.errors[attribute] : undefined, messages);
      const room = this.maxErrors - this.errorCount;
      const kept = fresh.length > room ? fresh.slice(0, room) : fresh;
      addErrors(this.errors, attribute, kept);
      this.errorCount += kept.length;
      if (this.plan.stopOnFirstFailure || this.errorCount >= this.maxErrors) this.done = true;
    } else if (this.errors === null && !this.env.excluded) {
      if (this.validatedByField !== null) this.validatedByField[field.index]!.push(attribute);
      if (value !== MISSING) this.entries.push({ field, attribute, segments, value });
    }
  }

  outcome(): ValidationOutcome {
    const { errors, excluded, entries, validatedByField } = this;
    if (errors !== null) return { ok: false, errors };
    const input = this.env.data;
    if (excluded === null || excluded.size === 0) return { ok: true, validated: buildValidated(input, entries, validatedByField, null) };
    // An attribute excluded after others under it were validated leaves them out too.
    const kept = entries.filter((e) => !isExcluded(excluded, e.attribute));
    const byField = validatedByField?.map((list) => list.filter((a) => !isExcluded(excluded, a))) ?? null;
    return { ok: true, validated: buildValidated(input, kept, byField, excluded) };
  }
}

/** `shouldBeExcluded`: the attribute, or one of its dot prefixes, was excluded. */
function isExcluded(excluded: ReadonlyMap<string, unknown>, attribute: string): boolean {
  if (excluded.has(attribute)) return true;
  for (let at = attribute.indexOf('.'); at >= 0; at = attribute.indexOf('.', at + 1)) {
    if (excluded.has(attribute.slice(0, at))) return true;
  }
  return false;
}

/**
 * Runs one field's rules on one attribute, in rule order, from rule `start`
 * with the messages `out` so far. Returns its messages, or null; a
 * `Suspension` when `suspend` and a custom rule answered with a promise.
 */
function runField(
  plan: Plan,
  field: FieldPlan,
  value: unknown,
  env: RunEnv,
  start: number,
  out: string[] | null,
  suspend: boolean,
): string[] | null | Suspension {
  const exists = env.exists;
  const facts = field.facts;
  const rules = field.rules;
  if (facts.sometimes && !exists) {
    // `exclude*` rules run even then (Laravel's isValidatable); nothing else does.
    if (plan.excludes) for (const rule of rules) if (rule.kind === EXCLUDE && !rule.check!(value, env)) env.excluded = true;
    return null;
  }
  // Non-implicit rules run on a present value that is not blank ('' or spaces) nor a null of a nullable field.
  const apply = exists && !isBlankString(value) && !(facts.nullable && value === null);
  for (let i = start; i < rules.length; i++) {
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
      case PREFETCHED:
        if (!apply && !rule.implicit) continue;
        if (out !== null && rule.skipsAfterFailure) continue;
        if (env.fetched![rule.slot!]!(value, env)) continue;
        (out ??= []).push(message(plan, field, rule, value, env, null));
        if (rule.implicit) return out;
        break;
      case CUSTOM: {
        if (!apply && !rule.implicit) continue;
        const reported: string[] = [];
        const answer = rule.custom!(env.attribute, value, (text: string) => {
          reported.push(String(text));
        });
        if (isThenable(answer)) {
          if (!suspend) throw new CustomPromise(answer);
          return new Suspension(plan, field, value, env, i, out, reported, answer);
        }
        if (reported.length === 0) continue;
        out = customMessages(plan, field, rule, value, env, reported, out);
        break;
      }
    }
    if (facts.bail) return out;
  }
  return out;
}

/** Adds what a custom rule reported: its one custom message, or each text it failed with. */
function customMessages(
  plan: Plan,
  field: FieldPlan,
  rule: RulePlan,
  value: unknown,
  env: RunEnv,
  reported: readonly string[],
  out: string[] | null,
): string[] | null {
  if (reported.length === 0) return out;
  const list = out ?? [];
  if (choiceFor(rule.message, env).custom) list.push(message(plan, field, rule, value, env, reported[0]!));
  else for (const text of reported) list.push(message(plan, field, rule, value, env, text));
  return list;
}

/** `:input`: the value as the host framework prints it, for scalars and null only. */
function inputOf(value: unknown): string | null {
  if (isContainer(value) || (value !== null && typeof value === 'object')) return null;
  return displayValue(value);
}

/** The size variant of a message: numeric (a default `gt`... on a number), array, file, string (`getAttributeType`). */
function variantOf(choice: TextChoice, field: FieldPlan, value: unknown): string {
  const v = choice.variants!;
  if (choice.numericByValue && isNumeric(value)) return v.numeric;
  if (field.facts.arrayish) return v.array;
  return isFile(value) ? v.file : v.string;
}

/** The text for this attribute: the first conditional `messages()` entry it matches, else the field's. */
function choiceFor(m: MessagePlan, env: RunEnv): TextChoice {
  for (const c of m.conditional) if (c.matches(env.attribute)) return c.choice;
  return m.choice;
}

function message(plan: Plan, field: FieldPlan, rule: RulePlan, value: unknown, env: RunEnv, reported: string | null): string {
  const m = rule.message;
  if (m.fixed !== null) return m.fixedFile !== null && isFile(value) ? m.fixedFile : m.fixed;
  const choice = choiceFor(m, env);
  let text = choice.variants !== null ? variantOf(choice, field, value) : choice.text;
  if (reported !== null && !choice.custom && text === '') text = reported;
  const display = field.wildcard ? plan.displayOf(env.attribute, field.key) : field.display;
  const pairs = typeof m.replace === 'function' ? m.replace(env, value) : m.replace;
  if (choice.array !== undefined) return renderArray(choice.array, display, inputOf(value), env.segments, pairs);
  return render(text, display, inputOf(value), env.segments, pairs);
}

/**
 * An array message with each of its texts filled (PHP's `str_replace` over an array: other entries
 * stay as they are). It goes into the answer's list as an object, as in the host framework.
 */
function renderArray(
  entries: Readonly<Record<string, unknown>>,
  display: string,
  input: string | null,
  segments: readonly string[],
  pairs: Replacements,
): string {
  const filled: Record<string, unknown> = {};
  for (const key of Object.keys(entries)) {
    const entry = entries[key];
    filled[key] = typeof entry === 'string' ? render(entry, display, input, segments, pairs) : entry;
  }
  return filled as unknown as string;
}
