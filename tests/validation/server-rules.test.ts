/**
 * `CompiledValidator.serverRules` names the rules only a server can check,
 * and `serverRules: 'skip'` compiles a validator that checks all the others
 * with Laravel's messages and never asks for a service.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FileRule, Password, Rule } from '../../src/index.js';
import { compileValidator } from '../../src/validation/compiler.js';
import type { RuleMap } from '../../src/validation/types.js';

const test = suite('server rules');

const owner = 'ServerRulesTest';

class Uppercase {
  validate(_attribute: string, value: unknown, fail: (message: string) => void): void {
    if (typeof value !== 'string' || value !== value.toUpperCase()) fail('The :attribute must be uppercase.');
  }
}

const RULES: RuleMap = {
  name: 'required|string|max:20',
  email: 'required|email:rfc,dns|unique:users,email',
  backup_email: 'nullable|email:rfc,spoof',
  site: ['nullable', 'active_url'],
  team: [Rule.exists('teams', 'id')],
  avatar: 'nullable|image|max:1024',
  resume: [FileRule.types(['pdf']).max(2048)],
  current: 'required|current_password:api',
  password: ['required', Password.min(8).uncompromised()],
  plain_password: ['required', Password.min(8)],
  role: [Rule.enum({ Admin: 'admin', User: 'user' })],
  code: [new Uppercase()],
  nickname: [(_attribute: string, _value: unknown, _fail: (message: string) => void) => {}],
  meta: [{ schema: { type: 'object' } }],
};

test('serverRules names each rule only a server can check, with what it needs', () => {
  const validator = compileValidator(RULES, { owner });
  assert.equal(validator.serverRules, [
    { field: 'email', rule: 'email:rfc,dns', needs: 'dns' },
    { field: 'email', rule: 'unique:users,email', needs: 'database' },
    { field: 'site', rule: 'active_url', needs: 'dns' },
    { field: 'team', rule: 'exists:teams,id', needs: 'database' },
    { field: 'avatar', rule: 'image', needs: 'files' },
    { field: 'avatar', rule: 'max:1024', needs: 'files' },
    { field: 'resume', rule: 'file', needs: 'files' },
    { field: 'resume', rule: 'mimes:pdf', needs: 'files' },
    { field: 'resume', rule: 'max:2048', needs: 'files' },
    { field: 'current', rule: 'current_password:api', needs: 'password' },
    { field: 'password', rule: 'Password', needs: 'password' },
    { field: 'code', rule: 'Uppercase', needs: 'custom' },
    { field: 'nickname', rule: 'closure', needs: 'custom' },
    { field: 'meta', rule: 'schema', needs: 'schema' },
  ]);
});

test('a rule set the browser can check has no server rules', () => {
  const validator = compileValidator({ name: 'required|max:20', tags: 'array', 'tags.*': 'string|in:a,b' }, { owner });
  assert.equal(validator.serverRules, []);
});

test("serverRules: 'skip' checks every other rule, synchronously, with Laravel's messages", () => {
  const validator = compileValidator(RULES, { owner, serverRules: 'skip' });
  assert.is(validator.async, false);
  const outcome = validator.validate({
    name: 'x'.repeat(21),
    email: 'not an email',
    backup_email: 'ok@example.com',
    site: 'https://example.com',
    team: 3,
    current: '',
    password: 'short',
    plain_password: 'longenough',
    role: 'guest',
    code: 'lower',
    nickname: 'x',
    meta: 'not an object',
  });
  assert.equal(outcome, {
    ok: false,
    errors: {
      name: ['The name field must not be greater than 20 characters.'],
      email: ['The email field must be a valid email address.'],
      current: ['The current field is required.'],
      password: ['The password field must be at least 8 characters.'],
      role: ['The selected role is invalid.'],
    },
  });
});

test("serverRules: 'skip' keeps the report of what it left out, and passes what only those rules would fail", () => {
  const validator = compileValidator({ email: 'required|email|unique:users' }, { owner, serverRules: 'skip' });
  assert.equal(validator.serverRules, [{ field: 'email', rule: 'unique:users', needs: 'database' }]);
  assert.equal(validator.validate({ email: 'taylor@example.com' }), { ok: true, validated: { email: 'taylor@example.com' } });
});

test("serverRules: 'skip' keeps email's format check without its DNS lookup, and leaves out email:dns alone", () => {
  const validator = compileValidator({ a: 'email:rfc,dns', b: 'email:dns' }, { owner, serverRules: 'skip' });
  assert.equal(validator.validate({ a: 'not an email', b: 'not an email either' }), {
    ok: false,
    errors: { a: ['The a field must be a valid email address.'] },
  });
});

test.run();
