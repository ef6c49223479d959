/**
 * `current_password[:guard]` through the validator: the bound
 * `PasswordUserResolver` gives the request's user's hash (null for a
 * guest), the `PasswordHasher` (bcrypt unless bound) compares, once per
 * distinct value of a validation. Nothing bound is an error naming what to
 * bind, never a validation message.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileValidator } from '../../src/validation/compiler.js';
import { PasswordHasher } from '../../src/validation/services/password-hasher.js';
import { PasswordUserResolver } from '../../src/validation/services/password-user-resolver.js';
import type { HttpRequest } from '../../src/http/request.js';
import type { RuleMap } from '../../src/validation/types.js';
import type { ServiceKey } from '../../src/validation/rules/definition.js';
import { contextWith } from '../helpers/validation-context.js';

/** `password_hash('sécret', PASSWORD_BCRYPT, ['cost' => 4])` in PHP 8.2. */
const HASH = '$2y$04$O8.sQZUmFa7ZZmNTnwRyG.QuaRGMWuF0kEYsVWhnrQIM6T2jaFDy.';
const INCORRECT = 'The password is incorrect.';

class Users extends PasswordUserResolver {
  readonly asked: { request: HttpRequest; guard: string | null }[] = [];
  constructor(private readonly hash: string | null) {
    super();
  }
  override passwordHash(request: HttpRequest, guard: string | null): string | null {
    this.asked.push({ request, guard });
    return this.hash;
  }
}

/** Compares as plain text and counts its calls. */
class PlainHasher extends PasswordHasher {
  calls = 0;
  override async check(plain: string, hash: string): Promise<boolean> {
    this.calls++;
    return plain === hash;
  }
}

const REQUEST = { path: '/account' };

type Bindings = ReadonlyArray<readonly [ServiceKey<unknown>, unknown]>;

function validate(rules: RuleMap, input: Record<string, unknown>, services: Bindings = []) {
  const validator = compileValidator(rules, { owner: 'PasswordRequest' });
  return validator.validate(input, undefined, undefined, contextWith(services, REQUEST));
}

const test = suite('current_password');

test("the user's bcrypt hash (PHP's $2y$) matches the right password only", async () => {
  const users = new Users(HASH);
  assert.equal(await validate({ password: 'current_password' }, { password: 'sécret' }, [[PasswordUserResolver, users]]), {
    ok: true,
    validated: { password: 'sécret' },
  });
  assert.equal(await validate({ password: 'current_password' }, { password: 'secret' }, [[PasswordUserResolver, users]]), {
    ok: false,
    errors: { password: [INCORRECT] },
  });
});

test('the resolver gets the request and the guard (null for the default)', async () => {
  const users = new Users(HASH);
  await validate({ a: 'current_password', b: 'current_password:api', c: 'current_password:' }, { a: 'x', b: 'y', c: 'z' }, [
    [PasswordUserResolver, users],
  ]);
  assert.equal(
    users.asked.map((a) => a.guard),
    [null, 'api', null],
  );
  assert.ok(users.asked.every((a) => a.request === (REQUEST as unknown)));
});

test('a guest fails', async () => {
  assert.equal(await validate({ password: 'current_password' }, { password: 'sécret' }, [[PasswordUserResolver, new Users(null)]]), {
    ok: false,
    errors: { password: [INCORRECT] },
  });
});

test('a bound hasher replaces bcrypt; each distinct value is compared once', async () => {
  const hasher = new PlainHasher();
  const services: Bindings = [
    [PasswordUserResolver, new Users('open sesame')],
    [PasswordHasher, hasher],
  ];
  const outcome = await validate({ 'pw.*': 'current_password' }, { pw: ['open sesame', 'nope', 'open sesame', 'nope'] }, services);
  assert.equal(outcome, { ok: false, errors: { 'pw.1': [INCORRECT], 'pw.3': [INCORRECT] } });
  assert.is(hasher.calls, 2);
});

test('numbers are compared as PHP prints them; arrays fail (a TypeError in PHP)', async () => {
  const services: Bindings = [
    [PasswordUserResolver, new Users('1234')],
    [PasswordHasher, new PlainHasher()],
  ];
  assert.is((await validate({ pin: 'current_password' }, { pin: 1234 }, services)).ok, true);
  assert.equal(await validate({ pin: 'current_password' }, { pin: ['1234'] }, services), { ok: false, errors: { pin: [INCORRECT] } });
});

test('a missing or blank field asks nothing, even with no resolver bound', async () => {
  assert.equal(await validate({ password: 'current_password' }, {}), { ok: true, validated: {} });
  assert.equal(await validate({ password: 'current_password' }, { password: '' }), { ok: true, validated: { password: '' } });
  assert.equal(await validate({ password: 'nullable|current_password' }, { password: null }), { ok: true, validated: { password: null } });
});

test('null fails without asking (PHP compares it as an empty password)', async () => {
  const users = new Users(HASH);
  assert.equal(await validate({ password: 'current_password' }, { password: null }, [[PasswordUserResolver, users]]), {
    ok: false,
    errors: { password: [INCORRECT] },
  });
  assert.equal(users.asked, []);
});

test('no PasswordUserResolver bound: the validation rejects, naming it', async () => {
  const error = await Promise.resolve(validate({ password: 'current_password' }, { password: 'x' })).then(
    () => null,
    (e: Error) => e,
  );
  assert.match(String(error?.message), /PasswordUserResolver/);
});

test.run();
