/**
 * Date rules: `date`, `date_format`, and the comparisons `before`, `after`,
 * `before_or_equal`, `after_or_equal`, `date_equals` against a date
 * (`2024-01-01`, `tomorrow`) or another field. Parsing is `dates.ts` (a
 * documented subset of `strtotime`) and `date-format.ts`.
 */
import { compileDateFormat, type DateFormat } from '../date-format.js';
import { parseDate, parseRelative, timestampOf, toTimestamp } from '../dates.js';
import { isNumeric } from '../php.js';
import type { Check, CheckedRule, RuleFamily } from './definition.js';

/** The instant a value stands for, read with the field's `date_format` first when it has one. */
function instantOf(value: unknown, format: DateFormat | null, now: number): number | null {
  if (format !== null && (typeof value === 'string' || typeof value === 'number')) {
    const t = format.parse(String(value));
    if (t !== null) return t;
  }
  return timestampOf(value, now);
}

function compareInstants(a: number, b: number, op: string): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '>=':
      return a >= b;
    default:
      return a === b;
  }
}

/** A date parameter (`2024-01-01`, `tomorrow`) as a function of "now", or null if it is not a date. */
function dateParameter(param: string, format: DateFormat | null): ((now: number) => number) | null {
  const formatted = format?.parse(param) ?? null;
  if (formatted !== null) return () => formatted;
  const parts = parseDate(param);
  if (parts !== null) {
    const t = toTimestamp(parts);
    return () => t;
  }
  return parseRelative(param);
}

function compareRule(op: string, message: string): CheckedRule {
  return {
    kind: 'value',
    params: 1,
    message,
    compile: (c) => {
      const param = c.params[0]!;
      const format = c.field.dateFormat === null ? null : compileDateFormat(c.field.dateFormat);
      const ref = dateParameter(param, format);
      if (ref !== null) {
        return {
          check: (v) => {
            if (typeof v !== 'string' && !isNumeric(v)) return false;
            const now = Date.now();
            const t = instantOf(v, format, now);
            return t !== null && compareInstants(t, ref(now), op);
          },
          replace: [[':date', param]],
        };
      }
      const other = c.ref(param);
      const otherFormatText = c.factsOf(param)?.dateFormat ?? c.field.dateFormat;
      const otherFormat = otherFormatText === null ? null : compileDateFormat(otherFormatText);
      const check: Check = (v, env) => {
        if (typeof v !== 'string' && !isNumeric(v)) return false;
        const now = Date.now();
        const first = instantOf(v, format, now);
        const o = other.get(env);
        if (format !== null) {
          // checkDateTimeOrder: a missing other field passes.
          if (o === undefined || o === null) return true;
          const second = instantOf(o, otherFormat, now);
          return first !== null && second !== null && compareInstants(first, second, op);
        }
        if (first === null) return false;
        const second = instantOf(o, null, now);
        // PHP compares a timestamp with null as booleans: (bool) $first op false.
        if (second === null) return op === '>' ? first !== 0 : op === '>=' ? true : op === '<' ? false : first === 0;
        return compareInstants(first, second, op);
      };
      return { check, replace: other.dynamic ? (env) => [[':date', other.display(env)]] : [[':date', other.display(null)]] };
    },
  };
}

export const DATES = {
  date: {
    kind: 'value',
    message: 'The :attribute field must be a valid date.',
    compile: () => ({
      check: (v) => {
        if (typeof v === 'number') return Number.isInteger(v) && parseDate(String(v)) !== null;
        return typeof v === 'string' && parseDate(v) !== null;
      },
    }),
  },
  date_format: {
    kind: 'value',
    params: 1,
    facts: (params) => (params[0] === undefined ? {} : { dateFormat: params[0] }),
    message: 'The :attribute field must match the format :format.',
    compile: (c) => {
      const formats: DateFormat[] = [];
      for (const f of c.params) {
        try {
          formats.push(compileDateFormat(f));
        } catch (error) {
          c.invalid(`bad format "${f}": ${(error as Error).message}`);
        }
      }
      return {
        check: (v) => {
          const text = typeof v === 'string' ? v : isNumeric(v) ? String(v) : null;
          if (text === null) return false;
          for (const f of formats) if (f.parse(text) !== null) return true;
          return false;
        },
        replace: [[':format', c.params[0]!]],
      };
    },
  },
  before: compareRule('<', 'The :attribute field must be a date before :date.'),
  before_or_equal: compareRule('<=', 'The :attribute field must be a date before or equal to :date.'),
  after: compareRule('>', 'The :attribute field must be a date after :date.'),
  after_or_equal: compareRule('>=', 'The :attribute field must be a date after or equal to :date.'),
  date_equals: compareRule('=', 'The :attribute field must be a date equal to :date.'),
} as const satisfies RuleFamily;
