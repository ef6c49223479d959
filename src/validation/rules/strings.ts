/**
 * String rules: character classes (`alpha`...), affixes (`starts_with`...),
 * `regex` / `not_regex` (a PCRE literal translated once by `php-regex.ts`).
 */
import { compilePcre, type PhpRegex } from '../../php/php-regex.js';
import { isContainer, isNumeric, phpString } from '../php.js';
import type { CheckedRule, RuleContext, RuleFamily } from './definition.js';
import { valuesParam } from './params.js';

/** A string, or a number as PHP prints it (what `preg_match` sees); null for anything else. */
function stringOrNumber(v: unknown): string | null {
  if (typeof v === 'string') return v;
  return isNumeric(v) ? phpString(v) : null;
}

function charClass(message: string, ascii: RegExp, unicode: RegExp, numbers: boolean): CheckedRule {
  return {
    kind: 'value',
    message,
    compile: (c) => {
      const re = c.params[0] === 'ascii' ? ascii : unicode;
      if (!numbers) return { check: (v) => typeof v === 'string' && re.test(v) };
      return {
        check: (v) => {
          const text = stringOrNumber(v);
          return text !== null && re.test(text);
        },
      };
    },
  };
}

/** `:values` as the parameters written (`replaceStartsWith`). */
function listedValues(c: RuleContext): readonly [string, string][] {
  return [[':values', c.params.join(', ')]];
}

/** `Str::startsWith` / `Str::endsWith` on the value as a PHP string, `negate` for `doesnt_*`. */
function affixRule(message: string, end: boolean, negate: boolean): CheckedRule {
  return {
    kind: 'value',
    params: 1,
    message,
    compile: (c) => {
      const values = valuesParam(c).filter((x) => x !== '');
      return {
        check: (v) => {
          const text = isContainer(v) ? null : phpString(v);
          if (text === null) return false;
          let found = false;
          for (const x of values) {
            if (end ? text.endsWith(x) : text.startsWith(x)) {
              found = true;
              break;
            }
          }
          return found !== negate;
        },
        replace: listedValues(c),
      };
    },
  };
}

function regexRule(negate: boolean): CheckedRule {
  return {
    kind: 'value',
    params: 1,
    message: 'The :attribute field format is invalid.',
    compile: (c) => {
      let re: PhpRegex;
      try {
        re = compilePcre(c.params[0]!);
      } catch (error) {
        c.invalid((error as Error).message);
      }
      return {
        check: (v) => {
          const text = stringOrNumber(v);
          // preg_match's false (PCRE gave up) fails `regex` and passes `not_regex`, as in Laravel.
          return text !== null && (re.match(text) === 'match') !== negate;
        },
      };
    },
  };
}

/** `Str::isAscii`: voku's allowed set (tab, 0x10, 0x13, newlines and printable ASCII). */
const ASCII = /^[\t\x10\x13\n\r\x20-\x7e]*$/;

/** `Str::lower($value) === $value` (or upper): only a string can equal its case-mapped copy. */
function caseRule(message: string, map: (s: string) => string): CheckedRule {
  return { kind: 'value', message, compile: () => ({ check: (v) => typeof v === 'string' && map(v) === v }) };
}

export const STRINGS = {
  alpha: charClass('The :attribute field must only contain letters.', /^[a-zA-Z]+$/, /^[\p{L}\p{M}]+$/u, false),
  alpha_num: charClass('The :attribute field must only contain letters and numbers.', /^[a-zA-Z0-9]+$/, /^[\p{L}\p{M}\p{N}]+$/u, true),
  alpha_dash: charClass(
    'The :attribute field must only contain letters, numbers, dashes, and underscores.',
    /^[a-zA-Z0-9_-]+$/,
    /^[\p{L}\p{M}\p{N}_-]+$/u,
    true,
  ),
  starts_with: affixRule('The :attribute field must start with one of the following: :values.', false, false),
  ends_with: affixRule('The :attribute field must end with one of the following: :values.', true, false),
  doesnt_start_with: affixRule('The :attribute field must not start with one of the following: :values.', false, true),
  doesnt_end_with: affixRule('The :attribute field must not end with one of the following: :values.', true, true),
  ascii: {
    kind: 'value',
    message: 'The :attribute field must only contain single-byte alphanumeric characters and symbols.',
    compile: () => ({
      check: (v) => {
        const text = isContainer(v) ? null : phpString(v);
        return text !== null && ASCII.test(text);
      },
    }),
  },
  lowercase: caseRule('The :attribute field must be lowercase.', (s) => s.toLowerCase()),
  uppercase: caseRule('The :attribute field must be uppercase.', (s) => s.toUpperCase()),
  regex: regexRule(false),
  not_regex: regexRule(true),
} as const satisfies RuleFamily;
