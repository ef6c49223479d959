/**
 * The default `PasswordHasher`: bcrypt, as Laravel's default `bcrypt`
 * driver, so hashes made by PHP's `password_hash()` (`$2y$`) match, and
 * node's `$2a$` / `$2b$` ones too. Pure JavaScript (`bcryptjs`), run
 * asynchronously in slices so a comparison does not block other requests.
 */
import { PasswordHasher } from './password-hasher.js';

/** Loaded on the first check: an application without `current_password` never loads bcrypt. */
let bcrypt: Promise<typeof import('bcryptjs')> | undefined;

/** A bcrypt hash: version, two-digit cost, 22 characters of salt and 31 of hash. */
const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

export class BcryptPasswordHasher extends PasswordHasher {
  override async check(plain: string, hash: string): Promise<boolean> {
    if (hash === '') return false;
    // Laravel's `verify` option (on by default): a hash of another algorithm is an error, not a mismatch.
    if (!BCRYPT.test(hash)) throw new Error('This password does not use the Bcrypt algorithm.');
    bcrypt ??= import('bcryptjs');
    return (await bcrypt).default.compare(plain, hash);
  }
}
