/**
 * Reading the parameters of `exists` and `unique` as Laravel 11's
 * `ValidatesAttributes` reads them (`parseTable`, `getQueryColumn`,
 * `guessColumnForQuery`, `getExtraConditions`, `getUniqueIds`,
 * `prepareUniqueId`, `getUniqueExtra`), once, when the rule is compiled.
 * Every name is checked here, so a bad rule is refused at boot; only the id
 * a `unique` rule reads from the input (`[field]`) is known per request.
 */
import { isIdentifier, parseTable } from '../../database/identifiers.js';
import { isClassName, isModelName } from '../../database/model-names.js';
import { conditionsFromExtra, type PresenceCondition } from '../../database/presence-condition.js';
import { MISSING, lookup, splitPath } from '../paths.js';
import { isIntegerString, isNumeric, phpString } from '../php.js';

/** Where a presence rule looks. */
export interface PresenceTarget {
  /** The connection of `connection.table`, or null for the default one. */
  readonly connection: string | null;
  readonly table: string;
  /**
   * The model class written as the table (`exists:App\Models\User`): its
   * table, connection and key are resolved per application (`ModelTables`),
   * and replace `table` (and the connection, unless one was written).
   */
  readonly model?: string;
  readonly column: string;
  /** The extra `column,value` pairs, read as `DatabasePresenceVerifier::addWhere`. */
  readonly extra: readonly PresenceCondition[];
}

/** The row a `unique` rule leaves out: a fixed id, or one read from the input (`[field]`). */
export type IgnoredId = { readonly kind: 'fixed'; readonly id: string } | { readonly kind: 'input'; readonly path: readonly string[] };

export interface UniqueTarget extends PresenceTarget {
  /** The row to leave out, or null. */
  readonly ignore: IgnoredId | null;
  /** The column holding the id to leave out (`id` unless named). */
  readonly idColumn: string;
}

/** The field a rule is compiled for: its key as written and whether it has a `*`. */
export interface RuleField {
  readonly key: string;
  readonly wildcard: boolean;
}

/** `exists:table,column,extraColumn,extraValue,...`. Throws an Error saying what is wrong. */
export function existsTarget(params: readonly string[], field: RuleField): PresenceTarget {
  return { ...tableOf(params[0]), column: columnOf(params, field), extra: extraOf(params.slice(2)) };
}

/**
 * `unique:table,column,ignoreId,idColumn,extraColumn,extraValue,...`.
 * Throws an Error saying what is wrong.
 */
export function uniqueTarget(params: readonly string[], field: RuleField): UniqueTarget {
  // Laravel fills each `*` of a `unique` parameter with the keys of the attribute (`[items.*.id]`):
  // a different query per item, where a wildcard rule here makes one query for all items.
  if (field.wildcard && params.some((p, i) => i >= 2 && p.includes('*'))) {
    throw new Error('a parameter that differs per item ("*", as in [items.*.id]) is not supported on a wildcard field');
  }
  const base = { ...tableOf(params[0]), column: columnOf(params, field) };
  let ignore: IgnoredId | null = null;
  let idColumn = 'id';
  // `isset($parameters[2])`: a parameter from a rule string is never null.
  if (params.length > 2) {
    // `$idColumn ??= $parameters[3] ?? 'id'`; the verifier then uses `$idColumn ?: 'id'`.
    // With a model, `parseTable` has set the id column already (its key name): the fourth parameter is not read.
    idColumn = base.model !== undefined ? 'id' : params[3] || 'id';
    ignore = ignoredId(params[2]!);
    if (ignore !== null && !isIdentifier(idColumn)) throw new Error(nameProblem('id column', idColumn));
  }
  // `getUniqueExtra`: the pairs start at the fifth parameter.
  return { ...base, ignore, idColumn, extra: params.length > 4 ? extraOf(params.slice(4)) : [] };
}

/**
 * `parseTable`: `connection.table`, or a model class (`App\Models\User`,
 * `connection.App\Models\User`) whose table is resolved when the rule runs.
 */
function tableOf(spec: string | undefined): { connection: string | null; table: string; model?: string } {
  if (spec === undefined || spec === '') throw new Error('it needs a table');
  if (isModelName(spec)) {
    const dot = spec.indexOf('.');
    const connection = dot === -1 ? null : spec.slice(0, dot);
    const model = dot === -1 ? spec : spec.slice(dot + 1);
    if (!isClassName(model)) throw new Error(`"${model}" is neither a table nor a model class name (App\\Models\\User)`);
    return { connection, table: model, model };
  }
  if (!isIdentifier(spec)) throw new Error(nameProblem('table', spec));
  return parseTable(spec);
}

/**
 * `getQueryColumn`: the second parameter unless absent or `NULL`, else the
 * attribute's name (`guessColumnForQuery`): for an attribute of a wildcard
 * rule its last segment unless numeric, else the whole attribute.
 */
function columnOf(params: readonly string[], field: RuleField): string {
  const named = params[1];
  if (named !== undefined && named !== 'NULL') {
    if (!isIdentifier(named)) throw new Error(nameProblem('column', named));
    return named;
  }
  const segments = splitPath(field.key);
  const last = segments[segments.length - 1]!;
  if (field.wildcard) {
    // Laravel takes the last segment of each concrete attribute: after a `*` that is a key of the
    // input (a list index makes a column name no query accepts), so the column must be named.
    if (last === '*' || isNumeric(last)) {
      throw new Error(`the column cannot be guessed from "${field.key}": name it (second parameter)`);
    }
    if (!isIdentifier(last)) throw new Error(nameProblem('column', last));
    return last;
  }
  const attribute = segments.join('.');
  if (!isIdentifier(attribute)) throw new Error(`${nameProblem('column', attribute)}; name the column (second parameter)`);
  return attribute;
}

/** `getExtraConditions`: column and value pairs (an odd count is an error in Laravel too). */
function extraOf(segments: readonly string[]): PresenceCondition[] {
  if (segments.length % 2 !== 0) {
    throw new Error(`the extra conditions are column,value pairs: "${segments[segments.length - 1]}" has no value`);
  }
  const pairs: [string, string][] = [];
  for (let i = 0; i < segments.length; i += 2) {
    const column = segments[i]!;
    if (!isIdentifier(column)) throw new Error(nameProblem('column', column));
    pairs.push([column, segments[i + 1]!]);
  }
  return conditionsFromExtra(pairs);
}

/** PCRE's `/\[(.*)\]/`: `.` stops at a newline only. */
const INPUT_REFERENCE = /\[([^\n]*)\]/;

/**
 * `prepareUniqueId` then `stripslashes`, for the id as written: `[field]`
 * reads it from the input, `null` in any letter case ignores nothing.
 */
function ignoredId(raw: string): IgnoredId | null {
  const reference = INPUT_REFERENCE.exec(raw);
  if (reference !== null) return { kind: 'input', path: splitPath(reference[1]!) };
  const id = preparedId(raw);
  return id === null ? null : { kind: 'fixed', id };
}

/**
 * The id `prepareUniqueId` and `validateUnique` make of a value: null for
 * `null` (any case), a `filter_var` integer printed back, then
 * `stripslashes`. A value PHP would not take (an array) is null here.
 */
export function preparedId(value: unknown): string | null {
  if (value === null || value === undefined || value === MISSING) return null;
  const text = phpString(value);
  if (text === null) return null;
  if (text.toLowerCase() === 'null') return null;
  return stripslashes(isIntegerString(text) ? String(BigInt(text.trim())) : text);
}

/** The id a `unique` rule leaves out for this input. */
export function resolveIgnoredId(ignore: IgnoredId | null, data: unknown): string | null {
  if (ignore === null) return null;
  if (ignore.kind === 'fixed') return ignore.id;
  return preparedId(lookup(data, ignore.path));
}

/** PHP's `stripslashes`: `\x` is `x`, `\\` is `\`, `\0` is a NUL byte, a trailing `\` goes. */
export function stripslashes(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    i++;
    if (i < text.length) out += text[i] === '0' ? '\u0000' : text[i];
  }
  return out;
}

function nameProblem(what: string, name: string): string {
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  return `invalid ${what} name "${shown}": use letters, digits and underscores (not starting with a digit), with at most one dot`;
}
