/**
 * Names in presence rules: Laravel's parseTable split of `connection.table`,
 * and the strict identifier pattern (letters, digits, underscore, one dot).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LogicException } from '../../src/errors/logic-exception.js';
import { assertIdentifier, isIdentifier, parseTable } from '../../src/database/identifiers.js';

const isLogicException = (error: unknown) => error instanceof LogicException;

const test = suite('presence identifiers');

test('parseTable splits connection.table as Laravel does; a plain table uses the default connection', () => {
  assert.equal(parseTable('users'), { connection: null, table: 'users' });
  assert.equal(parseTable('mysql.users'), { connection: 'mysql', table: 'users' });
  assert.equal(parseTable('_a1.B_2'), { connection: '_a1', table: 'B_2' });
});

test('names outside the pattern are a LogicException naming what was wrong', () => {
  for (const bad of ['a.b.c', 'users;', 'users--', '"users"', '1abc', 'a.', '.a', 'a..b', 'us ers', 'ü', '', 'a'.repeat(65)]) {
    assert.not.ok(isIdentifier(bad), bad);
    assert.throws(() => parseTable(bad), isLogicException, bad);
  }
  assert.throws(() => assertIdentifier('users"', 'column'), /Invalid column name "users\\""/);
  assert.throws(() => assertIdentifier(42, 'table'), /Invalid table name number/);
  assert.ok(isIdentifier('a'.repeat(64)));
  assert.ok(isIdentifier('users.email'));
});

test('a very long bad name is shown cut short', () => {
  try {
    assertIdentifier(`${'x'.repeat(500)};`, 'table');
    assert.unreachable();
  } catch (error) {
    assert.ok((error as Error).message.length < 250);
  }
});

test.run();
