/**
 * Writes the source of a covered rule set's validator: a function (in parts
 * of a few fields) that walks the input field by field in validation order,
 * runs each field's checks, and builds `validated()` as it goes. It answers only "valid, and
 * this is the validated data" (or null: let the interpreter answer), so it
 * never builds an attribute's name or a message. Wildcard fields whose
 * checks read only the value are walked in place, with no name per item.
 *
 * Nothing from the rule set is written into the source but as a JSON string
 * literal (a key) or a number (a `max` bound); checks and paths are passed
 * as arguments (`C`, `K`).
 */
import type { Check } from '../rules/definition.js';
import { IMPLICIT, PREFETCHED, VALUE, liesUnder, type FieldPlan, type Plan, type RulePlan } from '../plan.js';
import type { CoveredField } from './coverage.js';

/** The generated source and the values it refers to by position. */
export interface GeneratedSource {
  readonly body: string;
  /** `C[i]`: the compiled checks called from the source. */
  readonly checks: readonly Check[];
  /** `K[i]`: paths and other constants. */
  readonly constants: readonly unknown[];
}

/** The names the generated function is given, in order (see `fast-path.ts`). */
export const RUNTIME_NAMES = [
  'MISSING',
  'hasOwn',
  'childOf',
  'isContainer',
  'isBlankString',
  'isEmptyValue',
  'isFilledContainer',
  'ensure',
  'writePath',
  'hasExpansion',
  'expand',
  'fillCreatedHoles',
  'getPrototypeOf',
  'OBJECT_PROTOTYPE',
  'C',
  'K',
] as const;

const lit = (text: string): string => JSON.stringify(text);

/** `0`, `12`: a key arrays answer to (as `paths.ts` reads it). */
const INDEX = /^(?:0|[1-9]\d{0,14})$/;

/**
 * The input's node under `parent` at a literal key, or MISSING (`childOf`):
 * inlined for a name, with a plain object's prototype checked before the
 * general container test.
 */
function childExpr(parent: string, seg: string): string {
  if (INDEX.test(seg)) return `childOf(${parent}, ${lit(seg)})`;
  return (
    `typeof ${parent} === "object" && ${parent} !== null && !Array.isArray(${parent}) && hasOwn.call(${parent}, ${lit(seg)}) && ` +
    `(getPrototypeOf(${parent}) === OBJECT_PROTOTYPE || isContainer(${parent})) ? ${parent}[${lit(seg)}] : MISSING`
  );
}

/** A whole number `max:` bound, written as a literal; null when the parameter is anything else. */
function wholeBound(param: string | undefined): number | null {
  if (param === undefined || !/^\s*\d{1,15}\s*$/.test(param)) return null;
  const n = Number(param.trim());
  return Number.isSafeInteger(n) ? n : null;
}

class Writer {
  readonly checks: Check[] = [];
  readonly constants: unknown[] = [];
  readonly lines: string[] = [];

  line(text: string): void {
    this.lines.push(text);
  }

  check(fn: Check): string {
    this.checks.push(fn);
    return `C[${this.checks.length - 1}]`;
  }

  constant(value: unknown): string {
    this.constants.push(value);
    return `K[${this.constants.length - 1}]`;
  }
}

/** Where a field's attribute is, as the generated code names it: per segment, its key and the input's node. */
interface Place {
  /** Per segment: a key expression (a literal, or the loop's key variable). */
  readonly keys: readonly string[];
  /** Per segment: the variable holding the input's node at that depth. */
  readonly nodes: readonly string[];
  /** Per segment: the key as a string expression (for comparisons with a rule key's literal segment). */
  readonly keyStrings: readonly string[];
  /** The depth of the first `*`, whose container is found once per field and kept in `h`. */
  readonly hoisted?: number;
  /** Each item's container is this field's alone (see `ownsItems`): made with its value in one literal. */
  readonly fresh?: boolean;
}

/**
 * Fields per generated part: the validator calls its parts in order, so each
 * generated function stays small enough for the engine to optimise it.
 */
const FIELDS_PER_PART = 16;

export function generateSource(plan: Plan, covered: readonly CoveredField[]): GeneratedSource {
  const w = new Writer();
  w.constant(Object.freeze([]));
  w.line('"use strict";');
  const parts: string[] = [];
  for (let start = 0; start < covered.length; start += FIELDS_PER_PART) {
    const name = `part${parts.length}`;
    parts.push(name);
    // Each part returns null (the interpreter decides) or R.
    w.line(`function ${name}(input, maxItems, R, created, env, F) {`);
    for (const c of covered.slice(start, start + FIELDS_PER_PART)) {
      w.line('{');
      if (!c.field.wildcard) plainField(w, plan, c);
      else if (c.valueOnly) walkedField(w, plan, c);
      else expandedField(w, plan, c);
      w.line('}');
    }
    w.line('return R;');
    w.line('}');
  }
  // F: the checks the rules with input/output resolved to for this run, by slot (null when there are none).
  w.line('return function validateCompiled(input, maxItems, F) {');
  w.line('if (!isContainer(input) || Array.isArray(input)) return null;');
  w.line('const R = {};');
  w.line('const created = [];');
  w.line(
    `const env = { data: input, attribute: "", segments: K[0], captures: K[0], exists: false, expansions: null, memo: null, excluded: false, fetched: F };`,
  );
  for (const name of parts) w.line(`if (${name}(input, maxItems, R, created, env, F) === null) return null;`);
  w.line('if (created.length > 0) fillCreatedHoles(created);');
  w.line('return R;');
  w.line('};');
  return { body: w.lines.join('\n'), checks: w.checks, constants: w.constants };
}

/** A field without `*`: its value looked up once, its attribute known at compile time. */
function plainField(w: Writer, plan: Plan, c: CoveredField): void {
  const segs = c.field.segments;
  const nodes: string[] = [];
  segs.forEach((seg, i) => {
    const from = i === 0 ? `hasOwn.call(input, ${lit(seg)}) ? input[${lit(seg)}] : MISSING` : childExpr(`n${i - 1}`, seg);
    w.line(`const n${i} = ${from};`);
    nodes.push(`n${i}`);
  });
  w.line(`const v = n${segs.length - 1};`);
  if (!c.valueOnly) {
    w.line(`env.attribute = ${lit(c.field.attribute)}; env.segments = ${w.constant(segs)}; env.captures = K[0]; env.expansions = null;`);
    w.line('env.exists = v !== MISSING;');
  }
  const keys = segs.map(lit);
  checksAndWrite(w, plan, c, { keys, nodes, keyStrings: keys }, false);
}

/** A wildcard field whose checks read only the value: nested loops over the input, no name per item. */
function walkedField(w: Writer, plan: Plan, c: CoveredField): void {
  const segs = c.field.segments;
  const leavesFirst = segs[segs.length - 1] === '*';
  w.line('let count = 0;');
  w.line('let h = null;');
  if (leavesFirst) w.line('let later = false;');
  const place: Place = {
    keys: segs.map((s, i) => (s === '*' ? `k${i}` : lit(s))),
    nodes: segs.map((_s, i) => `n${i}`),
    keyStrings: segs.map((s, i) => (s === '*' ? `String(k${i})` : lit(s))),
    hoisted: segs.indexOf('*'),
    fresh: ownsItems(plan, c.field),
  };
  loops(w, segs, 0, () => {
    w.line('if (++count > maxItems) return null;');
    w.line(`const v = n${segs.length - 1};`);
    // A pattern ending in `*` puts the filled containers after the other attributes (see paths.ts): they are written in a second walk.
    checksAndWrite(w, plan, c, place, leavesFirst);
  });
  if (leavesFirst) {
    w.line('if (later) {');
    loops(w, segs, 0, () => {
      w.line(`const v = n${segs.length - 1};`);
      w.line('if (isFilledContainer(v)) {');
      write(w, plan, c.field, place);
      w.line('}');
    });
    w.line('}');
  }
}

/** The loops of a wildcard pattern from segment `i`; `leaf` writes the body at the end. */
function loops(w: Writer, segs: readonly string[], i: number, leaf: () => void): void {
  if (i === segs.length) {
    leaf();
    return;
  }
  const seg = segs[i]!;
  const parent = i === 0 ? 'input' : `n${i - 1}`;
  if (seg !== '*') {
    const from = i === 0 ? `hasOwn.call(input, ${lit(seg)}) ? input[${lit(seg)}] : MISSING` : childExpr(parent, seg);
    w.line(`const n${i} = ${from};`);
    loops(w, segs, i + 1, leaf);
    return;
  }
  w.line(`if (isContainer(${parent})) {`);
  w.line(`const a${i} = Array.isArray(${parent});`);
  w.line(`const s${i} = a${i} ? null : Object.keys(${parent});`);
  w.line(`const l${i} = a${i} ? ${parent}.length : s${i}.length;`);
  w.line(`for (let j${i} = 0; j${i} < l${i}; j${i}++) {`);
  w.line(`const k${i} = a${i} ? j${i} : s${i}[j${i}];`);
  // A key with a dot, or __proto__, makes paths ambiguous: the interpreter decides.
  w.line(`if (!a${i} && (k${i} === "__proto__" || k${i}.includes("."))) return null;`);
  w.line(`const n${i} = ${parent}[k${i}];`);
  loops(w, segs, i + 1, leaf);
  w.line('}');
  w.line('}');
}

/** A wildcard field whose checks read more than the value: expanded as the interpreter does, each attribute named. */
function expandedField(w: Writer, plan: Plan, c: CoveredField): void {
  const segs = c.field.segments;
  w.line(`const x = expand(input, ${w.constant(segs)}, maxItems);`);
  w.line('if (x === null) return null;');
  w.line('env.expansions = x;');
  w.line('for (let i = 0; i < x.length; i++) {');
  w.line('const e = x[i];');
  w.line('const cs = e.captures;');
  w.line('for (let q = 0; q < cs.length; q++) if (cs[q] === "__proto__" || cs[q].includes(".")) return null;');
  w.line('env.attribute = e.attribute; env.segments = e.segments; env.captures = cs;');
  w.line('const v = e.value;');
  w.line('env.exists = v !== MISSING;');
  const keyStrings = segs.map((_s, i) => `e.segments[${i}]`);
  checksAndWrite(w, plan, c, { keys: keyStrings, nodes: [], keyStrings }, false);
  w.line('}');
}

/**
 * The field's checks on `v` (MISSING when absent), as the interpreter runs
 * them on a passing attribute: implicit rules always, the others on a
 * present value that is not blank (nor a nullable field's null). Any failure
 * returns null. Then the write of a present value.
 */
function checksAndWrite(w: Writer, plan: Plan, c: CoveredField, place: Place, leavesFirst: boolean): void {
  const field = c.field;
  const rules = field.rules;
  w.line('if (v === MISSING) {');
  if (!field.facts.sometimes) {
    rules.forEach((rule, i) => {
      if (rule.kind === PREFETCHED && rule.implicit) w.line(`if (!${fetched(rule)}(undefined, env)) return null;`);
      if (rule.kind !== IMPLICIT) return;
      if (conditional(c, i)) w.line(`if (!${w.check(rule.check!)}(undefined, env)) return null;`);
      else if (rule.name === 'filled') return;
      else if (MISSING_FAILS.has(rule.name)) w.line('return null;');
      else w.line(`if (!${w.check(rule.check!)}(undefined, env)) return null;`);
    });
  }
  w.line('} else {');
  w.line('const b = typeof v === "string" && isBlankString(v);');
  w.line(`const a = !b${field.facts.nullable ? ' && v !== null' : ''};`);
  rules.forEach((rule, i) => {
    if (rule.kind === PREFETCHED) {
      w.line(rule.implicit ? `if (!${fetched(rule)}(v, env)) return null;` : `if (a && !${fetched(rule)}(v, env)) return null;`);
      return;
    }
    if (rule.kind !== IMPLICIT && rule.kind !== VALUE) return;
    const test = conditional(c, i) ? `${w.check(rule.check!)}(v, env)` : inlineTest(w, c, rule.name, rule.check!, i);
    if (test === null) return;
    w.line(rule.kind === IMPLICIT ? `if (!(${test})) return null;` : `if (a && !(${test})) return null;`);
  });
  if (leavesFirst) {
    w.line('if (isFilledContainer(v)) later = true;');
    w.line('else {');
    write(w, plan, field, place);
    w.line('}');
  } else {
    write(w, plan, field, place);
  }
  w.line('}');
}

/** The check a rule with input/output resolved to in this run. */
function fetched(rule: RulePlan): string {
  return `F[${rule.slot!}]`;
}

/** Implicit rules that always fail on a missing value. */
const MISSING_FAILS: ReadonlySet<string> = new Set(['required', 'present', 'accepted', 'declined']);

/** A rule applied only while a condition on the input holds (`Rule.requiredIf(fn)`): its check, which tests the condition, is called. */
function conditional(c: CoveredField, index: number): boolean {
  const written = c.parsed[index]!;
  return written.kind === 'named' && written.when !== undefined;
}

/** The test of one rule on a present `v`, inlined for the common rules; null when it always passes. */
function inlineTest(w: Writer, c: CoveredField, name: string, check: Check, index: number): string | null {
  const notEmpty = '(typeof v === "string" ? !b : !isEmptyValue(v))';
  switch (name) {
    case 'required':
    case 'filled':
      return notEmpty;
    case 'present':
      return null;
    case 'string':
      return 'typeof v === "string"';
    case 'array': {
      const written = c.parsed[index]!;
      if (written.kind === 'named' && written.params.length === 0) return 'isContainer(v)';
      break;
    }
    case 'max': {
      const written = c.parsed[index]!;
      const bound = written.kind === 'named' && !c.field.facts.numeric ? wholeBound(written.params[0]) : null;
      // A string has no more characters than UTF-16 units: within the bound without counting them.
      if (bound !== null) return `(typeof v === "string" && v.length <= ${bound}) || ${w.check(check)}(v, env)`;
      break;
    }
  }
  return `${w.check(check)}(v, env)`;
}

/** Writes `v` into `R` at the field's path, unless a bare array is left to the rules under it. */
function write(w: Writer, plan: Plan, field: FieldPlan, place: Place): void {
  const skip = leftToChildren(w, plan, field, place);
  if (skip !== null) w.line(`if (v === null || !(${skip})) {`);
  if (place.nodes.length === 0) w.line('writePath(created, R, input, e.segments, v);');
  else assign(w, place, field.segments.length - 1);
  if (skip !== null) w.line('}');
}

/**
 * `R` at the path, set to `v`: the containers on the way found or created
 * (`ensure`); below the first `*` inline, as they change with every item.
 */
function assign(w: Writer, place: Place, last: number): void {
  let target = 'R';
  const end = place.fresh === true ? last - 1 : last;
  for (let i = 0; i < end; i++) {
    const key = place.keys[i]!;
    const source = place.nodes[i]!;
    if (place.hoisted === undefined || i < place.hoisted) {
      target = `ensure(created, ${target}, ${key}, ${source}, ${i})`;
      // The containers above the first `*` are the same for every item: found at the first write, then kept.
      if (i + 1 === place.hoisted) target = `(h === null ? (h = ${target}) : h)`;
      continue;
    }
    const parent = `t${i}`;
    w.line(`const ${parent} = ${target};`);
    w.line(`let t${i + 1} = hasOwn.call(${parent}, ${key}) ? ${parent}[${key}] : undefined;`);
    w.line(`if (t${i + 1} === null || typeof t${i + 1} !== "object") {`);
    w.line(
      `if (Array.isArray(${source})) { t${i + 1} = []; created.push({ parent: ${parent}, key: ${key}, depth: ${i} }); } else t${i + 1} = {};`,
    );
    w.line(`${parent}[${key}] = t${i + 1};`);
    w.line('}');
    target = `t${i + 1}`;
  }
  if (place.fresh === true) w.line(`${target}[${place.keys[last - 1]}] = { ${place.keys[last]}: v };`);
  else w.line(`${target}[${place.keys[last]}] = v;`);
}

/**
 * A field `….*.name` (a name, not an index, after its last `*`) whose item
 * containers no other field writes into: each item's container is absent
 * until this field writes it, and an object (the item has the name), so it
 * is made whole. Another field whose key could reach the same items
 * (`items.*.qty`, `items.0.name`) rules it out; a bare `array` above the
 * field does not (it is left to this field whenever an item has a value).
 */
function ownsItems(plan: Plan, field: FieldPlan): boolean {
  const segs = field.segments;
  const leaf = segs[segs.length - 1]!;
  const item = segs.length - 2;
  if (item < 0 || segs[item] !== '*' || leaf === '*' || leaf === '__proto__' || INDEX.test(leaf)) return false;
  const reaches = (other: readonly string[]): boolean => {
    if (other.length <= item) return false;
    for (let i = 0; i <= item; i++) if (other[i] !== segs[i] && other[i] !== '*' && segs[i] !== '*') return false;
    return true;
  };
  return !plan.fields.some((g) => g !== field && !liesUnder(segs, g.segments) && reaches(g.segments));
}

/**
 * `validated()` leaves a bare `array` / `list` attribute to its children
 * when one of them has an attribute under it (`buildValidated`): this is the
 * condition, or null when the field has no children.
 */
function leftToChildren(w: Writer, plan: Plan, field: FieldPlan, place: Place): string | null {
  if (!field.facts.bareArray || field.children.length === 0) return null;
  const depth = field.segments.length;
  const terms = field.children.map((index) => {
    const child = plan.fields[index]!;
    const parts: string[] = [];
    for (let p = 0; p < depth; p++) {
      if (field.segments[p] === '*' && child.segments[p] !== '*') parts.push(`${place.keyStrings[p]} === ${lit(child.segments[p]!)}`);
    }
    const rest = child.segments.slice(depth);
    if (rest.includes('*')) parts.push(`hasExpansion(v, ${w.constant(rest)})`);
    return parts.length === 0 ? 'true' : parts.join(' && ');
  });
  return terms.map((t) => `(${t})`).join(' || ');
}
