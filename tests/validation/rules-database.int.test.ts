/**
 * `exists` and `unique` end to end: form requests served over real sockets,
 * the application's PresenceVerifier bound in its container as a user binds
 * it, and a real PostgreSQL started by the test (tests/database/
 * postgres-server.ts). Queries are counted on the way to that server
 * (Kysely's `log`), so "one query per wildcard rule" is observed, not
 * assumed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { Application } from '../../src/application.js';
import { KyselyPresenceVerifier, PresenceVerifier } from '../../src/database/index.js';
import { LogicException } from '../../src/errors/logic-exception.js';
import { FormRequest } from '../../src/form-request.js';
import { handles } from '../../src/handles.js';
import { Rule } from '../../src/validation/rule-builders.js';
import { startPostgres, type PostgresServer } from '../database/postgres-server.js';
import { start, type Client } from '../helpers/http.js';

// --- form requests ----------------------------------------------------------

class SignupRequest extends FormRequest {
  override rules() {
    return { email: 'required|email|unique:users,email' };
  }
}

/** The id to ignore written in the rule: fixed when the class is compiled. */
class ProfileRequest extends FormRequest {
  override rules() {
    return { email: ['required', 'email', Rule.unique('users').ignore(1)] };
  }
}

/** The id to ignore read from the input (`[id]`, Laravel's prepareUniqueId). */
class RenameRequest extends FormRequest {
  override rules() {
    return { id: 'required', email: 'required|email|unique:users,email,[id]' };
  }
}

class MemberRequest extends FormRequest {
  override rules() {
    return {
      member: 'required|exists:users,email,account_id,1,deleted_at,NULL',
      teammate: ['nullable', Rule.exists('users', 'email').where('account_id', 1).whereNull('deleted_at')],
    };
  }
}

class OrderRequest extends FormRequest {
  override rules() {
    return { items: 'required|array', 'items.*.id': 'required|integer|exists:items,id,account_id,1' };
  }
}

class TagsRequest extends FormRequest {
  override rules() {
    return { tags: 'array|exists:items,id' };
  }
}

class InviteRequest extends FormRequest {
  override rules() {
    return { 'emails.*': 'email|unique:users,email' };
  }
}

function action(form: new () => FormRequest) {
  class Validates extends Action {
    override methods = ['POST'];
    @handles(form) handle(request: FormRequest) {
      return request.validated();
    }
  }
  return Validates;
}

class AccountsController extends ActionController {
  actions = {
    signup: action(SignupRequest),
    profile: action(ProfileRequest),
    rename: action(RenameRequest),
    member: action(MemberRequest),
    order: action(OrderRequest),
    tags: action(TagsRequest),
    invite: action(InviteRequest),
  };
}

function makeApp(reported: unknown[]): Application {
  return new Application({ report: (error) => reported.push(error) }).withRouting({
    api: (router) => void router.svc('/accounts', AccountsController, ['POST']),
  });
}

// --- the database -----------------------------------------------------------

const test = suite('exists / unique rules (real PostgreSQL, real sockets)');

let server: PostgresServer | undefined;
let db: Kysely<Record<string, Record<string, unknown>>> | undefined;
let http: Client | undefined;
let bare: Client | undefined;
let setupError: unknown;
/** Statements sent to PostgreSQL since the last reset. */
let queries = 0;
const reported: unknown[] = [];
const bareReported: unknown[] = [];

test.before(async () => {
  try {
    server = await startPostgres();
    db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool(server.connection) }),
      log() {
        queries++;
      },
    });
    await sql`CREATE TABLE users (id serial PRIMARY KEY, email text NOT NULL, account_id integer, deleted_at timestamptz)`.execute(db);
    await sql`INSERT INTO users (email, account_id, deleted_at) VALUES
      ('alice@example.com', 1, NULL),
      ('bob@example.com', 1, '2024-01-01'),
      ('carol@example.com', 2, NULL),
      ('legacy-login', 3, NULL)`.execute(db);
    await sql`CREATE TABLE items (id integer PRIMARY KEY, account_id integer NOT NULL)`.execute(db);
    await sql`INSERT INTO items SELECT n, CASE WHEN n <= 50 THEN 1 ELSE 2 END FROM generate_series(1, 100) AS n`.execute(db);

    // As a user binds it: the verifier over the application's own Kysely instance.
    const app = makeApp(reported);
    app.container.bind(PresenceVerifier).toConstantValue(new KyselyPresenceVerifier(db));
    http = await start(app);
    // The same routes with no verifier bound.
    bare = await start(makeApp(bareReported));
  } catch (error) {
    setupError = error;
  }
});
test.before.each(() => {
  if (setupError !== undefined) throw setupError;
  queries = 0;
  reported.length = 0;
  bareReported.length = 0;
});
test.after(async () => {
  await http?.close();
  await bare?.close();
  await db?.destroy().catch(() => undefined);
  await server?.stop();
});

const post = (name: string, json: unknown, client = http!) => client.send('POST', `/api/accounts?action=${name}`, { json });

// --- unique -----------------------------------------------------------------

test("unique: a new email passes; a taken one is a 422 with Laravel's message; one query each", async () => {
  const fresh = await post('signup', { email: 'dave@example.com' });
  assert.is(fresh.status, 200);
  assert.equal(fresh.body, { email: 'dave@example.com' });
  assert.is(queries, 1);

  queries = 0;
  const taken = await post('signup', { email: 'alice@example.com' });
  assert.is(taken.status, 422);
  assert.equal(taken.body, {
    message: 'The email has already been taken.',
    errors: { email: ['The email has already been taken.'] },
  });
  assert.is(queries, 1);
});

test('unique does not run once an earlier rule failed (Laravel skips exists / unique then)', async () => {
  const reply = await post('signup', { email: 'legacy-login' });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { email: ['The email field must be a valid email address.'] });
});

test('Rule.unique(table).ignore(id): the ignored row does not count, any other does', async () => {
  const own = await post('profile', { email: 'alice@example.com' });
  assert.is(own.status, 200, 'row 1 is alice: ignored');
  const other = await post('profile', { email: 'bob@example.com' });
  assert.is(other.status, 422);
  assert.equal(other.body.errors, { email: ['The email has already been taken.'] });
});

test('unique:users,email,[id] leaves out the row the input names', async () => {
  assert.is((await post('rename', { id: 1, email: 'alice@example.com' })).status, 200);
  assert.is((await post('rename', { id: '1', email: 'alice@example.com' })).status, 200);
  const other = await post('rename', { id: 3, email: 'alice@example.com' });
  assert.is(other.status, 422);
  assert.equal(other.body.errors, { email: ['The email has already been taken.'] });
});

test('an id from the input that the id column cannot hold is no 500: it equals no row, so nothing is left out', async () => {
  const reply = await post('rename', { id: 'abc', email: 'carol@example.com' });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { email: ['The email has already been taken.'] });
  assert.is((await post('rename', { id: 'abc', email: 'erin@example.com' })).status, 200);
  assert.is((await post('rename', { id: [1], email: 'alice@example.com' })).status, 422, 'an array ignores nothing');
  assert.is(reported.length, 0);
});

test('unique on a wildcard: one query for every item, the taken one reported', async () => {
  const reply = await post('invite', { emails: ['new1@example.com', 'alice@example.com', 'new2@example.com', 'carol@example.com'] });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, {
    'emails.1': ['The emails.1 has already been taken.'],
    'emails.3': ['The emails.3 has already been taken.'],
  });
  assert.is(queries, 1);
});

// --- exists -----------------------------------------------------------------

test('exists with extra wheres (string and Rule.exists().where().whereNull()): only matching rows count', async () => {
  const ok = await post('member', { member: 'alice@example.com', teammate: 'alice@example.com' });
  assert.is(ok.status, 200);
  assert.equal(ok.body, { member: 'alice@example.com', teammate: 'alice@example.com' });
  for (const email of ['bob@example.com', 'carol@example.com', 'nobody@example.com']) {
    const reply = await post('member', { member: email, teammate: email });
    assert.is(reply.status, 422, email);
    assert.equal(reply.body, {
      message: 'The selected member is invalid. (and 1 more error)',
      errors: { member: ['The selected member is invalid.'], teammate: ['The selected teammate is invalid.'] },
    });
  }
});

test('exists: a null teammate of a nullable field is not queried; a hostile value is only data', async () => {
  const reply = await post('member', { member: "'; DROP TABLE users; --", teammate: null });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { member: ['The selected member is invalid.'] });
  assert.is(queries, 1, 'the member only');
  assert.is((await post('signup', { email: 'alice@example.com' })).status, 422, 'the users table is still there');
});

test('items.*.id with exists: ONE query for 50 items, whatever their number', async () => {
  const items = Array.from({ length: 50 }, (_, i) => ({ id: i + 1 }));
  const reply = await post('order', { items });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { items });
  assert.is(queries, 1);
});

test("items.*.id with exists: the missing and the other account's items fail, each under its own key; still one query", async () => {
  const reply = await post('order', { items: [{ id: 1 }, { id: 51 }, { id: 2 }, { id: 500 }, { id: '3' }] });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, {
    'items.1.id': ['The selected items.1.id is invalid.'],
    'items.3.id': ['The selected items.3.id is invalid.'],
  });
  assert.is(queries, 1);
});

test('items.*.id: a value that is no integer gets the integer message only, and costs no 500', async () => {
  const reply = await post('order', { items: [{ id: 1 }, { id: 'abc' }] });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { 'items.1.id': ['The items.1.id field must be an integer.'] });
  assert.is(reported.length, 0);
});

test('exists on an array value: every distinct item must exist (getMultiCount)', async () => {
  assert.is((await post('tags', { tags: [1, 2, 2, '3'] })).status, 200);
  assert.is((await post('tags', { tags: [] })).status, 200, 'an empty array passes');
  const missing = await post('tags', { tags: [1, 999] });
  assert.is(missing.status, 422);
  assert.equal(missing.body.errors, { tags: ['The selected tags is invalid.'] });
  assert.is((await post('tags', { tags: [1, [2]] })).status, 422, 'a nested array fails');
});

// --- no verifier ------------------------------------------------------------

test('no PresenceVerifier bound: a 500 without details, reported as a LogicException naming what to bind; the server keeps serving', async () => {
  const reply = await post('signup', { email: 'dave@example.com' }, bare!);
  assert.is(reply.status, 500);
  assert.equal(reply.body, { message: 'Server Error' });
  assert.is(bareReported.length, 1);
  assert.instance(bareReported[0], LogicException);
  assert.match(
    (bareReported[0] as Error).message,
    /app\.container\.bind\(PresenceVerifier\)\.toConstantValue\(new KyselyPresenceVerifier\(db\)\)/,
  );
  const again = await post('signup', { email: 'dave@example.com' }, bare!);
  assert.is(again.status, 500);
});

test('no PresenceVerifier bound and nothing to check (a missing or blank field): no query is needed, as in Laravel', async () => {
  const missing = await post('invite', {}, bare!);
  assert.is(missing.status, 200);
  const blank = await post('signup', { email: '' }, bare!);
  assert.is(blank.status, 422);
  assert.equal(blank.body.errors, { email: ['The email field is required.'] });
  assert.is(bareReported.length, 0);
});

test.run();
