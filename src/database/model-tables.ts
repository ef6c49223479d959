/**
 * Model classes named in `exists` / `unique` rules (`exists:App\Models\User,id`),
 * as Laravel 11's `parseTable` reads them: the model's table, connection and
 * key name. Switchyard has no models, so a model name is resolved by its
 * class name: an entry of the `ModelTables` bound in the application's
 * container, else Laravel's convention for a model that names no table (the
 * snake case of the plural of the class basename, the default connection,
 * the key `id`).
 */
import { LogicException } from '../errors/logic-exception.js';
import { conventionalTable } from './english-plural.js';
import { isIdentifier } from './identifiers.js';
import { isClassName } from './model-names.js';

/** What a model says about its table (Laravel's `$table`, `$connection`, `$primaryKey`). */
export interface ModelTable {
  /** The table (`getTable()`); `connection.table` is not read here: set `connection`. */
  readonly table: string;
  /** The connection (`getConnectionName()`), or null / absent for the default one. */
  readonly connection?: string | null;
  /** The key column (`getKeyName()`); `unique` leaves out the ignored row by it. Default `id`. */
  readonly keyName?: string;
}

/** A model's table as a rule uses it. */
export interface ResolvedModel {
  readonly table: string;
  readonly connection: string | null;
  readonly keyName: string;
}

function normalName(model: string): string {
  return model.startsWith('\\') ? model.slice(1) : model;
}

/**
 * The tables of the model classes the rules name. Bind one to set what
 * Laravel's convention would not guess (a model with its own `$table`,
 * `$connection` or `$primaryKey`):
 *
 * @example
 * app.container.bind(ModelTables).toConstantValue(new ModelTables({
 *   'App\\Models\\Package': 'nova_packages',
 *   'App\\Models\\User': { table: 'accounts', connection: 'auth', keyName: 'uuid' },
 * }));
 */
export class ModelTables {
  readonly #models = new Map<string, ResolvedModel>();

  /** Throws a `LogicException` for a class, table, connection or key name that cannot be one. */
  constructor(models: Readonly<Record<string, string | ModelTable>> = {}) {
    for (const model of Object.keys(models)) {
      if (!isClassName(model)) throw new LogicException(`ModelTables: "${model}" is not a class name (App\\Models\\User).`);
      const entry = models[model]!;
      const spec: ModelTable = typeof entry === 'string' ? { table: entry } : entry;
      const resolved: ResolvedModel = { table: spec.table, connection: spec.connection ?? null, keyName: spec.keyName ?? 'id' };
      if (!isIdentifier(resolved.table) || !isIdentifier(resolved.keyName)) {
        throw new LogicException(
          `ModelTables: the table or key of "${model}" is not a name a query may use (letters, digits and underscores, at most one dot).`,
        );
      }
      if (resolved.connection !== null && (typeof resolved.connection !== 'string' || resolved.connection === '')) {
        throw new LogicException(`ModelTables: the connection of "${model}" must be a name, or null for the default one.`);
      }
      this.#models.set(normalName(model), resolved);
    }
  }

  /** The model's table, connection and key: its entry, else Laravel's convention (`App\Models\UserProfile` → `user_profiles`). */
  resolve(model: string): ResolvedModel {
    const name = normalName(model);
    const known = this.#models.get(name);
    if (known !== undefined) return known;
    const resolved: ResolvedModel = { table: conventionalTable(name), connection: null, keyName: 'id' };
    if (!isIdentifier(resolved.table)) {
      throw new LogicException(
        `The table of the model "${name}" cannot be guessed ("${resolved.table}"): name it in a ModelTables bound in the application's container.`,
      );
    }
    this.#models.set(name, resolved);
    return resolved;
  }
}

/** The convention alone, for an application that binds no `ModelTables`. */
export const CONVENTIONAL_MODEL_TABLES: ModelTables = new ModelTables();
