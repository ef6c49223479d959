/** Rule.in / notIn / requiredIf / prohibitedIf / excludeIf / enum and Password, through the public API. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Password, Rule } from '../../src/index.js';
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

test.run();
