/**
 * Array rules: `array` (a PHP array: a JSON array or object; with keys, no
 * other key), `list`, and `distinct` over the items a wildcard matches.
 */
import { MISSING } from '../paths.js';
import { isContainer, isEmptyValue, isNumeric, phpString } from '../php.js';
import type { Check, RuleFamily } from './definition.js';

const hasOwn = Object.prototype.hasOwnProperty;

function isList(v: unknown): boolean {
  if (Array.isArray(v)) return true;
  if (!isContainer(v)) return false;
  let i = 0;
  for (const key of Object.keys(v)) if (key !== String(i++)) return false;
  return true;
}

/** `distinct`: a key that groups the values PHP's `in_array` would find equal. */
function distinctKey(value: unknown, strict: boolean, ignoreCase: boolean): string | null {
  if (isContainer(value)) return isEmptyValue(value) ? 'e' : null;
  if (value !== null && typeof value === 'object') return null;
  if (ignoreCase) return 's:' + (phpString(value) ?? '').toLowerCase();
  if (strict) return typeof value === 'string' ? 's:' + value : `${typeof value}:${String(value)}`;
  if (value === null || value === undefined) return 's:';
  if (typeof value === 'boolean') return 'b:' + value;
  if (isNumeric(value)) return 'n:' + Number(typeof value === 'string' ? value.trim() : value);
  return 's:' + String(value);
}

export const ARRAYS = {
  array: {
    kind: 'value',
    facts: (params) => ({ arrayish: true, arrayRule: true, bareArray: params.length === 0 }),
    message: 'The :attribute field must be an array.',
    compile: (c) => {
      const keys = new Set(c.params);
      if (c.params.length === 0) return { check: isContainer };
      return {
        check: (v) => {
          if (!isContainer(v)) return false;
          if (Array.isArray(v)) {
            for (let i = 0; i < v.length; i++) if (!keys.has(String(i))) return false;
            return true;
          }
          for (const key in v) if (hasOwn.call(v, key) && !keys.has(key)) return false;
          return true;
        },
      };
    },
  },
  list: {
    kind: 'value',
    facts: { arrayish: true, bareArray: true },
    message: 'The :attribute field must be a list.',
    compile: () => ({ check: isList }),
  },
  distinct: {
    kind: 'value',
    message: 'The :attribute field has a duplicate value.',
    compile: (c) => {
      for (const p of c.params) if (p !== 'strict' && p !== 'ignore_case') c.invalid(`unknown "distinct" option "${p}"`);
      const strict = c.params.includes('strict');
      const ignoreCase = c.params.includes('ignore_case');
      const check: Check = (v, env) => {
        const key = distinctKey(v, strict, ignoreCase);
        if (env.expansions === null || key === null) return true;
        const memo = (env.memo ??= new Map());
        let counts = memo.get(check) as Map<string, number> | undefined;
        if (counts === undefined) {
          counts = new Map();
          for (const e of env.expansions) {
            const k = e.value === MISSING ? null : distinctKey(e.value, strict, ignoreCase);
            if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
          }
          memo.set(check, counts);
        }
        return (counts.get(key) ?? 0) <= 1;
      };
      return { check };
    },
  },
} as const satisfies RuleFamily;
