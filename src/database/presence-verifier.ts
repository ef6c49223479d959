import type { Awaitable } from '../awaitable.js';
import { LogicException } from '../errors/logic-exception.js';
import type { PresenceCondition } from './presence-condition.js';
import type { PresentValues } from './present-values.js';
import type { PresenceValue } from './presence-value.js';

/**
 * Counts rows for the `exists` and `unique` rules: Laravel's
 * `Illuminate\Validation\PresenceVerifierInterface` (with the connection
 * choice of `DatabasePresenceVerifierInterface`, made without state). The
 * class is also the container key: bind an implementation with
 * `app.container.bind(PresenceVerifier).toConstantValue(new KyselyPresenceVerifier(db))`.
 *
 * Methods may answer now or with a promise. Table and column names follow
 * `assertIdentifier`; values are always bound as parameters.
 */
export abstract class PresenceVerifier {
  /**
   * Rows of `collection` whose `column` equals `value` (`IS NULL` for
   * null), leaving out the row whose `idColumn` (default `id`) is
   * `excludeId` unless that is null, undefined or the string `NULL`, and
   * meeting every `extra` condition. Laravel's `getCount`: `exists` passes
   * for a count above 0, `unique` for 0.
   */
  abstract getCount(
    collection: string,
    column: string,
    value: PresenceValue,
    excludeId?: PresenceValue,
    idColumn?: string | null,
    extra?: readonly PresenceCondition[],
  ): Awaitable<number>;

  /**
   * Distinct values of `column` among the rows of `collection` whose
   * `column` is one of `values` and that meet every `extra` condition.
   * Laravel's `getMultiCount`: `exists` on an array passes when this is at
   * least the number of distinct values. Answered in one query per
   * `PRESENCE_BATCH_SIZE` values.
   */
  abstract getMultiCount(
    collection: string,
    column: string,
    values: readonly PresenceValue[],
    extra?: readonly PresenceCondition[],
  ): Awaitable<number>;

  /**
   * Which of `values` have a row (as `getCount(...) > 0` would say for each,
   * null included): the batch a wildcard rule (`items.*.id` with `exists`)
   * needs, one query per `PRESENCE_BATCH_SIZE` distinct values instead of
   * one per item. Not in Laravel, which asks once per item.
   */
  abstract getPresentValues(
    collection: string,
    column: string,
    values: readonly PresenceValue[],
    extra?: readonly PresenceCondition[],
  ): Awaitable<PresentValues>;

  /**
   * This verifier on the named connection (the `connection` of
   * `connection.table` in a rule); null is the default connection. An
   * unknown name is a `LogicException` (call it when the rule is defined).
   * A verifier over one store has only the default connection.
   */
  connection(name: string | null): PresenceVerifier {
    if (name === null) return this;
    throw new LogicException(`Database connection [${name}] not configured.`);
  }
}
