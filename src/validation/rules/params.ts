/**
 * Reading a rule's parameters at compile time: numbers checked once (a bad
 * one is refused at boot, naming the rule), and the size-comparison helper
 * the size rules share.
 */
import { NUMERIC_STRING } from '../php.js';
import { compareDecimals, parseDecimal, type Decimal } from '../decimal.js';
import type { RuleContext } from './definition.js';

/** A numeric parameter, read once: its exact decimal and, when small and whole, its number. */
export interface NumberParam {
  readonly decimal: Decimal;
  /** The value when it is a safe integer (the common `max:255`), else NaN. */
  readonly int: number;
}

/** Parameter `i` as a number (`max:2.5`); refuses anything else at boot. */
export function numberParam(c: RuleContext, i: number): NumberParam {
  const p = c.params[i];
  const decimal = p === undefined || !NUMERIC_STRING.test(p) ? null : parseDecimal(p.trim());
  if (decimal === null) c.invalid(`"${c.name}" needs a number as parameter ${i + 1}`);
  const n = Number(p!.trim());
  return { decimal, int: Number.isSafeInteger(n) ? n : Number.NaN };
}

/** Parameter `i` as a whole number ≥ 0 (`digits:4`). */
export function countParam(c: RuleContext, i: number): number {
  const p = c.params[i];
  const n = p === undefined || !NUMERIC_STRING.test(p) ? Number.NaN : Number(p.trim());
  if (!Number.isInteger(n) || n < 0) c.invalid(`"${c.name}" needs a whole number as parameter ${i + 1}`);
  return n;
}

/** At least one non-empty value (`in:a,b`, `starts_with:x`). */
export function valuesParam(c: RuleContext): readonly string[] {
  if (c.params.every((p) => p === '')) c.invalid(`"${c.name}" needs at least one value`);
  return c.params;
}

/** -1, 0, 1: a size (a safe integer, or an exact decimal) against a numeric parameter. */
export function compareSize(size: number | Decimal, param: NumberParam): number {
  if (typeof size === 'number') {
    if (!Number.isNaN(param.int)) return size < param.int ? -1 : size > param.int ? 1 : 0;
    const d = parseDecimal(String(size))!;
    return compareDecimals(d, param.decimal);
  }
  return compareDecimals(size, param.decimal);
}
