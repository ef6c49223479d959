/**
 * Signing keys, read from the environment the way the host framework's
 * `config/app.php` reads them, so one `APP_KEY` signs and verifies the same
 * URLs in both. Kept apart from the signer so configuration code can use it
 * without the HTTP types.
 */
import { LogicException } from '../errors/logic-exception.js';
import { readSigningEnv } from '../config.js';

/** An HMAC key: a string is used as its UTF-8 bytes, verbatim. */
export type SigningKey = string | Buffer;

/** What `signerKeysFromEnv()` returns; spread it into `UrlSigner`'s options. */
export interface EnvSignerKeys {
  /** `APP_KEY`, verbatim (a `base64:` prefix included: see below). */
  key: string;
  /** `APP_PREVIOUS_KEYS` split on `,`, empty entries dropped (not trimmed, as in the framework). */
  previousKeys: string[];
  /** `APP_URL` when set: the scheme, host and port of absolute signed URLs. */
  appUrl?: string;
}

/**
 * Reads `APP_KEY`, `APP_PREVIOUS_KEYS` (comma-separated) and `APP_URL`.
 *
 * The key is **not** base64-decoded: the framework's URL generator gets its
 * key from `config('app.key')`, which is the `APP_KEY` string as written
 * (`base64:...` included); only its encrypter decodes the prefix. Using the
 * decoded bytes would sign URLs the framework rejects. Pass a `Buffer` to
 * `UrlSigner` if you want raw key bytes and do not need that compatibility.
 *
 * @throws LogicException when `APP_KEY` is missing or empty.
 */
export function signerKeysFromEnv(env: Record<string, string | undefined> = process.env): EnvSignerKeys {
  const { key, previousKeys, appUrl } = readSigningEnv(env);
  if (key === undefined) {
    throw new LogicException('No application encryption key has been specified: set APP_KEY.');
  }
  return appUrl === undefined ? { key, previousKeys } : { key, previousKeys, appUrl };
}

/** Turns configured keys into HMAC key bytes; an empty key is a LogicException. */
export function keyBytes(key: SigningKey, what: string): Buffer {
  const bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
  if (bytes.length === 0) throw new LogicException(`The URL signing ${what} is empty.`);
  return bytes;
}
