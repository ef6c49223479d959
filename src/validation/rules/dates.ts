/**
 * Date rules: `date`, `date_format`, and the comparisons `before`, `after`,
 * `before_or_equal`, `after_or_equal`, `date_equals` against a date
 * (`2024-01-01`, `tomorrow`, `first day of next month`) or another field, as
 * Laravel 11's `compareDates` does them. Parsing is `../strtotime/` (PHP's
 * parser), `../dates.ts` (how Laravel uses it) and `../date-format.ts`.
 */
import { compileDateFormat, type DateFormat } from '../date-format.js';
import {
  compareDateTimes,
  comparePhp,
  dateParameter,
  dateTimeOf,
  type Instant,
  isDateValue,
  isStrtotimeDate,
  nowInstant,
} from '../dates.js';
import { isNumeric, phpString } from '../php.js';
import { createFromFormat } from '../../php/strtotime/from-format.js';
import type { Check, CheckedRule, Replacer, RuleFamily } from './definition.js';

/** `getDateTimeWithOptionalFormat`: `createFromFormat('!'.$format)` first, then `Date::parse`. */
function withFormat(value: unknown, format: string, now: Instant): Instant | null {
  const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? phpString(value) : null;
  return (text === null ? null : createFromFormat(format, text, now)) ?? dateTimeOf(value, now);
}

const isDateLike = (v: unknown): boolean => typeof v === 'string' || isNumeric(v);

/** `literal`: the parameter's `*`s are not filled (`date_equals` is not one of Laravel's `dependentRules`). */
function compareRule(op: string, message: string, literal = false): CheckedRule {
  return {
    kind: 'value',
    params: 1,
    message,
    compile: (c) => {
      const param = c.params[0]!;
      const format = c.field.dateFormat;
      const other = c.ref(param, literal);
      // replaceBefore: a parameter strtotime reads is shown as written, anything else as a field's name.
      const replace: Replacer = isStrtotimeDate(param)
        ? [[':date', param]]
        : other.dynamic
          ? (env) => [[':date', other.display(env)]]
          : [[':date', other.display(null)]];
      let check: Check;
      if (format === null) {
        // compareDates: timestamps, or null for what Date::parse cannot read.
        const date = dateParameter(param);
        check = (v, env) => {
          if (!isDateLike(v)) return false;
          const now = nowInstant();
          const first = dateTimeOf(v, now)?.sse ?? null;
          const second = date !== null ? (date(now)?.sse ?? null) : timestampOfField(other.get(env), now);
          return comparePhp(first, second, op);
        };
      } else {
        // checkDateTimeOrder: DateTime objects, the other field read with its own format.
        const otherFormat = c.factsOf(param)?.dateFormat ?? format;
        const fixed = createFromFormat(otherFormat, param, nowInstant());
        const date = fixed !== null ? () => fixed : dateParameter(param);
        check = (v, env) => {
          if (!isDateLike(v)) return false;
          const now = nowInstant();
          const first = withFormat(v, format, now);
          let second: Instant | null;
          if (date !== null) {
            second = date(now);
          } else {
            const o = other.get(env);
            if (o === undefined || o === null) return true;
            second = withFormat(o, otherFormat, now);
          }
          return first !== null && second !== null && compareDateTimes(first, second, op);
        };
      }
      return { check, replace };
    },
  };
}

/** `getDateTimestamp($this->getValue($param))`: a missing or null field is null. */
function timestampOfField(value: unknown, now: Instant): number | null {
  if (value === undefined || value === null) return null;
  return dateTimeOf(value, now)?.sse ?? null;
}

export const DATES = {
  date: {
    kind: 'value',
    message: 'The :attribute field must be a valid date.',
    compile: () => ({ check: (v) => isDateValue(v) }),
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
  date_equals: compareRule('=', 'The :attribute field must be a date equal to :date.', true),
} as const satisfies RuleFamily;
