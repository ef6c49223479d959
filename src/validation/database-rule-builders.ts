/**
 * `Rule.exists(table, column?)` and `Rule.unique(table, column?)`: Laravel's
 * `Exists` and `Unique` rule objects, which Laravel casts to their rule
 * string. These are written the same way (`String(rule)`), and the compiler
 * reads that string like any other, so a built rule and its string are one
 * rule. Closures (`->where(fn)`, `->using(fn)`) and `whereIn` cannot be
 * written as a string and are refused with a TypeError.
 */
import type { PresenceValue } from '../database/presence-value.js';
import { phpString } from './php.js';
import { STRINGABLE_RULE, type StringableRule } from './types.js';

/** A value an extra `where` compares with: a scalar, as PHP prints it (`true` is `1`). */
export type WhereValue = string | number | bigint | boolean;

/** The where clauses both rules share (Laravel's `DatabaseRule` trait). */
abstract class DatabaseRule implements StringableRule {
  readonly [STRINGABLE_RULE] = true as const;
  protected readonly table: string;
  protected readonly column: string;
  readonly #wheres: [string, string][] = [];

  /** `column` defaults to `NULL`: the attribute's name (its last segment under a wildcard). */
  constructor(table: string, column = 'NULL') {
    if (typeof table !== 'string' || table === '') throw new TypeError('A database rule needs a table name.');
    if (typeof column !== 'string') throw new TypeError('The column of a database rule is a string.');
    this.table = table;
    this.column = column;
  }

  /** Only rows whose `column` equals `value`; null is `whereNull`. */
  where(column: string, value: WhereValue | null = null): this {
    if (typeof column === 'function') throw new TypeError('A closure in where() is not supported: it cannot be written in a rule string.');
    if (Array.isArray(value))
      throw new TypeError('where(column, [...]) (whereIn) is not supported: it cannot be written in a rule string.');
    if (value === null) return this.whereNull(column);
    return this.#add(column, scalarText(value));
  }

  /** Only rows whose `column` differs from `value`. */
  whereNot(column: string, value: WhereValue | null): this {
    if (Array.isArray(value))
      throw new TypeError('whereNot(column, [...]) (whereNotIn) is not supported: it cannot be written in a rule string.');
    // Laravel: `'!'.$value`, so null compares with the empty string.
    return this.#add(column, `!${value === null ? '' : scalarText(value)}`);
  }

  /** Only rows whose `column` is null. */
  whereNull(column: string): this {
    return this.#add(column, 'NULL');
  }

  /** Only rows whose `column` is not null. */
  whereNotNull(column: string): this {
    return this.#add(column, 'NOT_NULL');
  }

  /** Leaves out soft-deleted rows (`deleted_at IS NULL`). */
  withoutTrashed(deletedAtColumn = 'deleted_at'): this {
    return this.whereNull(deletedAtColumn);
  }

  /** Only soft-deleted rows (`deleted_at IS NOT NULL`). */
  onlyTrashed(deletedAtColumn = 'deleted_at'): this {
    return this.whereNotNull(deletedAtColumn);
  }

  /** Laravel's `->using(Closure)`: not supported, it cannot be written in a rule string. */
  using(_callback: unknown): never {
    throw new TypeError('using() is not supported: a query callback cannot be written in a rule string.');
  }

  #add(column: string, value: string): this {
    if (typeof column !== 'string') throw new TypeError('The column of a where clause is a string.');
    this.#wheres.push([column, value]);
    return this;
  }

  /** `formatWheres`: `column,"value"` pairs, `"` doubled. */
  protected formatWheres(): string {
    return this.#wheres.map(([column, value]) => `${column},${quoted(value)}`).join(',');
  }

  abstract toString(): string;
}

/** `Rule.exists(...)`: `exists:table,column,wheres`. */
export class ExistsRule extends DatabaseRule {
  override toString(): string {
    return trimCommas(`exists:${this.table},${this.column},${this.formatWheres()}`);
  }
}

/** `Rule.unique(...)`: `unique:table,column,"ignored id",idColumn,wheres`. */
export class UniqueRule extends DatabaseRule {
  #ignore: PresenceValue = null;
  #idColumn = 'id';

  /**
   * Leaves out the row whose `idColumn` (default `id`) is `id`. As Laravel,
   * a falsy id (`0`, `'0'`, `''`, `false`, null) leaves out nothing. The id
   * is fixed when the class is compiled; to leave out the row the input
   * names, write `'[field]'`: `ignore('[id]')` reads the input's `id`.
   */
  ignore(id: PresenceValue, idColumn?: string): this {
    this.#ignore = id;
    this.#idColumn = idColumn ?? 'id';
    return this;
  }

  override toString(): string {
    const id = this.#ignore;
    // PHP's truthiness of `$this->ignore`.
    const ignored =
      id === null || id === false || id === '' || id === '0' || id === 0 || id === 0n ? 'NULL' : quoted(addslashes(scalarText(id)));
    return trimCommas(`unique:${this.table},${this.column},${ignored},${this.#idColumn},${this.formatWheres()}`);
  }
}

function scalarText(value: WhereValue): string {
  const text = phpString(value);
  if (text === null) throw new TypeError(`A database rule compares with a string, number or boolean, not ${typeof value}.`);
  return text;
}

/** A CSV field: quoted, `"` doubled (what the rule parser reads back). */
function quoted(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** PHP's `addslashes`: `\` before `'`, `"`, `\` and NUL (which becomes `\0`); `stripslashes` undoes it. */
function addslashes(text: string): string {
  return text.replace(/['"\\\u0000]/g, (ch) => (ch === '\u0000' ? '\\0' : `\\${ch}`));
}

/** `rtrim($rule, ',')`. */
function trimCommas(rule: string): string {
  let end = rule.length;
  while (end > 0 && rule.charCodeAt(end - 1) === 44) end--;
  return rule.slice(0, end);
}
