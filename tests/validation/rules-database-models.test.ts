/**
 * `exists` and `unique` naming a model class as the table
 * (`exists:App\Models\Package,id`), as Laravel 11's `parseTable`: the
 * model's table, its connection unless the rule names one, and for `unique`
 * its key as the id column. Tables come from the application's
 * `ModelTables`, else Laravel's convention (snake case plural of the class
 * basename). A recording verifier stands for the database.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ModelTables } from '../../src/database/model-tables.js';
import { PresenceVerifier } from '../../src/database/presence-verifier.js';
import { PresentValues } from '../../src/database/present-values.js';
import type { PresenceValue } from '../../src/database/presence-value.js';
import { compileValidator } from '../../src/validation/compiler.js';
import type { RuleMap, ValidationOutcome } from '../../src/validation/types.js';
import { contextWith } from '../helpers/validation-context.js';

/** Answers every count with 0 and records `connection table column idColumn excludeId`. */
class RecordingVerifier extends PresenceVerifier {
  readonly asked: string[] = [];
  constructor(private readonly on: string | null = null) {
    super();
  }
  override connection(name: string | null): PresenceVerifier {
    return name === null ? this : Object.assign(new RecordingVerifier(name), { asked: this.asked });
  }
  getCount(table: string, column: string, _value: PresenceValue, excludeId?: PresenceValue, idColumn?: string | null): number {
    this.asked.push(`${this.on ?? 'default'} ${table} ${column} ${idColumn ?? '-'} ${excludeId ?? '-'}`);
    return 0;
  }
  getMultiCount(table: string, column: string): number {
    this.asked.push(`${this.on ?? 'default'} ${table} ${column}`);
    return 0;
  }
  getPresentValues(table: string, column: string): PresentValues {
    this.asked.push(`${this.on ?? 'default'} ${table} ${column}`);
    return new PresentValues([]);
  }
}

async function validate(rules: RuleMap, input: Record<string, unknown>, models?: ModelTables) {
  const verifier = new RecordingVerifier();
  const services: [unknown, unknown][] = [[PresenceVerifier, verifier]];
  if (models !== undefined) services.push([ModelTables, models]);
  const outcome = (await compileValidator(rules, { owner: 'ModelRequest' }).validate(
    input,
    undefined,
    undefined,
    contextWith(services as never),
  )) as ValidationOutcome;
  return { outcome, asked: verifier.asked };
}

const test = suite('exists / unique with a model class');

test('a model class compiles, and its table is the convention: snake case plural of the class basename', async () => {
  const { outcome, asked } = await validate(
    { package_id: 'exists:App\\Models\\Package,id', owner: 'exists:App\\Models\\UserProfile,id', who: 'exists:\\App\\Models\\Person,id' },
    { package_id: 1, owner: 2, who: 3 },
  );
  assert.equal(asked, ['default packages id - -', 'default user_profiles id - -', 'default people id - -']);
  assert.equal(outcome, {
    ok: false,
    errors: {
      package_id: ['The selected package id is invalid.'],
      owner: ['The selected owner is invalid.'],
      who: ['The selected who is invalid.'],
    },
  });
});

test('unique with a model: the model key is the id column, whatever the fourth parameter says', async () => {
  const models = new ModelTables({ 'App\\Models\\User': { table: 'accounts', keyName: 'uuid' } });
  const { outcome, asked } = await validate({ name: 'unique:App\\Models\\User,name,7,other_id' }, { name: 'ada' }, models);
  assert.equal(asked, ['default accounts name uuid 7']);
  assert.equal(outcome, { ok: true, validated: { name: 'ada' } });
});

test('a bound ModelTables names tables and connections; a connection in the rule wins', async () => {
  const models = new ModelTables({
    'App\\Models\\Package': 'nova_packages',
    'App\\Models\\Report': { table: 'reports', connection: 'stats' },
  });
  const { asked } = await validate(
    { a: 'exists:App\\Models\\Package,id', b: 'exists:App\\Models\\Report,id', c: 'exists:archive.App\\Models\\Report,id' },
    { a: 1, b: 2, c: 3 },
    models,
  );
  assert.equal(asked, ['default nova_packages id - -', 'stats reports id - -', 'archive reports id - -']);
});

test('a ModelTables entry that is no class or no table name is refused when it is made', () => {
  assert.throws(() => new ModelTables({ 'App\\Models\\X': 'bad table' }), /not a name a query may use/);
  assert.throws(() => new ModelTables({ 'not a class': 'x' }), /is not a class name/);
});

test('a table parameter with a backslash that is no class name is refused at boot', () => {
  assert.throws(
    () => compileValidator({ a: 'exists:App\\Models\\Bad Name,id' }, { owner: 'ModelRequest' }),
    /neither a table nor a model class/,
  );
});

test.run();
