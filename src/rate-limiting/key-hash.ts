/**
 * Rate-limit keys are hashed, as Laravel hashes them (`sha1` of the request
 * signature, `md5` of a named limiter's name and key): whatever a client puts
 * in a header that ends up in a key (very long, any bytes), the store holds
 * 40 or 32 hex characters. Hashing costs more than the rest of a throttled
 * request, and the same few keys come back again and again, so recent
 * results are remembered in a bounded table.
 */
import * as crypto from 'node:crypto';

/** Inputs longer than this are hashed every time, never remembered (the table stays small). */
const MEMO_MAX_INPUT = 256;
/** Entries remembered per hasher; when full, it starts over. */
const MEMO_SIZE = 10_000;

// crypto.hash (one call, no Hash object) arrived in Node 20.12; older 20.x use createHash.
// (A namespace import: a named import of a missing export would fail to link there.)
const oneShot = (crypto as { hash?: (algorithm: string, input: string) => string }).hash;
const digest: (algorithm: 'sha1' | 'md5', input: string) => string =
  typeof oneShot === 'function'
    ? (algorithm, input) => oneShot(algorithm, input)
    : (algorithm, input) => crypto.createHash(algorithm).update(input).digest('hex');

/**
 * A function giving the lower-case hex digest of `salt + input` (UTF-8), as
 * PHP's `sha1()` / `md5()` of the concatenation, that remembers its recent
 * answers by `input` alone: the caller's string (a socket's address, a
 * limiter's key) is usually the very same string each time, so a repeat
 * costs one Map lookup and no concatenation or digest.
 */
export function keyHasher(algorithm: 'sha1' | 'md5', salt = ''): (input: string) => string {
  const memo = new Map<string, string>();
  return (input) => {
    if (input.length > MEMO_MAX_INPUT) return digest(algorithm, salt + input);
    let hex = memo.get(input);
    if (hex === undefined) {
      if (memo.size >= MEMO_SIZE) memo.clear();
      hex = digest(algorithm, salt + input);
      memo.set(input, hex);
    }
    return hex;
  };
}

/** Keys given to the `RateLimiter` methods directly: kept as written unless longer than 256 characters, then their sha1. */
export function boundKey(key: string): string {
  return key.length > MEMO_MAX_INPUT ? digest('sha1', key) : key;
}
