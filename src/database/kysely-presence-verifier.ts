import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import { LogicException } from '../errors/logic-exception.js';
import { chunk, distinctPresenceValues, PRESENCE_BATCH_SIZE } from './batch.js';
import { isValueConversionError } from './data-exception.js';
import { assertIdentifier } from './identifiers.js';
import { assertConditions, type PresenceCondition } from './presence-condition.js';
import { isPresenceValue, type PresenceValue, presenceKey } from './presence-value.js';
import { PresentValues } from './present-values.js';
import { PresenceVerifier } from './presence-verifier.js';

// The application's table types are unknown here: names are checked by assertIdentifier instead.
// biome-ignore lint/suspicious/noExplicitAny: any Kysely<DB> must fit
type AnyKysely = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyKysely
type AnySelect = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyKysely
type AnyExpressionBuilder = ExpressionBuilder<any, any>;

/**
 * A Kysely instance over any database (`new Kysely<DB>(...)`). Typed by the
 * one method every Kysely has rather than by Kysely's own types, so the
 * declarations of `switchyard-http/database` need no Kysely installed: an
 * application with its own verifier type-checks without it.
 */
export interface KyselyDatabase {
  selectFrom(...args: never[]): unknown;
}

/** Options of `KyselyPresenceVerifier`. */
export interface KyselyPresenceVerifierOptions {
  /** Other databases by name, for rules on `name.table` (Laravel's connections). */
  readonly connections?: Readonly<Record<string, KyselyDatabase>>;
  /** Values per batch query (1 to 10,000; default `PRESENCE_BATCH_SIZE`, 1,000). */
  readonly batchSize?: number;
  /**
   * Extra queries one batch call may spend finding values the column's type
   * cannot hold (default 32); see `getPresentValues`.
   */
  readonly maxSplitQueries?: number;
}

/** Per batch call: the split budget, and whether the extra conditions were found bindable. */
interface BatchState {
  splitsLeft: number;
  extraChecked: boolean;
}

/**
 * A `PresenceVerifier` over a Kysely instance: Laravel's
 * `DatabasePresenceVerifier` on a query builder. The application builds the
 * Kysely instance with its dialect and pool (PostgreSQL through `pg`,
 * MySQL, SQLite) and owns it; this only reads. Every value is a bound
 * parameter; table and column names must pass `assertIdentifier` and are
 * quoted by Kysely.
 *
 * On PostgreSQL a value the column's type cannot hold ("abc" against an
 * integer column) makes the whole query fail; here such a value matches no
 * row, as it cannot equal one (Laravel answers a 500). Only the compared
 * value is excused: a condition value that cannot be bound still fails.
 */
export class KyselyPresenceVerifier extends PresenceVerifier {
  readonly #db: AnyKysely;
  readonly #options: KyselyPresenceVerifierOptions;
  readonly #batchSize: number;
  readonly #maxSplitQueries: number;
  /** The verifier `connection()` was first called on (itself unless made by `connection()`). */
  #root: KyselyPresenceVerifier = this;
  readonly #named = new Map<string, KyselyPresenceVerifier>();

  constructor(db: KyselyDatabase, options: KyselyPresenceVerifierOptions = {}) {
    super();
    const batchSize = options.batchSize ?? PRESENCE_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
      throw new LogicException(`The presence batch size must be an integer from 1 to 10000, got ${String(batchSize)}.`);
    }
    const maxSplitQueries = options.maxSplitQueries ?? 32;
    if (!Number.isInteger(maxSplitQueries) || maxSplitQueries < 0 || maxSplitQueries > 10_000) {
      throw new LogicException(`maxSplitQueries must be an integer from 0 to 10000, got ${String(maxSplitQueries)}.`);
    }
    for (const name of Object.keys(options.connections ?? {})) {
      if (name.includes('.')) throw new LogicException(`Invalid connection name "${name}": a connection name has no dot.`);
      assertIdentifier(name, 'connection');
    }
    this.#db = db as AnyKysely;
    this.#options = options;
    this.#batchSize = batchSize;
    this.#maxSplitQueries = maxSplitQueries;
  }

  override connection(name: string | null): PresenceVerifier {
    const root = this.#root;
    if (name === null) return root;
    const db = Object.hasOwn(root.#options.connections ?? {}, name) ? root.#options.connections?.[name] : undefined;
    if (db === undefined) throw new LogicException(`Database connection [${name}] not configured.`);
    let verifier = root.#named.get(name);
    if (verifier === undefined) {
      verifier = new KyselyPresenceVerifier(db, root.#options);
      verifier.#root = root;
      root.#named.set(name, verifier);
    }
    return verifier;
  }

  getCount(
    collection: string,
    column: string,
    value: PresenceValue,
    excludeId?: PresenceValue,
    idColumn?: string | null,
    extra: readonly PresenceCondition[] = [],
  ): Promise<number> {
    assertIdentifier(collection, 'table');
    assertIdentifier(column, 'column');
    assertConditions(extra);
    // Laravel: `! is_null($excludeId) && $excludeId !== 'NULL'`, on `$idColumn ?: 'id'`.
    const excluding = excludeId !== undefined && excludeId !== null && excludeId !== 'NULL';
    const keyColumn = idColumn || 'id';
    if (excluding) {
      assertIdentifier(keyColumn, 'column');
      if (!isPresenceValue(excludeId)) throw new LogicException('The id to ignore must be a string, number, bigint or boolean.');
    }
    if (!isPresenceValue(value)) return Promise.resolve(0);
    let query = this.#where(
      this.#db.selectFrom(collection).select((eb) => eb.fn.countAll().as('aggregate')),
      column,
      value,
    );
    if (excluding) query = query.where(keyColumn, '<>', excludeId);
    return this.#count(this.#constrain(query, extra), value === null ? null : () => this.#refusesValues(collection, column, [value]));
  }

  getMultiCount(
    collection: string,
    column: string,
    values: readonly PresenceValue[],
    extra: readonly PresenceCondition[] = [],
  ): Promise<number> {
    this.#assertBatch(collection, column, values, extra);
    return this.#multiCount(collection, column, values, extra);
  }

  async #multiCount(
    collection: string,
    column: string,
    values: readonly PresenceValue[],
    extra: readonly PresenceCondition[],
  ): Promise<number> {
    // Laravel's whereIn binds a null that equals nothing; leave it out.
    const found = await this.#matching(
      collection,
      column,
      distinctPresenceValues(values).filter((value) => value !== null),
      extra,
    );
    return new Set(found.map(presenceKey)).size;
  }

  /**
   * Which values have a row, in one query per `batchSize` distinct values
   * (plus one for null, which is compared with `IS NULL`). The rows' values
   * are matched back by string form (`presenceKey`): a spelling the
   * database also accepts but writes differently ("05" against an integer
   * 5, another letter case under a case-insensitive collation) counts as
   * absent here though `getCount` would find it.
   *
   * When a batch fails because some value cannot be held by the column
   * (PostgreSQL), it is split in halves to find those values, spending at
   * most `maxSplitQueries` extra queries; values of parts still failing
   * when that is spent count as absent.
   */
  getPresentValues(
    collection: string,
    column: string,
    values: readonly PresenceValue[],
    extra: readonly PresenceCondition[] = [],
  ): Promise<PresentValues> {
    this.#assertBatch(collection, column, values, extra);
    return this.#presentValues(collection, column, values, extra);
  }

  async #presentValues(
    collection: string,
    column: string,
    values: readonly PresenceValue[],
    extra: readonly PresenceCondition[],
  ): Promise<PresentValues> {
    const distinct = distinctPresenceValues(values);
    const nonNull = distinct.filter((value) => value !== null);
    const foundKeys = new Set((await this.#matching(collection, column, nonNull, extra)).map(presenceKey));
    const present: string[] = [];
    for (const value of nonNull) {
      const key = presenceKey(value);
      if (foundKeys.has(key)) present.push(key);
    }
    if (nonNull.length < distinct.length && (await this.getCount(collection, column, null, null, null, extra)) > 0) {
      present.push(presenceKey(null));
    }
    return new PresentValues(present);
  }

  #assertBatch(collection: string, column: string, values: readonly PresenceValue[], extra: readonly PresenceCondition[]): void {
    assertIdentifier(collection, 'table');
    assertIdentifier(column, 'column');
    assertConditions(extra);
    if (!Array.isArray(values)) throw new LogicException('Presence values must be an array.');
  }

  /** The column's distinct values among the rows matching `values` and `extra`, batch by batch. */
  async #matching(
    collection: string,
    column: string,
    values: readonly PresenceValue[],
    extra: readonly PresenceCondition[],
  ): Promise<unknown[]> {
    const state: BatchState = { splitsLeft: this.#maxSplitQueries, extraChecked: false };
    const found: unknown[] = [];
    for (const part of chunk(values, this.#batchSize)) {
      for (const value of await this.#matchPart(collection, column, part, extra, state)) found.push(value);
    }
    return found;
  }

  async #matchPart(
    collection: string,
    column: string,
    part: readonly PresenceValue[],
    extra: readonly PresenceCondition[],
    state: BatchState,
  ): Promise<unknown[]> {
    try {
      const query = this.#db
        .selectFrom(collection)
        .select((eb) => eb.ref(column).as('value'))
        .distinct()
        .where(column, 'in', part);
      const rows = (await this.#constrain(query, extra).execute()) as { value: unknown }[];
      return rows.map((row) => row.value);
    } catch (error) {
      if (!isValueConversionError(error)) throw error;
      if (!state.extraChecked) {
        state.extraChecked = true;
        if (await this.#refusesExtra(collection, extra)) throw error;
      }
      if (part.length === 1 || state.splitsLeft < 2) return [];
      state.splitsLeft -= 2;
      const half = Math.ceil(part.length / 2);
      const left = await this.#matchPart(collection, column, part.slice(0, half), extra, state);
      const right = await this.#matchPart(collection, column, part.slice(half), extra, state);
      return left.concat(right);
    }
  }

  /** Runs a count; when the database cannot bind a value, `refusesValue` says whether the compared value is to blame (then no row has it). */
  async #count(query: AnySelect, refusesValue: (() => Promise<boolean>) | null): Promise<number> {
    try {
      const row: { aggregate?: unknown } | undefined = await query.executeTakeFirst();
      return Number(row?.aggregate ?? 0);
    } catch (error) {
      if (isValueConversionError(error) && refusesValue !== null && (await refusesValue())) return 0;
      throw error;
    }
  }

  /** True when the database cannot bind these values for the column (a query that reads no row). */
  #refusesValues(collection: string, column: string, values: readonly PresenceValue[]): Promise<boolean> {
    return this.#refuses(
      this.#db
        .selectFrom(collection)
        .select((eb) => eb.lit(1).as('one'))
        .where(column, 'in', values),
    );
  }

  /** True when the database cannot bind the extra conditions' values. */
  #refusesExtra(collection: string, extra: readonly PresenceCondition[]): Promise<boolean> {
    return this.#refuses(
      this.#constrain(
        this.#db.selectFrom(collection).select((eb) => eb.lit(1).as('one')),
        extra,
      ),
    );
  }

  async #refuses(query: AnySelect): Promise<boolean> {
    try {
      await query.limit(0).execute();
      return false;
    } catch (error) {
      if (isValueConversionError(error)) return true;
      throw error;
    }
  }

  /** `column = value`, or `column IS NULL` for null (Laravel's builder turns `= null` into `whereNull`). */
  #where(query: AnySelect, column: string, value: PresenceValue): AnySelect {
    return value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
  }

  /** Adds each extra condition with AND, as `DatabasePresenceVerifier::addConditions`. */
  #constrain(query: AnySelect, extra: readonly PresenceCondition[]): AnySelect {
    let constrained = query;
    for (const condition of extra) constrained = constrained.where((eb) => conditionExpression(eb, condition));
    return constrained;
  }
}

function conditionExpression(eb: AnyExpressionBuilder, condition: PresenceCondition): Expression<SqlBool> {
  switch (condition.type) {
    case 'equals':
      return condition.value === null ? eb(condition.column, 'is', null) : eb(condition.column, '=', condition.value);
    case 'notEquals':
      return condition.value === null ? eb(condition.column, 'is not', null) : eb(condition.column, '!=', condition.value);
    case 'null':
      return eb(condition.column, 'is', null);
    case 'notNull':
      return eb(condition.column, 'is not', null);
    case 'in': {
      const values = condition.values.filter(isPresenceValue);
      return values.length === 0 ? eb.lit(false) : eb(condition.column, 'in', values);
    }
    case 'notIn': {
      const values = condition.values.filter(isPresenceValue);
      return values.length === 0 ? eb.lit(true) : eb(condition.column, 'not in', values);
    }
    case 'using':
      return (condition.callback as unknown as (builder: AnyExpressionBuilder) => Expression<SqlBool>)(eb);
  }
}
