/**
 * The parameters of `exists` and `unique`, read as Laravel 11's
 * ValidatesAttributes reads them (parseTable, getQueryColumn,
 * guessColumnForQuery, getExtraConditions, getUniqueIds, prepareUniqueId,
 * getUniqueExtra), and the rules a class cannot compile (refused at boot).
 * No database here: the queries are in rules-database.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LogicException } from '../../src/errors/logic-exception.js';
import { compileValidator } from '../../src/validation/compiler.js';
import { parseRuleString } from '../../src/validation/rule-parser.js';
import {
  existsTarget,
  preparedId,
  resolveIgnoredId,
  stripslashes,
  uniqueTarget,
  type RuleField,
} from '../../src/validation/rules/database-params.js';

const test = suite('exists / unique parameters');

const field = (key: string): RuleField => ({ key, wildcard: key.split('.').includes('*') });
/** The parameters of a rule string, split as the rule parser splits them. */
const params = (rule: string): readonly string[] => {
  const parsed = parseRuleString(rule);
  if (parsed.kind !== 'named') throw new Error('not a named rule');
  return parsed.params;
};
const exists = (rule: string, key = 'email') => existsTarget(params(rule), field(key));
const unique = (rule: string, key = 'email') => uniqueTarget(params(rule), field(key));

test('exists:table: the column is the attribute, the default connection, no extra condition', () => {
  assert.equal(exists('exists:users'), { connection: null, table: 'users', column: 'email', extra: [] });
  assert.equal(exists('exists:users,email_addr'), { connection: null, table: 'users', column: 'email_addr', extra: [] });
  assert.equal(exists('exists:users,NULL'), { connection: null, table: 'users', column: 'email', extra: [] }, 'NULL guesses the column');
});

test('connection.table names a connection (parseTable splits at the first dot)', () => {
  assert.equal(exists('exists:reporting.users'), { connection: 'reporting', table: 'users', column: 'email', extra: [] });
  assert.equal(unique('unique:reporting.users,email').connection, 'reporting');
});

test('guessColumnForQuery: a wildcard attribute gives its last segment; a plain nested one the whole path', () => {
  assert.is(exists('exists:items', 'items.*.id').column, 'id');
  assert.is(exists('exists:users', '*.email').column, 'email');
  assert.is(exists('exists:user', 'user.email').column, 'user.email', 'as Laravel: a qualified column');
});

test('the column cannot be guessed after a trailing * or a numeric segment: name it', () => {
  assert.throws(() => exists('exists:tags', 'tags.*'), /the column cannot be guessed from "tags\.\*": name it/);
  assert.throws(() => exists('exists:tags', 'tags.*.0'), /cannot be guessed/);
  assert.is(exists('exists:tags,name', 'tags.*').column, 'name');
  assert.throws(() => exists('exists:items', 'a.b.c'), /invalid column name "a\.b\.c"/);
});

test('extra conditions are column,value pairs read as addWhere: NULL, NOT_NULL, !value, value; a later pair for a column wins', () => {
  assert.equal(exists('exists:users,email,account_id,1,deleted_at,NULL,banned_at,NOT_NULL,role,!guest').extra, [
    { type: 'equals', column: 'account_id', value: '1' },
    { type: 'null', column: 'deleted_at' },
    { type: 'notNull', column: 'banned_at' },
    { type: 'notEquals', column: 'role', value: 'guest' },
  ]);
  assert.equal(exists('exists:users,email,account_id,1,account_id,2').extra, [{ type: 'equals', column: 'account_id', value: '2' }]);
  assert.equal(exists('exists:users,email,name,"a,b"').extra, [{ type: 'equals', column: 'name', value: 'a,b' }], 'quoted CSV');
  assert.throws(() => exists('exists:users,email,account_id'), /column,value pairs: "account_id" has no value/);
});

test('unique:table,column: nothing ignored', () => {
  assert.equal(unique('unique:users'), { connection: null, table: 'users', column: 'email', ignore: null, idColumn: 'id', extra: [] });
});

test('unique ignoreId,idColumn (getUniqueIds): the id column defaults to id; NULL in any case ignores nothing', () => {
  assert.equal(unique('unique:users,email_addr,1'), {
    connection: null,
    table: 'users',
    column: 'email_addr',
    ignore: { kind: 'fixed', id: '1' },
    idColumn: 'id',
    extra: [],
  });
  assert.equal(unique('unique:users,email_addr,1,id_col').idColumn, 'id_col');
  assert.equal(unique('unique:users,email_addr,1,').idColumn, 'id', "the verifier's `$idColumn ?: 'id'`");
  assert.is(unique('unique:users,email,NULL').ignore, null);
  assert.is(unique('unique:users,email,null,id').ignore, null);
  assert.is(unique('unique:users,email,Null').ignore, null);
});

test('unique extra conditions start at the fifth parameter (getUniqueExtra)', () => {
  assert.equal(unique('unique:users,email_addr,NULL,id_col,foo,bar').extra, [{ type: 'equals', column: 'foo', value: 'bar' }]);
  assert.equal(unique('unique:users,email,NULL,id').extra, []);
  assert.throws(() => unique('unique:users,email,NULL,id,foo'), /"foo" has no value/);
});

test('prepareUniqueId: [field] reads the id from the input', () => {
  const target = unique('unique:users,email,[user.id]');
  assert.equal(target.ignore, { kind: 'input', path: ['user', 'id'] });
  assert.is(resolveIgnoredId(target.ignore, { user: { id: 7 } }), '7');
  assert.is(resolveIgnoredId(target.ignore, { user: { id: 'abc' } }), 'abc');
  assert.is(resolveIgnoredId(target.ignore, { user: {} }), null, 'missing: nothing ignored');
  assert.is(resolveIgnoredId(target.ignore, { user: { id: null } }), null);
  assert.is(resolveIgnoredId(target.ignore, { user: { id: 'NULL' } }), null);
  assert.is(resolveIgnoredId(target.ignore, { user: { id: [1] } }), null, 'an array (a TypeError in PHP) ignores nothing');
  assert.equal(unique('unique:users,email,x[id]y').ignore, { kind: 'input', path: ['id'] }, 'the brackets may be anywhere');
  assert.equal(unique('unique:users,email,[a\\.b]').ignore, { kind: 'input', path: ['a.b'] }, 'an escaped dot is part of a key');
  assert.is(resolveIgnoredId(unique('unique:users,email,5').ignore, {}), '5');
});

test('an id that differs per item ([items.*.id]) cannot be batched: refused on a wildcard field', () => {
  assert.throws(() => unique('unique:users,email,[users.*.id]', 'users.*.email'), /differs per item/);
  assert.throws(() => unique('unique:users,email,NULL,id,position,*', 'users.*.email'), /differs per item/);
  assert.equal(unique('unique:users,email,[id]', 'users.*.email').ignore, { kind: 'input', path: ['id'] });
  assert.equal(unique('unique:users,email,[a.*]').ignore, { kind: 'input', path: ['a', '*'] }, 'no wildcard field: a literal * key');
});

test('preparedId: filter_var integers printed back, stripslashes, PHP strings of scalars', () => {
  assert.is(preparedId(' 5 '), '5', 'FILTER_VALIDATE_INT trims');
  assert.is(preparedId('+5'), '5');
  assert.is(preparedId('05'), '05', 'a leading zero is no int');
  assert.is(preparedId('9223372036854775807'), '9223372036854775807');
  assert.is(preparedId(5), '5');
  assert.is(preparedId(1.5), '1.5');
  assert.is(preparedId(true), '1');
  assert.is(preparedId(false), '');
  assert.is(preparedId('a\\"b'), 'a"b');
  assert.is(preparedId('nUlL'), null);
});

test('stripslashes as PHP', () => {
  assert.is(stripslashes('plain'), 'plain');
  assert.is(stripslashes('a\\\\b'), 'a\\b');
  assert.is(stripslashes("it\\'s"), "it's");
  assert.is(stripslashes('nul\\0'), 'nul\u0000');
  assert.is(stripslashes('end\\'), 'end');
});

test('a model class is read as parseTable reads it: resolved when the rule runs (rules-database-models.test.ts)', () => {
  assert.equal(exists('exists:App\\Models\\User'), {
    connection: null,
    table: 'App\\Models\\User',
    model: 'App\\Models\\User',
    column: 'email',
    extra: [],
  });
  assert.equal(exists('exists:audit.App\\Models\\User').connection, 'audit');
});

test('bad tables and columns are refused: a backslash name that is no class, a name that is no identifier, an empty table', () => {
  assert.throws(() => exists('exists:App\\Models\\Bad Name'), /"App\\Models\\Bad Name" is neither a table nor a model class name/);
  assert.throws(() => exists('exists:users;drop'), /invalid table name "users;drop"/);
  assert.throws(() => exists('exists:a.b.c'), /invalid table name/);
  assert.throws(() => exists('exists:,email'), /it needs a table/);
  assert.throws(() => exists('exists:users,"e mail"'), /invalid column name "e mail"/);
  assert.throws(() => exists('exists:users,email,"bad col",1'), /invalid column name "bad col"/);
  assert.throws(() => unique('unique:users,email,5,"bad id"'), /invalid id column name "bad id"/);
  assert.not.throws(() => unique('unique:users,email,NULL,"bad id"'), 'nothing ignored: the id column is never used, as Laravel');
});

test('at boot: a bad database rule is a LogicException naming the class, the field and the rule', () => {
  const compile = (rules: Record<string, string>) => () => compileValidator(rules, { owner: 'SignupRequest' });
  const refused = (rules: Record<string, string>, pattern: RegExp) => {
    try {
      compile(rules)();
      assert.unreachable('compiled');
    } catch (error) {
      assert.instance(error, LogicException);
      assert.match((error as Error).message, pattern);
    }
  };
  refused({ email: 'exists' }, /SignupRequest: invalid validation rule "exists" for field "email": "exists" needs 1 parameter/);
  refused(
    { email: 'unique:users,email,NULL,id,deleted_at' },
    /SignupRequest: .*"unique:users,email,NULL,id,deleted_at" for field "email": .*no value/,
  );
  refused({ 'tags.*': 'exists:tags' }, /SignupRequest: .*for field "tags\.\*": the column cannot be guessed/);
  refused({ owner: 'exists:App\\Bad-User' }, /SignupRequest: .*"owner": "App\\Bad-User" is neither a table nor a model class name/);
  assert.not.throws(compile({ email: 'required|email|unique:users,email', 'items.*.id': 'exists:items' }));
});

test.run();
