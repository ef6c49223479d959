/**
 * The default password hasher checks passwords against bcrypt hashes as
 * Laravel's `Hash::check` does: PHP's `password_hash()` hashes (`$2y$`, made
 * with PHP 8.2 for this test) and node's (`$2b$`) match their password; an
 * empty hash never matches; a hash of another algorithm is an error.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BcryptPasswordHasher } from '../../../src/validation/services/bcrypt-password-hasher.js';

/** `password_hash('sécret', PASSWORD_BCRYPT, ['cost' => 4])` in PHP 8.2. */
const PHP_HASH = '$2y$04$O8.sQZUmFa7ZZmNTnwRyG.QuaRGMWuF0kEYsVWhnrQIM6T2jaFDy.';
/** The same password hashed by bcryptjs (`$2b$`). */
const NODE_HASH = '$2b$04$8NV5QSSmsd6v9jgqFOX9l.fOcQiUJVC8xFOxdVqGLI1xb8S5pX6Bm';

const test = suite('BcryptPasswordHasher');
const hasher = new BcryptPasswordHasher();

test("PHP's $2y$ hash matches its password, and only it", async () => {
  assert.is(await hasher.check('sécret', PHP_HASH), true);
  assert.is(await hasher.check('secret', PHP_HASH), false);
  assert.is(await hasher.check('', PHP_HASH), false);
});

test("node's $2b$ hash matches too", async () => {
  assert.is(await hasher.check('sécret', NODE_HASH), true);
  assert.is(await hasher.check('sécret!', NODE_HASH), false);
});

test('an empty hash never matches', async () => {
  assert.is(await hasher.check('', ''), false);
  assert.is(await hasher.check('sécret', ''), false);
});

test('a hash of another algorithm is an error, as with Laravel’s verify option', async () => {
  for (const hash of ['$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHQ$aGFzaA', 'plain text', '$2y$04$short']) {
    const error = await Promise.resolve(hasher.check('x', hash)).then(
      () => null,
      (e: Error) => e,
    );
    assert.is(error?.message, 'This password does not use the Bcrypt algorithm.');
  }
});

test.run();
