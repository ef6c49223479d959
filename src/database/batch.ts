import { isPresenceValue, type PresenceValue, presenceKey } from './presence-value.js';

/** Values per batch query: 1,000 bound parameters stay well under every driver's limit (PostgreSQL 65,535; SQLite 32,766). */
export const PRESENCE_BATCH_SIZE = 1000;

/**
 * The values worth sending, once each: duplicates (by `presenceKey`) and
 * values that match no row (objects, arrays, NaN) are dropped, so a chunk
 * never repeats a value another chunk holds. Linear in the input.
 */
export function distinctPresenceValues(values: Iterable<unknown>): PresenceValue[] {
  const seen = new Set<string>();
  const out: PresenceValue[] = [];
  for (const value of values) {
    if (!isPresenceValue(value)) continue;
    const key = presenceKey(value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** Cuts a list into consecutive slices of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
