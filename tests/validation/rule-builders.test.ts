/** Rule.in / notIn / requiredIf / prohibitedIf / excludeIf / enum and Password, through the public API. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Password, Rule } from '../../src/index.js';
import { parseFieldRules } from '../../src/validation/rule-parser.js';
import { uniqueTarget } from '../../src/validation/rules/database-params.js';
import { run } from './helpers.js';
import { compileValidator } from '../../src/validation/compiler.js';
import { UncompromisedVerifier } from '../../src/validation/services/uncompromised-verifier.js';
import { contextWith } from '../helpers/validation-context.js';
import { assertLinear } from '../helpers/growth.js';

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

test('Password.mixedCase answers in linear time on a long lowercase value', async () => {
  const rule = { password: [Password.min(8).mixedCase()] };
  assert.is(run(rule, { password: 'a'.repeat(100_000) }).ok, false);
  await assertLinear(
    'Password.mixedCase',
    (size) => {
      const input = { password: 'a'.repeat(size) };
      return () => run(rule, input);
    },
    10_000,
  );
});

/** Knows a few leaks and counts; records what it was asked. */
class Leaks extends UncompromisedVerifier {
  readonly asked: string[] = [];
  constructor(private readonly counts: Record<string, number>) {
    super();
  }
  override async verify(value: string, threshold: number): Promise<boolean> {
    this.asked.push(`${value} > ${threshold}`);
    return !((this.counts[value] ?? 0) > threshold);
  }
}

const LEAKED = 'The given password has appeared in a data leak. Please choose a different password.';

function validateWith(verifier: UncompromisedVerifier, rules: Parameters<typeof compileValidator>[0], input: Record<string, unknown>) {
  return compileValidator(rules, { owner: 'SignupRequest' }).validate(
    input,
    undefined,
    undefined,
    contextWith([[UncompromisedVerifier, verifier]]),
  );
}

test("Password.uncompromised: a leaked password fails with Laravel's message; another passes", async () => {
  const leaks = new Leaks({ 'Password1!': 5 });
  const rules = { password: ['required', Password.min(8).uncompromised()] };
  assert.equal(await validateWith(leaks, rules, { password: 'Password1!' }), { ok: false, errors: { password: [LEAKED] } });
  assert.equal(await validateWith(leaks, rules, { password: 'unlisted-phrase' }), { ok: true, validated: { password: 'unlisted-phrase' } });
  assert.equal(leaks.asked, ['Password1! > 0', 'unlisted-phrase > 0']);
});

test('Password.uncompromised(threshold): more leaks than the threshold fail', async () => {
  const leaks = new Leaks({ 'seen-three-times': 3 });
  assert.is((await validateWith(leaks, { p: [Password.min(8).uncompromised(3)] }, { p: 'seen-three-times' })).ok, true);
  assert.is((await validateWith(leaks, { p: [Password.min(8).uncompromised(2)] }, { p: 'seen-three-times' })).ok, false);
});

test('Password.uncompromised: asked only when every other requirement is met, as Laravel', async () => {
  const leaks = new Leaks({ short: 9, 'Password1!': 9 });
  const rules = { password: [Password.min(8).numbers().uncompromised()] };
  assert.equal(await validateWith(leaks, rules, { password: 'short' }), {
    ok: false,
    errors: { password: ['The password field must be at least 8 characters.', 'The password field must contain at least one number.'] },
  });
  assert.equal(await validateWith(leaks, rules, { password: 12345678 }), {
    ok: false,
    errors: { password: ['The password field must be a string.'] },
  });
  assert.equal(leaks.asked, []);
});

test('Password.uncompromised: each distinct password of a wildcard asked once', async () => {
  const leaks = new Leaks({ 'leaked-one': 1 });
  const outcome = await validateWith(
    leaks,
    { 'pw.*': [Password.min(8).uncompromised()] },
    { pw: ['leaked-one', 'fresh-one', 'leaked-one'] },
  );
  assert.equal(outcome, {
    ok: false,
    errors: {
      'pw.0': ['The given pw.0 has appeared in a data leak. Please choose a different pw.0.'],
      'pw.2': ['The given pw.2 has appeared in a data leak. Please choose a different pw.2.'],
    },
  });
  assert.equal(leaks.asked.sort(), ['fresh-one > 0', 'leaked-one > 0']);
});

test('a Password without uncompromised() stays synchronous', () => {
  assert.is(compileValidator({ p: [Password.min(8)] }, { owner: 'R' }).async, false);
  assert.is(compileValidator({ p: [Password.min(8).uncompromised()] }, { owner: 'R' }).async, true);
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
