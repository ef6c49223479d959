import { LogicException } from '../errors/logic-exception.js';

/**
 * A table or column name a presence query may name: letters, digits and
 * underscores, starting with a letter or underscore, at most 64 characters
 * a part, with one optional dot (`schema.table`, `table.column`, or the
 * `connection.table` of a rule). Names never come from a request: they are
 * written in rules, so a bad one is a programming error, refused when the
 * rule is defined. Values are always bound as query parameters; only names
 * reach the SQL text, quoted by the query builder, and only names that
 * match this.
 */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}(?:\.[A-Za-z_][A-Za-z0-9_]{0,63})?$/;

/** True when `name` is a name a presence query may use (see `assertIdentifier`). */
export function isIdentifier(name: unknown): name is string {
  return typeof name === 'string' && IDENTIFIER.test(name);
}

/**
 * Throws a `LogicException` unless `name` is a plain identifier with at most
 * one dot. `what` names it in the message ("table", "column").
 */
export function assertIdentifier(name: unknown, what: string): asserts name is string {
  if (!isIdentifier(name)) {
    const shown = typeof name === 'string' ? JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name) : typeof name;
    throw new LogicException(
      `Invalid ${what} name ${shown}: use letters, digits and underscores (not starting with a digit), with at most one dot.`,
    );
  }
}

/** A rule's table, split as Laravel's `parseTable` does. */
export interface TableReference {
  /** The connection named before the dot (`mysql` in `mysql.users`), or null for the default one. */
  readonly connection: string | null;
  /** The table. */
  readonly table: string;
}

/**
 * Splits the table of an `exists` / `unique` rule as Laravel's
 * `ValidatesAttributes::parseTable` does: `connection.table` names a
 * connection, a plain `table` the default connection. A bad name is a
 * `LogicException` (call it when the rule is defined).
 */
export function parseTable(spec: string): TableReference {
  assertIdentifier(spec, 'table');
  const dot = spec.indexOf('.');
  return dot === -1 ? { connection: null, table: spec } : { connection: spec.slice(0, dot), table: spec.slice(dot + 1) };
}
