/**
 * A value a presence query compares a column with: what a validated field
 * can hold once decoded (JSON scalars, form strings). `null` compares as
 * `IS NULL`, as Laravel's query builder turns `where(col, '=', null)` into
 * `whereNull`.
 */
export type PresenceValue = string | number | bigint | boolean | null;

/**
 * True for a value that may be sent to the database. Anything else (an
 * object or array from a JSON body, NaN, Infinity) matches no row and is
 * never sent.
 */
export function isPresenceValue(value: unknown): value is PresenceValue {
  switch (typeof value) {
    case 'string':
    case 'bigint':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    default:
      return value === null;
  }
}

/**
 * The key a value is matched by when a batch query's answer is mapped back
 * to the values asked about: its string form, so the string "5" and the
 * number 5 are one value (as PHP's loose comparison and the database's
 * parameter typing treat them); null has a key no string can have.
 */
export function presenceKey(value: unknown): string {
  return value === null ? '\u0000null' : typeof value === 'string' ? value : String(value);
}
