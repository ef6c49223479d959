/**
 * Signed URLs in the host framework's scheme (`URL::signedRoute`,
 * `URL::temporarySignedRoute`, `$request->hasValidSignature()`), so links
 * signed by either side verify on the other given the same `APP_KEY`.
 * The exact algorithm is in docs/signed-urls.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LogicException } from '../errors/logic-exception.js';
import { BadRequestError } from '../errors/http-error.js';
import { buildPhpQuery, encodeBareValue, encodePath, isIntegerKey, phpKeyCompare, type QueryParams, type QueryValue } from './php-query.js';
import { keyBytes, type SigningKey } from './keys.js';
import { originOf, requestRoot, sentPath, type SignableRequest } from './request-root.js';
import { trimChars, trimEndChars } from '../php/trim-chars.js';

/** Finds a named route's path (e.g. `name => app.router.byName(name)?.path`). */
export type RoutePathResolver = (name: string) => string | undefined;

/**
 * When a temporary URL expires: a `Date`, or a number of seconds from now
 * (the framework's `int`). The URL is valid up to and including that second.
 */
export type Expiration = Date | number;

/** How a `UrlSigner` is configured. */
export interface UrlSignerOptions {
  /** The current key (`APP_KEY`, used verbatim): signs, and verifies first. */
  key: SigningKey;
  /** Keys that verified URLs before a rotation (`APP_PREVIOUS_KEYS`); never used to sign. */
  previousKeys?: readonly SigningKey[];
  /** `scheme://host[:port]` of absolute signed URLs, e.g. `http://127.0.0.1:3000`. */
  appUrl?: string;
  /**
   * Longest lifetime, in seconds, of a temporary URL (beyond the framework,
   * like SigV4's 7-day cap): signing a longer one is a LogicException, and a
   * URL whose `expires` lies further ahead than now + this is rejected.
   */
  maxLifetimeSeconds?: number;
  /** The clock, in milliseconds (tests). Defaults to `Date.now`. */
  now?: () => number;
  /**
   * The root (`scheme://host[:port]`) a request was sent to, when the
   * request's own `scheme` and `host` do not tell it (they already honour
   * `trust_proxy`). Return `undefined` to reject the request.
   */
  urlRoot?: (request: SignableRequest) => string | undefined;
}

/** Options of `signedRoute()` / `signedUrl()`. */
export interface SignOptions {
  /** Makes the URL temporary: adds `expires`. */
  expiration?: Expiration;
  /** Sign `scheme://host/path?query` (default) or only `/path?query`. */
  absolute?: boolean;
}

/** Options of the signature checks; the same as the middleware's `signed:relative,name...`. */
export interface VerifyOptions {
  /** Check an absolute signature (default) or a relative one. */
  absolute?: boolean;
  /** Query parameter names left out of the check (raw names, as sent), or a predicate on them. */
  ignore?: readonly string[] | ((name: string) => boolean);
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Signs URLs and checks signed requests. Every `Application` binds one in its
 * container (from `app_key`/`APP_KEY`; `app.urlSigner`), unless you bound your
 * own first; the `signed` middleware (`ValidateSignature`) uses it.
 *
 * @example
 * const signer = new UrlSigner({ ...signerKeysFromEnv(), appUrl: 'http://127.0.0.1:3000' },
 *   (name) => app.router.byName(name)?.path);
 * signer.temporarySignedRoute('system', 300, { action: 'status' });
 * // http://127.0.0.1:3000/api/system?action=status&expires=1700000300&signature=...
 */
export class UrlSigner {
  readonly #keys: Buffer[];
  readonly #appRoot: string | undefined;
  readonly #maxLifetime: number | undefined;
  readonly #now: () => number;
  readonly #urlRoot: ((request: SignableRequest) => string | undefined) | undefined;
  readonly #resolveRoutePath: RoutePathResolver | undefined;

  /** @throws LogicException for an empty key, a bad `appUrl` or a bad `maxLifetimeSeconds`. */
  constructor(options: UrlSignerOptions, resolveRoutePath?: RoutePathResolver) {
    this.#keys = [keyBytes(options.key, 'key'), ...(options.previousKeys ?? []).map((key) => keyBytes(key, 'previous key'))];
    if (options.appUrl !== undefined) {
      this.#appRoot = originOf(options.appUrl);
      if (this.#appRoot === undefined) {
        throw new LogicException(`appUrl must be "http(s)://host[:port]" with no path: "${options.appUrl}".`);
      }
    }
    const max = options.maxLifetimeSeconds;
    if (max !== undefined && !(Number.isSafeInteger(max) && max > 0)) {
      throw new LogicException('maxLifetimeSeconds must be a positive whole number of seconds.');
    }
    this.#maxLifetime = max;
    this.#now = options.now ?? Date.now;
    this.#urlRoot = options.urlRoot;
    this.#resolveRoutePath = resolveRoutePath;
  }

  /**
   * A signed URL for the named route; `params` go in the query string (the
   * action too: `{ action: 'echo' }`). Permanent unless `expiration` is given.
   * An integer name is a position (`{ action: 'echo', 0: 'x' }` is the
   * framework's `['action' => 'echo', 'x']`): its bare value follows the
   * named parameters, as the framework's route URL generator writes it.
   *
   * @throws LogicException for an unknown route, a reserved (`signature`,
   * `expires`) parameter name, or a lifetime over the maximum.
   */
  signedRoute(name: string, params: QueryParams = {}, options: SignOptions = {}): string {
    return this.#sign(this.#routePath(name), params, options);
  }

  /** A signed URL for the named route that expires (see `Expiration`). */
  temporarySignedRoute(name: string, expiration: Expiration, params: QueryParams = {}, options: { absolute?: boolean } = {}): string {
    return this.signedRoute(name, params, { ...options, expiration });
  }

  /**
   * A signed URL for a path (`/api/system`) or an absolute URL
   * (`https://host/api/system`) that is not a named route. An absolute URL
   * brings its own root; a path uses `appUrl`. The URL may not have a query:
   * give its parameters in `params`.
   */
  signedUrl(url: string, params: QueryParams = {}, options: SignOptions = {}): string {
    if (url.startsWith('/') && !url.startsWith('//')) {
      if (/[?#]/.test(url)) throw new LogicException('Give the parameters of a signed URL in `params`, not in the URL.');
      return this.#sign(url, params, options);
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new LogicException(`Cannot sign "${url}": give a path starting with "/" or an absolute http(s) URL.`);
    }
    const root = originOf(parsed.origin);
    if (root === undefined || parsed.username || parsed.password) {
      throw new LogicException(`Cannot sign "${url}": only http(s) URLs without credentials can be signed.`);
    }
    if (parsed.search || parsed.hash || /[?#]/.test(url)) {
      throw new LogicException('Give the parameters of a signed URL in `params`, not in the URL.');
    }
    return this.#sign(parsed.pathname, params, options, root);
  }

  /** A signed URL for a path or absolute URL that expires. */
  temporarySignedUrl(url: string, expiration: Expiration, params: QueryParams = {}, options: { absolute?: boolean } = {}): string {
    return this.signedUrl(url, params, { ...options, expiration });
  }

  /** True when the request's signature is correct and it has not expired: the `signed` middleware's check. */
  hasValidSignature(request: SignableRequest, options: VerifyOptions = {}): boolean {
    return this.hasCorrectSignature(request, options) && this.signatureHasNotExpired(request);
  }

  /**
   * True when `signature` (one lower-case hex string) is the HMAC, under the
   * current or a previous key, of the request's URL: its root (unless
   * relative), its path without trailing `/`, and its **raw** query string
   * minus every `signature=` part and the ignored names, in the order and
   * encoding sent.
   */
  hasCorrectSignature(request: SignableRequest, options: VerifyOptions = {}): boolean {
    const signature = this.#queryValue(request, 'signature');
    if (typeof signature !== 'string' || !HEX_SIGNATURE.test(signature)) return false;
    const base = this.#requestBase(request, options.absolute ?? true);
    if (base === undefined) return false;
    const ignore = options.ignore ?? [];
    const ignored = typeof ignore === 'function' ? ignore : (name: string) => ignore.includes(name);
    const query = request.rawQuery
      .split('&')
      .filter((part) => {
        const eq = part.indexOf('=');
        const name = eq === -1 ? part : part.slice(0, eq);
        return name !== 'signature' && !ignored(name);
      })
      .join('&');
    const original = query === '' ? base : `${base}?${query}`;
    const given = Buffer.from(signature, 'latin1');
    let valid = false;
    for (const key of this.#keys) {
      // Every key is tried, so the time taken does not tell which one matched.
      if (timingSafeEqual(Buffer.from(hmac(key, original), 'latin1'), given)) valid = true;
    }
    return valid;
  }

  /**
   * True when the request has no `expires`, or an `expires` (Unix seconds, a
   * digit string) that is now or later and, with `maxLifetimeSeconds`, not
   * further ahead than now + that maximum.
   */
  signatureHasNotExpired(request: SignableRequest): boolean {
    const expires = this.#queryValue(request, 'expires');
    if (expires === undefined) return true;
    if (typeof expires !== 'string' || !/^\d{1,16}$/.test(expires)) return false;
    const at = Number(expires);
    const now = this.#nowSeconds();
    if (now > at) return false;
    return this.#maxLifetime === undefined || at - now <= this.#maxLifetime;
  }

  #sign(path: string, params: QueryParams, options: SignOptions, root?: string): string {
    const named: [string, QueryValue][] = [];
    const positional: [number, QueryValue][] = [];
    for (const entry of Object.entries(params)) {
      const key = entry[0];
      if (key === 'signature' || key === 'expires') {
        throw new LogicException(`"${key}" is a reserved parameter when generating signed URLs: rename your parameter.`);
      }
      if (isIntegerKey(key)) positional.push([Number(key), entry[1]]);
      else named.push(entry);
    }
    if (options.expiration !== undefined) named.push(['expires', this.#expiresAt(options.expiration)]);
    named.sort(([a], [b]) => phpKeyCompare(a, b));
    const query = buildPhpQuery(named);
    // The route URL generator appends the positional values, bare, after the named ones, and trims `&`.
    positional.sort(([a], [b]) => a - b);
    const bare = positional.length === 0 ? '' : '&' + positional.map(([key, value]) => encodeBareValue(value, String(key))).join('&');
    const signedQuery = trimAmpersands(query + bare);
    const absolute = options.absolute ?? true;
    const trimmed = '/' + trimChars(path, '/');
    let base: string;
    if (absolute) {
      const origin = root ?? this.#appRoot;
      if (origin === undefined) throw new LogicException('Set appUrl to sign absolute URLs, or sign relative ones.');
      base = origin + (trimmed === '/' ? '' : encodePath(trimmed));
    } else {
      base = encodePath(trimmed);
    }
    const url = signedQuery === '' ? base : `${base}?${signedQuery}`;
    const signature = `signature=${hmac(this.#keys[0]!, url)}`;
    return `${base}?${trimAmpersands(`${query === '' ? '' : query + '&'}${signature}${bare}`)}`;
  }

  #expiresAt(expiration: Expiration): number {
    const now = this.#nowSeconds();
    let at: number;
    if (expiration instanceof Date) {
      at = Math.floor(expiration.getTime() / 1000);
    } else if (Number.isFinite(expiration)) {
      at = now + Math.floor(expiration);
    } else {
      throw new LogicException('A signed URL expiration must be a Date or a number of seconds from now.');
    }
    if (!Number.isSafeInteger(at) || at < 0) throw new LogicException('A signed URL expiration is out of range.');
    if (this.#maxLifetime !== undefined && at - now > this.#maxLifetime) {
      throw new LogicException(`A temporary signed URL may live at most ${this.#maxLifetime} seconds; this one would live ${at - now}.`);
    }
    return at;
  }

  #routePath(name: string): string {
    if (!this.#resolveRoutePath) throw new LogicException('This UrlSigner was built without a route resolver.');
    const path = this.#resolveRoutePath(name);
    if (path === undefined) throw new LogicException(`Route [${name}] not defined.`);
    return path;
  }

  #requestBase(request: SignableRequest, absolute: boolean): string | undefined {
    if (!absolute) return '/' + trimChars(sentPath(request), '/');
    const root = this.#urlRoot ? this.#urlRoot(request) : requestRoot(request);
    if (root === undefined) return undefined;
    return root + trimEndChars(sentPath(request), '/');
  }

  /** A parsed query value; `null` when the parser refuses the query (bad percent-encoding...). */
  #queryValue(request: SignableRequest, key: string): unknown {
    try {
      return request.query(key);
    } catch (error) {
      if (error instanceof BadRequestError) return null;
      throw error;
    }
  }

  #nowSeconds(): number {
    return Math.floor(this.#now() / 1000);
  }
}

/** PHP's `trim($query, '&')`. */
function trimAmpersands(query: string): string {
  return trimChars(query, '&');
}

function hmac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}
