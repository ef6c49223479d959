/**
 * KyselyPresenceVerifier against a real PostgreSQL started by the test (see
 * postgres-server.ts): Laravel's getCount / getMultiCount semantics with
 * the extra where clauses and the ignored id, the batch for wildcard rules
 * in a bounded number of queries, hostile values kept as data, values the
 * column cannot hold, and names refused before any SQL is built.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type ExpressionBuilder, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { LogicException } from '../../src/errors/logic-exception.js';
import { KyselyPresenceVerifier } from '../../src/database/kysely-presence-verifier.js';
import { conditionsFromExtra, type PresenceCondition } from '../../src/database/presence-condition.js';
import { PresenceVerifier } from '../../src/database/presence-verifier.js';
import { startPostgres, type PostgresServer } from './postgres-server.js';

const isLogicException = (error: unknown) => error instanceof LogicException;

const test = suite('KyselyPresenceVerifier (real PostgreSQL)');

let server: PostgresServer | undefined;
let setupError: unknown;
let db: Kysely<Record<string, Record<string, unknown>>>;
let other: Kysely<Record<string, Record<string, unknown>>>;
let verifier: KyselyPresenceVerifier;
/** Statements sent to the main database (successful or failed). */
let queries = 0;
const sqlSeen: string[] = [];

test.before(async () => {
  try {
    server = await startPostgres();
    db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool(server.connection) }),
      log(event) {
        queries++;
        sqlSeen.push(event.query.sql);
      },
    });
    await sql`CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      account_id integer,
      deleted_at timestamptz,
      active boolean NOT NULL DEFAULT true
    )`.execute(db);
    await sql`INSERT INTO users (email, account_id, deleted_at, active) VALUES
      ('alice@example.com', 1, NULL, true),
      ('bob@example.com', 1, '2024-01-01', true),
      ('carol@example.com', 2, NULL, false),
      ('dave@example.com', NULL, NULL, true)`.execute(db);
    await sql`CREATE TABLE items (id integer PRIMARY KEY, code text NOT NULL)`.execute(db);
    await sql`INSERT INTO items SELECT n, 'code-' || n FROM generate_series(1, 3000) AS n`.execute(db);
    await sql`CREATE DATABASE other`.execute(db);
    other = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...server.connection, database: 'other' }) }) });
    await sql`CREATE TABLE users (id integer PRIMARY KEY, email text NOT NULL)`.execute(other);
    await sql`INSERT INTO users VALUES (1, 'erin@example.com')`.execute(other);
    verifier = new KyselyPresenceVerifier(db, { connections: { other } });
  } catch (error) {
    setupError = error;
  }
});
test.before.each(() => {
  if (setupError !== undefined) throw setupError;
  queries = 0;
  sqlSeen.length = 0;
});
test.after(async () => {
  await other?.destroy().catch(() => undefined);
  await db?.destroy().catch(() => undefined);
  await server?.stop();
});

test('getCount counts the rows with the value; values are bound parameters, never SQL text', async () => {
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com'), 1);
  assert.is(await verifier.getCount('users', 'email', 'nobody@example.com'), 0);
  assert.is(queries, 2);
  for (const text of sqlSeen) assert.not.match(text, /example\.com/);
  assert.is(sqlSeen[0], 'select count(*) as "aggregate" from "users" where "email" = $1');
});

test('extra where clauses: equals, not equals, null, not null (Rule::exists()->where / whereNot / whereNull / whereNotNull)', async () => {
  const count = (email: string, extra: PresenceCondition[]) => verifier.getCount('users', 'email', email, null, null, extra);
  assert.is(await count('alice@example.com', [{ type: 'equals', column: 'account_id', value: 1 }]), 1);
  assert.is(await count('carol@example.com', [{ type: 'equals', column: 'account_id', value: 1 }]), 0);
  assert.is(await count('carol@example.com', [{ type: 'notEquals', column: 'account_id', value: 1 }]), 1);
  assert.is(await count('alice@example.com', [{ type: 'notEquals', column: 'account_id', value: '1' }]), 0);
  assert.is(await count('bob@example.com', [{ type: 'null', column: 'deleted_at' }]), 0, 'withoutTrashed: bob is deleted');
  assert.is(await count('bob@example.com', [{ type: 'notNull', column: 'deleted_at' }]), 1, 'onlyTrashed');
  assert.is(await count('alice@example.com', [{ type: 'notNull', column: 'deleted_at' }]), 0);
  assert.is(await count('alice@example.com', [{ type: 'equals', column: 'account_id', value: null }]), 0, 'where(col, null) is whereNull');
  assert.is(await count('dave@example.com', [{ type: 'equals', column: 'account_id', value: null }]), 1);
  assert.is(
    await count('alice@example.com', [
      { type: 'equals', column: 'active', value: true },
      { type: 'null', column: 'deleted_at' },
      { type: 'equals', column: 'account_id', value: 1 },
    ]),
    1,
    'all conditions are ANDed',
  );
});

test('whereIn / whereNotIn, empty lists as Laravel (IN () is false, NOT IN () is true), and a query callback', async () => {
  const count = (email: string, extra: PresenceCondition[]) => verifier.getCount('users', 'email', email, null, null, extra);
  assert.is(await count('carol@example.com', [{ type: 'in', column: 'account_id', values: [2, 3] }]), 1);
  assert.is(await count('carol@example.com', [{ type: 'notIn', column: 'account_id', values: [2, 3] }]), 0);
  assert.is(await count('carol@example.com', [{ type: 'in', column: 'account_id', values: [] }]), 0);
  assert.is(await count('carol@example.com', [{ type: 'notIn', column: 'account_id', values: [] }]), 1);
  const activeOnly = (eb: ExpressionBuilder<Record<string, Record<string, unknown>>, 'users'>) => eb('active', '=', true);
  assert.is(await count('carol@example.com', [{ type: 'using', callback: activeOnly }]), 0);
  assert.is(await count('alice@example.com', [{ type: 'using', callback: activeOnly }]), 1);
});

test('the rule string form of the extra clauses reads as DatabasePresenceVerifier::addWhere (NULL, NOT_NULL, !value, value)', async () => {
  const extra = conditionsFromExtra([
    ['deleted_at', 'NULL'],
    ['account_id', '!2'],
  ]);
  assert.equal(extra, [
    { type: 'null', column: 'deleted_at' },
    { type: 'notEquals', column: 'account_id', value: '2' },
  ]);
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', null, null, extra), 1);
  assert.is(await verifier.getCount('users', 'email', 'carol@example.com', null, null, extra), 0);
  assert.is(await verifier.getCount('users', 'email', 'bob@example.com', null, null, conditionsFromExtra([['deleted_at', 'NOT_NULL']])), 1);
  assert.is(await verifier.getCount('users', 'email', 'bob@example.com', null, null, conditionsFromExtra([['account_id', '1']])), 1);
  // A later pair for the same column replaces the earlier one (an associative array in Laravel).
  assert.equal(
    conditionsFromExtra([
      ['account_id', '1'],
      ['account_id', 'NULL'],
    ]),
    [{ type: 'null', column: 'account_id' }],
  );
});

test('unique: the ignored id (Rule::unique()->ignore(id, idColumn)) is left out; "NULL" and null ignore nothing', async () => {
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', 1), 0, 'alice may keep her own email');
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', 2), 1, 'bob may not take it');
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', '1', 'id'), 0);
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', 'NULL', 'id'), 1);
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', null, 'id'), 1);
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', 1, 'account_id'), 0, 'ignoring by another column');
  assert.is(await verifier.getCount('users', 'email', 'alice@example.com', 2, 'account_id'), 1);
  assert.ok(sqlSeen.some((text) => text.includes('"id" <> $2')));
});

test('a null value counts the rows where the column IS NULL (Laravel builder turns = null into whereNull)', async () => {
  assert.is(await verifier.getCount('users', 'deleted_at', null), 3);
  assert.is(await verifier.getCount('users', 'account_id', null), 1);
});

test('getMultiCount: distinct matching values in one query, with the extra clauses (exists on an array)', async () => {
  const values = ['alice@example.com', 'bob@example.com', 'zed@example.com', 'alice@example.com'];
  assert.is(await verifier.getMultiCount('users', 'email', values), 2);
  assert.is(queries, 1);
  assert.is(await verifier.getMultiCount('users', 'email', values, [{ type: 'null', column: 'deleted_at' }]), 1);
  assert.is(await verifier.getMultiCount('users', 'email', []), 0);
  assert.is(
    await verifier.getMultiCount('users', 'account_id', [1, '1', 2, null]),
    2,
    '"1" and 1 are one value; null matches nothing in IN',
  );
});

test('a batch of 5,000 values (a wildcard rule) is answered in 5 queries of 1,000', async () => {
  const values = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? i + 1 : String(i + 1)));
  const present = await verifier.getPresentValues('items', 'id', values);
  assert.is(queries, 5);
  assert.is(present.size, 3000);
  assert.ok(present.has(1));
  assert.ok(present.has('2'), 'a string matches the integer');
  assert.ok(present.has(3000));
  assert.not.ok(present.has(3001));
  assert.not.ok(present.has(5000));
  assert.not.ok(present.has('x'), 'never asked about');
  for (const text of sqlSeen) assert.ok((text.match(/\$\d+/g) ?? []).length <= 1000);

  queries = 0;
  assert.is(await verifier.getMultiCount('items', 'id', values), 3000);
  assert.is(queries, 5);
});

test('a batch answers per value as getCount would, null included, with the extra clauses', async () => {
  const present = await verifier.getPresentValues(
    'users',
    'account_id',
    [1, 2, 7, null, 1],
    [{ type: 'equals', column: 'active', value: true }],
  );
  assert.ok(present.has(1));
  assert.not.ok(present.has(2), 'carol (account 2) is inactive');
  assert.not.ok(present.has(7));
  assert.ok(present.has(null), 'dave has no account and is active');
  assert.is(queries, 2, 'one IN query, one IS NULL query');
  const none = await verifier.getPresentValues('users', 'email', [{ toString: () => 'alice@example.com' } as never, ['x'] as never]);
  assert.is(none.size, 0, 'objects and arrays match nothing and are never sent');
});

test('SQL-injection-looking values are data: they match nothing and change nothing', async () => {
  const hostile = ["alice@example.com' OR '1'='1", "'; DROP TABLE users; --", '" OR ""="', 'alice@example.com\\', '$1', '1) OR (1=1'];
  for (const value of hostile) {
    assert.is(await verifier.getCount('users', 'email', value), 0, value);
    assert.is(await verifier.getCount('users', 'email', 'alice@example.com', value, 'email'), 1, `ignore ${value}`);
    assert.is(
      await verifier.getCount('users', 'email', 'alice@example.com', null, null, [{ type: 'notEquals', column: 'email', value }]),
      1,
    );
  }
  assert.is((await verifier.getPresentValues('users', 'email', [...hostile, 'bob@example.com'])).size, 1);
  assert.is(await verifier.getMultiCount('users', 'email', hostile), 0);
  const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(db);
  assert.is(rows.rows[0]?.n, '4', 'the table is intact');
});

test('a value the column cannot hold matches no row (PostgreSQL refuses it; Laravel would answer a 500)', async () => {
  assert.is(await verifier.getCount('users', 'id', 'abc'), 0);
  assert.is(await verifier.getCount('users', 'id', '99999999999999999999'), 0);
  assert.is(await verifier.getCount('users', 'email', 'nul\u0000byte'), 0);
  assert.is(await verifier.getCount('users', 'deleted_at', '2024-13-45'), 0);

  queries = 0;
  const values = [...Array.from({ length: 40 }, (_, i) => i + 1), 'abc', '1e99999'];
  const present = await verifier.getPresentValues('items', 'id', values);
  assert.is(present.size, 40, 'the good values are still found');
  assert.not.ok(present.has('abc'));
  assert.ok(queries <= 1 + 1 + 32, `bounded: ${queries} queries`);
});

test('past the split budget the still-failing parts count as absent, in a bounded number of queries', async () => {
  const bounded = new KyselyPresenceVerifier(db, { maxSplitQueries: 4 });
  const values = [...Array.from({ length: 900 }, (_, i) => String(i + 1)), ...Array.from({ length: 100 }, (_, i) => `bad${i}`)];
  const present = await bounded.getPresentValues('items', 'id', values);
  assert.ok(queries <= 1 + 1 + 4, `${queries} queries`);
  assert.ok(present.size < 900, 'some good values share a failing part');
  assert.ok(present.size > 0);
});

test('a condition value the column cannot hold is a bug and is not excused', async () => {
  try {
    await verifier.getCount('users', 'email', 'alice@example.com', null, null, [{ type: 'equals', column: 'account_id', value: 'abc' }]);
    assert.unreachable('should have failed');
  } catch (error) {
    assert.is((error as { code?: string }).code, '22P02');
  }
  try {
    await verifier.getPresentValues('users', 'email', ['alice@example.com'], [{ type: 'equals', column: 'account_id', value: 'abc' }]);
    assert.unreachable('should have failed');
  } catch (error) {
    assert.is((error as { code?: string }).code, '22P02');
  }
});

test('bad table and column names are refused before any SQL is built', () => {
  const bad = ['users; DROP TABLE users', 'users"', 'a.b.c', '1users', '', 'users ', 'us-ers', 'users as u', 'x'.repeat(65)];
  for (const name of bad) {
    assert.throws(() => verifier.getCount(name, 'email', 'x'), isLogicException, `table ${name}`);
    assert.throws(() => verifier.getCount('users', name, 'x'), isLogicException, `column ${name}`);
    // An empty id column is Laravel's `$idColumn ?: 'id'`.
    if (name !== '') assert.throws(() => verifier.getCount('users', 'email', 'x', 1, name), isLogicException, `id column ${name}`);
    assert.throws(() => verifier.getCount('users', 'email', 'x', null, null, [{ type: 'null', column: name }]), isLogicException);
    assert.throws(() => conditionsFromExtra([[name, '1']]), isLogicException);
  }
  assert.throws(() => verifier.getMultiCount('users', 'email"; --', ['x']), isLogicException);
  assert.throws(() => verifier.getPresentValues('users;', 'email', ['x']), isLogicException);
  assert.throws(() => new KyselyPresenceVerifier(db, { batchSize: 0 }), isLogicException);
  assert.is(queries, 0);
});

test('schema-qualified tables and table-qualified columns (one dot) are allowed', async () => {
  assert.is(await verifier.getCount('public.users', 'users.email', 'alice@example.com'), 1);
});

test('connection(name) answers from that database (conn.table); unknown names are a LogicException', async () => {
  assert.is(await verifier.connection('other').getCount('users', 'email', 'erin@example.com'), 1);
  assert.is(await verifier.connection('other').getCount('users', 'email', 'alice@example.com'), 0);
  assert.is(verifier.connection('other'), verifier.connection('other'));
  assert.is(verifier.connection('other').connection(null), verifier, 'null is the default connection');
  assert.is(verifier.connection(null), verifier);
  assert.throws(() => verifier.connection('missing'), /Database connection \[missing\] not configured/);
  assert.throws(() => verifier.connection('toString'), isLogicException);
  assert.ok(verifier instanceof PresenceVerifier);
});

test.run();
