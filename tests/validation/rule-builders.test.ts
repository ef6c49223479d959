/** Rule.in / notIn / requiredIf / prohibitedIf / excludeIf / enum and Password, through the public API. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Password, Rule } from '../../src/index.js';
import { parseFieldRules } from '../../src/validation/rule-parser.js';
import { uniqueTarget } from '../../src/validation/rules/database-params.js';
import { run } from './helpers.js';

const test = suite('rule builders');

test('Rule.in / Rule.notIn print the rule string Laravel prints (quoted, "" escaped)', () => {
  assert.is(Rule.in(['a', 'b,c', 'say "hi"', 1]), 'in:"a","b,c","say ""hi""","1"');
  assert.is(Rule.notIn(['x']), 'not_in:"x"');
  assert.equal(run({ v: [Rule.in(['a', 'b,c'])] }, { v: 'b,c' }), { ok: true, validated: { v: 'b,c' } });
  assert.equal(run({ v: [Rule.notIn(['a'])] }, { v: 'a' }), { ok: false, errors: { v: ['The selected v is invalid.'] } });
});

test('Rule.requiredIf with a boolean is fixed when the class is compiled', () => {
  assert.equal(run({ v: [Rule.requiredIf(true)] }, {}), { ok: false, errors: { v: ['The v field is required.'] } });
  assert.equal(run({ v: [Rule.requiredIf(false), 'string'] }, {}), { ok: true, validated: {} });
});

test('Rule.requiredIf with a function reads the input of each request', () => {
  const rules = { type: 'string', v: [Rule.requiredIf((input) => input.type === 'company')] };
  assert.equal(run(rules, { type: 'company' }), { ok: false, errors: { v: ['The v field is required.'] } });
  assert.equal(run(rules, { type: 'person' }), { ok: true, validated: { type: 'person' } });
});

test('Rule.prohibitedIf / Rule.excludeIf', () => {
  const prohibited = { v: [Rule.prohibitedIf((input) => input.locked === true)] };
  assert.equal(run(prohibited, { locked: true, v: 'x' }), { ok: false, errors: { v: ['The v field is prohibited.'] } });
  assert.equal(run(prohibited, { locked: false, v: 'x' }), { ok: true, validated: { v: 'x' } });
  const excluded = { v: [Rule.excludeIf((input) => input.skip === 1), 'integer'] };
  assert.equal(run(excluded, { skip: 1, v: 'x' }), { ok: true, validated: {} });
  assert.equal(run(excluded, { skip: 0, v: 'x' }), { ok: false, errors: { v: ['The v field must be an integer.'] } });
});

enum Status {
  Active = 'active',
  Banned = 'banned',
}
enum Level {
  Low = 1,
  High = 2,
}

test('Rule.enum: string and numeric TypeScript enums, only() and except()', () => {
  const invalid = { ok: false, errors: { v: ['The selected v is invalid.'] } };
  assert.equal(run({ v: [Rule.enum(Status)] }, { v: 'active' }), { ok: true, validated: { v: 'active' } });
  assert.equal(run({ v: [Rule.enum(Status)] }, { v: 'Active' }), invalid);
  assert.equal(run({ v: [Rule.enum(Level)] }, { v: 2 }), { ok: true, validated: { v: 2 } });
  assert.equal(run({ v: [Rule.enum(Level)] }, { v: '1' }), { ok: true, validated: { v: '1' } });
  assert.equal(run({ v: [Rule.enum(Level)] }, { v: 'Low' }), invalid);
  assert.equal(run({ v: [Rule.enum(Status).only([Status.Active])] }, { v: 'banned' }), invalid);
  assert.equal(run({ v: [Rule.enum(Status).except([Status.Active])] }, { v: 'banned' }), { ok: true, validated: { v: 'banned' } });
});

test('Password: every unmet requirement, in Laravel order and words', () => {
  const rules = { password: ['required', Password.min(8).letters().mixedCase().numbers().symbols()] };
  assert.equal(run(rules, { password: 'abc' }), {
    ok: false,
    errors: {
      password: [
        'The password field must be at least 8 characters.',
        'The password field must contain at least one uppercase and one lowercase letter.',
        'The password field must contain at least one symbol.',
        'The password field must contain at least one number.',
      ],
    },
  });
  assert.equal(run(rules, { password: 'Abcdefg1!' }), { ok: true, validated: { password: 'Abcdefg1!' } });
  assert.equal(run({ password: [Password.min(8)] }, { password: 12345678 }), {
    ok: false,
    errors: { password: ['The password field must be a string.'] },
  });
});

test('Password.mixedCase answers in linear time on a long lowercase value', () => {
  const rule = { password: [Password.min(8).mixedCase()] };
  const input = { password: 'a'.repeat(100_000) };
  const start = performance.now();
  const outcome = run(rule, input);
  assert.ok(performance.now() - start < 200);
  assert.is(outcome.ok, false);
});

test('Rule.exists / Rule.unique print the rule string Laravel prints (Exists / Unique::__toString)', () => {
  assert.is(String(Rule.exists('users')), 'exists:users,NULL');
  assert.is(String(Rule.exists('users', 'email')), 'exists:users,email');
  assert.is(
    String(
      Rule.exists('users', 'email').where('account_id', 1).whereNot('role', 'guest').whereNull('deleted_at').whereNotNull('verified_at'),
    ),
    'exists:users,email,account_id,"1",role,"!guest",deleted_at,"NULL",verified_at,"NOT_NULL"',
  );
  assert.is(String(Rule.unique('users')), 'unique:users,NULL,NULL,id');
  assert.is(String(Rule.unique('users', 'email').ignore(5)), 'unique:users,email,"5",id');
  assert.is(String(Rule.unique('users').ignore(5, 'user_id').where('account_id', 2)), 'unique:users,NULL,"5",user_id,account_id,"2"');
  assert.is(String(Rule.unique('users').withoutTrashed()), 'unique:users,NULL,NULL,id,deleted_at,"NULL"');
  assert.is(String(Rule.exists('users').onlyTrashed('removed_at')), 'exists:users,NULL,removed_at,"NOT_NULL"');
});

test('Rule.unique().ignore: a falsy id ignores nothing (PHP truthiness); values print as PHP prints them', () => {
  for (const id of [0, '0', '', false, null]) assert.is(String(Rule.unique('users').ignore(id)), 'unique:users,NULL,NULL,id', String(id));
  assert.is(String(Rule.unique('users').ignore(true)), 'unique:users,NULL,"1",id');
  assert.is(String(Rule.exists('users').where('active', true).where('flag', false)), 'exists:users,NULL,active,"1",flag,""');
  assert.is(String(Rule.exists('users').where('deleted_at', null)), 'exists:users,NULL,deleted_at,"NULL"', 'where(col, null) is whereNull');
  assert.is(String(Rule.exists('users').where('ratio', 0.1 + 0.2)), 'exists:users,NULL,ratio,"0.3"');
});

test('a built rule compiles as its string; quotes and backslashes survive the round trip', () => {
  const rule = Rule.unique('users', 'email').ignore('a"b\\c').where('name', 'say "hi", ok');
  const [parsed] = parseFieldRules([rule]);
  assert.ok(parsed !== undefined && parsed.kind === 'named');
  assert.is(parsed.name, 'unique');
  const target = uniqueTarget(parsed.params, { key: 'email', wildcard: false });
  assert.equal(target.ignore, { kind: 'fixed', id: 'a"b\\c' });
  assert.equal(target.extra, [{ type: 'equals', column: 'name', value: 'say "hi", ok' }]);
});

test('closures, whereIn and using() cannot be written in a rule string: a TypeError', () => {
  const anyRule = Rule.exists('users') as unknown as Record<string, (...args: unknown[]) => unknown>;
  assert.throws(() => anyRule.where!(() => undefined), /closure in where\(\) is not supported/);
  assert.throws(() => anyRule.where!('id', [1, 2]), /whereIn\) is not supported/);
  assert.throws(() => anyRule.whereNot!('id', [1, 2]), /whereNotIn\) is not supported/);
  assert.throws(() => anyRule.using!(() => undefined), /using\(\) is not supported/);
});

test.run();
