import { LogicException } from '../errors/logic-exception.js';
import { assertIdentifier } from './identifiers.js';
import type { PresenceValue } from './presence-value.js';

/**
 * A query callback (Laravel's `->where(Closure)` / `->using(Closure)` on
 * `Rule::exists` and `Rule::unique`). Its argument is the adapter's own
 * builder — for `KyselyPresenceVerifier`, Kysely's `ExpressionBuilder`, and
 * it returns an expression (`(eb) => eb('account_id', '=', 1)`). Typed with
 * a `never` argument so any adapter's callback fits.
 */
export type PresenceQueryCallback = (builder: never) => unknown;

/**
 * One extra constraint of a presence query, added with AND, as the extra
 * `where` clauses of Laravel's `DatabasePresenceVerifier::addConditions`.
 * Values are always bound as parameters.
 */
export type PresenceCondition =
  /** `column = value` (`IS NULL` for null): `->where('col', value)`. */
  | { readonly type: 'equals'; readonly column: string; readonly value: PresenceValue }
  /** `column != value` (`IS NOT NULL` for null): `->whereNot('col', value)`. */
  | { readonly type: 'notEquals'; readonly column: string; readonly value: PresenceValue }
  /** `column IS NULL`: `->whereNull('col')`, `->withoutTrashed()`. */
  | { readonly type: 'null'; readonly column: string }
  /** `column IS NOT NULL`: `->whereNotNull('col')`, `->onlyTrashed()`. */
  | { readonly type: 'notNull'; readonly column: string }
  /** `column IN (...)`, false for an empty list: `->whereIn('col', [...])`, `->where('col', [...])`. */
  | { readonly type: 'in'; readonly column: string; readonly values: readonly PresenceValue[] }
  /** `column NOT IN (...)`, true for an empty list: `->whereNotIn('col', [...])`, `->whereNot('col', [...])`. */
  | { readonly type: 'notIn'; readonly column: string; readonly values: readonly PresenceValue[] }
  /** The adapter's own constraint: `->where(Closure)`, `->using(Closure)`. */
  | { readonly type: 'using'; readonly callback: PresenceQueryCallback };

/**
 * The extra clauses of a rule string (`exists:users,email,account_id,1`,
 * `unique:users,email,NULL,id,deleted_at,NULL`), as pairs of column and
 * value read as Laravel's `DatabasePresenceVerifier::addWhere` reads them:
 * `NULL` is `whereNull`, `NOT_NULL` is `whereNotNull`, a leading `!` is
 * `!=` the rest, anything else is `=`. A later pair for the same column
 * replaces an earlier one (Laravel keeps them in an associative array).
 * Bad column names are a `LogicException`.
 */
export function conditionsFromExtra(pairs: Iterable<readonly [string, string]>): PresenceCondition[] {
  const byColumn = new Map<string, PresenceCondition>();
  for (const [column, value] of pairs) {
    assertIdentifier(column, 'column');
    byColumn.delete(column);
    byColumn.set(column, conditionFromExtra(column, value));
  }
  return [...byColumn.values()];
}

function conditionFromExtra(column: string, value: string): PresenceCondition {
  if (value === 'NULL') return { type: 'null', column };
  if (value === 'NOT_NULL') return { type: 'notNull', column };
  if (value.startsWith('!')) return { type: 'notEquals', column, value: value.slice(1) };
  return { type: 'equals', column, value };
}

/**
 * Throws a `LogicException` for a condition naming a bad column or of an
 * unknown type. Rules call it when they are defined; adapters call it again
 * before a query.
 */
export function assertConditions(conditions: readonly PresenceCondition[]): void {
  for (const condition of conditions) {
    if (condition.type === 'using') {
      if (typeof condition.callback !== 'function') throw new LogicException('A "using" presence condition needs a callback function.');
      continue;
    }
    if (!CONDITION_TYPES.has(condition.type)) throw new LogicException(`Unknown presence condition type "${String(condition.type)}".`);
    assertIdentifier(condition.column, 'column');
  }
}

const CONDITION_TYPES: ReadonlySet<string> = new Set(['equals', 'notEquals', 'null', 'notNull', 'in', 'notIn']);
