/**
 * Which rule sets code generation takes on, decided once at compile time.
 * A rule set is covered when it has no custom rule and no `exclude*` rule
 * (a rule with input/output is covered: its prefetch runs first, as for
 * the interpreter, and generated code calls the check it resolved to), its keys are plain paths (no `*` inside a
 * name, no escaped dot, no `__proto__`), and a key lies under another only
 * when that other is a bare `array` or `list` (so `validated()` is built
 * without copying containers taken whole from the input). Anything else is
 * left to the interpreter.
 */
import { parseFieldRules, type ParsedRule } from '../rule-parser.js';
import { FLAG, IMPLICIT, PREFETCHED, VALUE, liesUnder, type FieldPlan, type Plan } from '../plan.js';
import type { RuleMap } from '../types.js';

/**
 * Rules whose check reads only the value (never the other fields, the
 * attribute's name or the run): they can be called for a wildcard item
 * without building its name. `filled` and `present` read only whether the
 * value exists, which generated code knows.
 */
const VALUE_ONLY: ReadonlySet<string> = new Set([
  'required',
  'filled',
  'present',
  'accepted',
  'declined',
  'string',
  'integer',
  'numeric',
  'boolean',
  'array',
  'list',
  'required_array_keys',
  'contains',
  'min',
  'max',
  'size',
  'between',
  'in',
  'not_in',
  'digits',
  'digits_between',
  'max_digits',
  'min_digits',
  'decimal',
  'multiple_of',
  'alpha',
  'alpha_num',
  'alpha_dash',
  'ascii',
  'lowercase',
  'uppercase',
  'starts_with',
  'ends_with',
  'doesnt_start_with',
  'doesnt_end_with',
  'regex',
  'not_regex',
  'email',
  'url',
  'uuid',
  'ulid',
  'ip',
  'ipv4',
  'ipv6',
  'hex_color',
  'mac_address',
  'timezone',
  'json',
  'date',
  'date_format',
]);

/** A covered field: its plan, its rules as written (beside `plan.rules`, one for one), and how its checks are called. */
export interface CoveredField {
  readonly field: FieldPlan;
  readonly parsed: readonly ParsedRule[];
  /**
   * Every check reads only the value: wildcard items are walked in place.
   * Otherwise each attribute gets its name, path and captures, as the
   * interpreter gives them (a wildcard field is expanded as it does).
   */
  readonly valueOnly: boolean;
}

function plainPath(field: FieldPlan): boolean {
  if (field.gathered) return false;
  return field.segments.every((s) => s === '*' || (!s.includes('*') && !s.includes('.') && s !== '__proto__'));
}

/** The covered fields of the plan, in its order, or null when the interpreter keeps the whole rule set. */
export function coveredFields(rules: RuleMap, plan: Plan): CoveredField[] | null {
  if (plan.awaitsCustom || plan.excludes) return null;
  const out: CoveredField[] = [];
  for (const field of plan.fields) {
    if (!plainPath(field)) return null;
    const source = rules[field.key];
    if (source === undefined) return null;
    const parsed = parseFieldRules(source);
    if (parsed.length !== field.rules.length) return null;
    let valueOnly = true;
    for (let i = 0; i < parsed.length; i++) {
      const rule = field.rules[i]!;
      const written = parsed[i]!;
      if (rule.kind !== FLAG && rule.kind !== IMPLICIT && rule.kind !== VALUE && rule.kind !== PREFETCHED) return null;
      // A rule with input/output is checked by what its prefetch resolved to, which may read the attribute.
      if (rule.kind === PREFETCHED) valueOnly = false;
      if (written.kind === 'named') {
        if (rule.kind !== FLAG && !VALUE_ONLY.has(rule.name)) valueOnly = false;
        if (written.when !== undefined) valueOnly = false;
      } else if (written.kind !== 'schema') {
        return null;
      }
    }
    out.push({ field, parsed, valueOnly });
  }
  for (const parent of plan.fields) {
    if (parent.facts.bareArray) continue;
    if (plan.fields.some((child) => child !== parent && liesUnder(child.segments, parent.segments))) return null;
  }
  return out;
}
