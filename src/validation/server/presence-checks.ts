/**
 * The server side of `exists` and `unique` (`rules/database.ts` holds their
 * definitions): Laravel 11's queries over the application's
 * `PresenceVerifier` (bound in its container), run once per validation with
 * every value at the rule's field:
 *
 * - one value (a field without `*`, or a wildcard with one item): Laravel's
 *   own query, `getCount` (`getMultiCount` for an array value);
 * - several values (`items.*.id`): ONE batch query for all of them
 *   (`getPresentValues`, `WHERE column IN (...)`), never one per item.
 */
import { isValueConversionError } from '../../database/data-exception.js';
import type { PresenceCondition } from '../../database/presence-condition.js';
import { isPresenceValue, type PresenceValue } from '../../database/presence-value.js';
import { PresenceVerifier } from '../../database/presence-verifier.js';
import { CONVENTIONAL_MODEL_TABLES, ModelTables } from '../../database/model-tables.js';
import type { PresentValues } from '../../database/present-values.js';
import { LogicException } from '../../errors/logic-exception.js';
import { isBlankString, isContainer, phpString } from '../php.js';
import { type PresenceTarget, resolveIgnoredId, type UniqueTarget } from '../rules/database-params.js';
import type { Check, FieldFacts, Prefetch, ValidationContext } from '../rules/definition.js';

/** `exists` on `target` for one field: its check once its values are queried. */
export function existsPrefetch(target: PresenceTarget, field: FieldFacts): Prefetch {
  return (values, context) => {
    const resolved = withModel(target, context);
    return existsCheck(resolved, checked(values, field), () => verifierFor(context, resolved));
  };
}

/** `unique` on `target` for one field: its check once its values are queried. */
export function uniquePrefetch(target: UniqueTarget, field: FieldFacts): Prefetch {
  return (values, context) => {
    const resolved = withModel(target, context);
    return uniqueCheck(
      resolved,
      checked(values, field),
      () => verifierFor(context, resolved),
      () => inputOf(context),
    );
  };
}

/**
 * The target with its model resolved (`parseTable` with a model class): the
 * model's table, its connection unless the rule names one, and for `unique`
 * its key as the id column. The application's `ModelTables`, else the convention.
 */
function withModel<T extends PresenceTarget>(target: T, context: ValidationContext): T {
  if (target.model === undefined) return target;
  const model = context.service(ModelTables, () => CONVENTIONAL_MODEL_TABLES).resolve(target.model);
  const resolved = { ...target, table: model.table, connection: target.connection ?? model.connection };
  return 'idColumn' in target ? { ...resolved, idColumn: model.keyName } : resolved;
}

/** The check of a field none of whose values are checked (the runner never calls it). */
const NOTHING_ASKED: Check = () => false;

/** The values the check will run on: not blank strings, nor the null of a nullable field (as the runner). */
function checked(values: readonly unknown[], field: FieldFacts): unknown[] {
  return values.filter((value) => !isBlankString(value) && !(field.nullable && value === null));
}

/** The application's verifier, on the rule's connection. */
function verifierFor(context: ValidationContext, target: PresenceTarget): PresenceVerifier {
  const verifier = context.service(PresenceVerifier, () => {
    throw new LogicException(
      'The exists and unique rules need a PresenceVerifier bound in the application container: ' +
        'app.container.bind(PresenceVerifier).toConstantValue(new KyselyPresenceVerifier(db)), both from switchyard-http/database.',
    );
  });
  return verifier.connection(target.connection);
}

/**
 * The verifier, or when there is none (or no such connection) a check that
 * throws that LogicException: as in Laravel, the fault is raised only if the
 * rule runs, so a value an earlier rule failed (the null of a `required`
 * field) or no verifier at all cannot turn a 422 into a 500.
 */
function verifierOrFault(verifierOf: () => PresenceVerifier): PresenceVerifier | Check {
  try {
    return verifierOf();
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

/** The items of an array value (a JSON object's values: PHP decodes it to an array). */
function itemsOf(value: Record<string, unknown> | unknown[]): unknown[] {
  return Array.isArray(value) ? value : Object.values(value);
}

// --- exists ------------------------------------------------------------------

async function existsCheck(target: PresenceTarget, values: readonly unknown[], verifierOf: () => PresenceVerifier): Promise<Check> {
  if (values.length === 0) return NOTHING_ASKED;
  const verifier = verifierOrFault(verifierOf);
  if (typeof verifier === 'function') return verifier;
  if (values.length === 1) {
    const only = values[0];
    const passes = await existsOne(target, only, verifier);
    return (value) => value === only && passes;
  }
  const asked: PresenceValue[] = [];
  for (const value of values) {
    if (isPresenceValue(value)) asked.push(value);
    else if (isContainer(value)) for (const item of itemsOf(value)) if (isPresenceValue(item) && item !== null) asked.push(item);
  }
  const present = await verifier.getPresentValues(target.table, target.column, asked, target.extra);
  return (value) => existsIn(present, value);
}

/**
 * `validateExists` on one value: `getCount(...) >= 1`, or for an array
 * `getMultiCount(...) >= count(array_unique($value))` (an empty one passes).
 * An array holding an array or object fails (PHP's `array_unique` would
 * throw).
 */
async function existsOne(target: PresenceTarget, value: unknown, verifier: PresenceVerifier): Promise<boolean> {
  if (isContainer(value)) {
    const items = itemsOf(value);
    if (!items.every(isPresenceValue)) return false;
    // `array_unique` compares the items as strings: 1 and "1" are one, and so are null and "".
    const expected = new Set(items.map(phpString)).size;
    if (expected === 0) return true;
    return (await verifier.getMultiCount(target.table, target.column, items, target.extra)) >= expected;
  }
  if (!isPresenceValue(value)) return false;
  return (await verifier.getCount(target.table, target.column, value, null, null, target.extra)) >= 1;
}

/** `exists` from a batch answer: a value with a row; an array each of whose items has one. */
function existsIn(present: PresentValues, value: unknown): boolean {
  if (isPresenceValue(value)) return present.has(value);
  if (!isContainer(value)) return false;
  for (const item of itemsOf(value)) if (!isPresenceValue(item) || item === null || !present.has(item)) return false;
  return true;
}

// --- unique ------------------------------------------------------------------

async function uniqueCheck(
  target: UniqueTarget,
  values: readonly unknown[],
  verifierOf: () => PresenceVerifier,
  input: () => unknown,
): Promise<Check> {
  if (values.length === 0) return NOTHING_ASKED;
  const verifier = verifierOrFault(verifierOf);
  if (typeof verifier === 'function') return verifier;
  const ignoreId = resolveIgnoredId(target.ignore, target.ignore?.kind === 'input' ? input() : null);
  try {
    return await uniqueQuery(target, values, verifier, ignoreId);
  } catch (error) {
    // An id read from the input that the id column cannot hold ("abc" against an integer, on
    // PostgreSQL) equals no row: leaving it out changes nothing, so ask again without it.
    if (ignoreId === null || target.ignore?.kind !== 'input' || !isValueConversionError(error)) throw error;
    return uniqueQuery(target, values, verifier, null);
  }
}

async function uniqueQuery(
  target: UniqueTarget,
  values: readonly unknown[],
  verifier: PresenceVerifier,
  ignoreId: string | null,
): Promise<Check> {
  if (values.length === 1) {
    const only = values[0];
    const compared = comparedValue(only);
    const passes =
      compared === undefined ||
      (await verifier.getCount(target.table, target.column, compared, ignoreId, target.idColumn, target.extra)) === 0;
    return (value) => value === only && passes;
  }
  const asked: PresenceValue[] = [];
  for (const value of values) {
    const compared = comparedValue(value);
    if (compared !== undefined) asked.push(compared);
  }
  // The ignored row as `getCount` leaves it out: `idColumn <> id`.
  const extra: readonly PresenceCondition[] =
    ignoreId === null ? target.extra : [{ type: 'notEquals', column: target.idColumn, value: ignoreId }, ...target.extra];
  const present = await verifier.getPresentValues(target.table, target.column, asked, extra);
  return (value) => {
    const compared = comparedValue(value);
    return compared === undefined || !present.has(compared);
  };
}

/**
 * The value `unique` compares: the value itself, or for an array its first
 * item, depth first (Laravel's query builder binds `head(Arr::flatten($value))`).
 * Undefined when nothing can equal a row (an empty array, an object that is
 * no JSON value): the rule passes.
 */
function comparedValue(value: unknown): PresenceValue | undefined {
  if (!isContainer(value)) return isPresenceValue(value) ? value : undefined;
  // Depth first without recursion: the input's nesting is the client's choice.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!isContainer(current)) return isPresenceValue(current) ? current : undefined;
    const items = itemsOf(current);
    for (let i = items.length - 1; i >= 0; i--) stack.push(items[i]);
  }
  return undefined;
}

/** The validation's input (the request's, body over query), for an id read from it (`unique:users,email,[id]`). */
function inputOf(context: ValidationContext): unknown {
  const request = context.request as { all?: () => unknown } | undefined;
  if (typeof request?.all !== 'function') {
    throw new LogicException('A unique rule that reads the id to ignore from the input ([field]) runs only on a request.');
  }
  return request.all();
}
