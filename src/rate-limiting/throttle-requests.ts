/**
 * The `throttle` route middleware, Laravel 11's `ThrottleRequests`:
 * `throttle:60,1` (60 attempts per minute, per caller), `throttle:rate_limit,1`
 * (the limit read from the authenticated user), `throttle:60,1,uploads`
 * (a prefix: counted apart from other routes), `throttle:api` (the named
 * limiter `api`). Under the limit the response gets `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining`; over it, a 429 `{"message":"Too Many Attempts."}`
 * with `Retry-After` and `X-RateLimit-Reset` as well.
 */
import { inject, injectable } from 'inversify';
import { isThenable, then, type Awaitable } from '../awaitable.js';
import { ServiceUnavailableError } from '../errors/http-error.js';
import type { Next } from '../http/middleware.js';
import type { HttpRequest } from '../http/request.js';
import { JsonResponse, type HeaderMap } from '../http/response.js';
import { keyHasher } from './key-hash.js';
import { Unlimited, type Limit, type LimitResponseCallback } from './limit.js';
import { RateLimiter, secondsUntil, type LimiterResult } from './rate-limiter.js';
import type { RateLimitHit } from './store.js';
import { TooManyRequestsError } from './too-many-requests-error.js';
import { numeric, parseThrottleParameters, type FixedThrottle } from './throttle-parameters.js';
import { LogicException } from '../errors/logic-exception.js';

/** One limit of one request, its key final. */
export interface ThrottleLimit {
  readonly key: string;
  readonly maxAttempts: number;
  readonly decaySeconds: number;
  readonly responseCallback: LimitResponseCallback | undefined;
}

/**
 * Route middleware: counts the request against its limits and refuses it
 * with 429 once one is used up. Every `Application` registers it as the
 * `throttle` alias and injects the application's `RateLimiter`. Subclass it
 * to change how callers are told apart (`resolveRequestSignature`).
 */
@injectable()
export class ThrottleRequests {
  /** Parsed `throttle:max,minutes,prefix` lists by their first parameter: a route's parameters never change, so each is read once. */
  readonly #fixed = new Map<string, { params: readonly string[]; fixed: FixedThrottle }[]>();
  /** Laravel's md5(limiter name . key), per limiter name. */
  readonly #namedKeys = new Map<string, (key: string) => string>();

  constructor(@inject(RateLimiter) protected readonly limiter: RateLimiter) {
    void limiter.store; // made (and connected) at boot, not on the first request
  }

  /** `'throttle:name'`: the spec of a route throttled by the named limiter `name`. */
  static using(name: string): string {
    return `throttle:${name}`;
  }

  /** `'throttle:60,1'` (and `,prefix`): the spec of a fixed limit. */
  static with(maxAttempts = 60, decayMinutes = 1, prefix = ''): string {
    return `throttle:${maxAttempts},${decayMinutes}${prefix === '' ? '' : `,${prefix}`}`;
  }

  /** `params`: one limiter name, or `[maxAttempts = 60, decayMinutes = 1, prefix = '']`. */
  handle(request: HttpRequest, next: Next, ...params: string[]): Awaitable<JsonResponse> {
    // Live validation sends a prediction on every change: by default they do not use up the action's attempts.
    if (request.isPrecognitive && !this.limiter.countsPredictions) return next(request);
    if (params.length === 1) {
      const named = this.limiter.limiter(params[0]!);
      if (named !== undefined) return then(named(request), (result) => this.#handleNamed(request, next, params[0]!, result));
    }
    const fixed = this.#fixedFor(params);
    const maxAttempts = this.resolveMaxAttempts(request, fixed);
    return this.#one(request, next, fixed.prefix + this.resolveRequestSignature(request), maxAttempts, fixed.decaySeconds, undefined);
  }

  /**
   * Laravel's `resolveMaxAttempts`: the user's side of `guest|user` when
   * `request.user()` is set, and a name in place of the number is read from
   * the user (`throttle:rate_limit,1` → `request.user().rate_limit`).
   *
   * @throws LogicException when the name is no numeric attribute of the user (Laravel's MissingRateLimiterException).
   */
  protected resolveMaxAttempts(request: HttpRequest, fixed: FixedThrottle): number {
    if (typeof fixed.maxAttempts === 'number' && fixed.userMaxAttempts === fixed.maxAttempts) return fixed.maxAttempts;
    const user = request.user();
    const chosen = isUser(user) ? fixed.userMaxAttempts : fixed.maxAttempts;
    if (typeof chosen === 'number') return chosen;
    if (user !== null && typeof user === 'object' && chosen in user) {
      const value = (user as Record<string, unknown>)[chosen];
      const number = typeof value === 'number' ? value : typeof value === 'string' ? numeric(value) : undefined;
      if (number !== undefined && Number.isFinite(number)) return Math.trunc(number);
    }
    throw new LogicException(
      isUser(user) ? `Rate limiter [${chosen}] is not defined for user [${userClass(user)}].` : `Rate limiter [${chosen}] is not defined.`,
    );
  }

  /**
   * Tells callers apart for `throttle:max,minutes`: the SHA-1 of the
   * authenticated user's identifier (`request.user()`: a string, a number, or
   * an object with `getAuthIdentifier()` or an `id`), else of `|` and the client's IP
   * (Laravel's `route domain|ip`; Switchyard routes have no domain). Not the
   * route: every route throttled without a prefix shares the caller's count,
   * as in Laravel.
   */
  protected resolveRequestSignature(request: HttpRequest): string {
    const user = authIdentifier(request);
    return user !== undefined ? userSignature(user) : addressSignature(request.ip());
  }

  /** Counts the request against each limit in turn, then calls `next` and adds the headers. */
  protected handleRequest(request: HttpRequest, next: Next, limits: readonly ThrottleLimit[]): Awaitable<JsonResponse> {
    if (limits.length === 1) {
      const limit = limits[0]!;
      return this.#one(request, next, limit.key, limit.maxAttempts, limit.decaySeconds, limit.responseCallback);
    }
    return this.#step(request, next, limits, [], 0);
  }

  /** One limit (the common case), without the lists of the general path: this runs on every throttled request. */
  #one(
    request: HttpRequest,
    next: Next,
    key: string,
    maxAttempts: number,
    decaySeconds: number,
    respond: LimitResponseCallback | undefined,
  ): Awaitable<JsonResponse> {
    let hit: Awaitable<RateLimitHit>;
    try {
      hit = this.limiter.store.hit(key, decaySeconds, maxAttempts);
    } catch (error) {
      return this.#storeFailed(request, next, error);
    }
    if (!isThenable<RateLimitHit>(hit)) return this.#afterOne(request, next, maxAttempts, respond, hit);
    return Promise.resolve(hit).then(
      (answer) => this.#afterOne(request, next, maxAttempts, respond, answer),
      (error: unknown) => this.#storeFailed(request, next, error),
    );
  }

  #afterOne(
    request: HttpRequest,
    next: Next,
    maxAttempts: number,
    respond: LimitResponseCallback | undefined,
    hit: RateLimitHit,
  ): Awaitable<JsonResponse> {
    if (!hit.counted) return this.#tooMany(request, maxAttempts, respond, hit);
    const remaining = maxAttempts - hit.attempts;
    return then(next(request), (response) => {
      addHeaders(response.headers, maxAttempts, remaining);
      return response;
    });
  }

  #handleNamed(request: HttpRequest, next: Next, name: string, result: LimiterResult): Awaitable<JsonResponse> {
    if (result instanceof JsonResponse) return result;
    if (result instanceof Unlimited) return next(request);
    const list: readonly Limit[] = Array.isArray(result) ? result : [result as Limit];
    let hasher = this.#namedKeys.get(name);
    if (hasher === undefined) this.#namedKeys.set(name, (hasher = keyHasher('md5', name)));
    const limits = list.map(
      (limit): ThrottleLimit => ({
        key: hasher(String(limit.key)),
        maxAttempts: limit.maxAttempts,
        decaySeconds: limit.decaySeconds,
        responseCallback: limit.responseCallback,
      }),
    );
    return this.handleRequest(request, next, limits);
  }

  #step(request: HttpRequest, next: Next, limits: readonly ThrottleLimit[], hits: RateLimitHit[], index: number): Awaitable<JsonResponse> {
    if (index === limits.length) return this.#pass(request, next, limits, hits);
    const limit = limits[index]!;
    let hit: Awaitable<RateLimitHit>;
    try {
      hit = this.limiter.store.hit(limit.key, limit.decaySeconds, limit.maxAttempts);
    } catch (error) {
      return this.#storeFailed(request, next, error);
    }
    if (!isThenable<RateLimitHit>(hit)) return this.#counted(request, next, limits, hits, index, hit);
    return Promise.resolve(hit).then(
      (answer) => this.#counted(request, next, limits, hits, index, answer),
      (error: unknown) => this.#storeFailed(request, next, error),
    );
  }

  #counted(
    request: HttpRequest,
    next: Next,
    limits: readonly ThrottleLimit[],
    hits: RateLimitHit[],
    index: number,
    hit: RateLimitHit,
  ): Awaitable<JsonResponse> {
    const limit = limits[index]!;
    if (!hit.counted) return this.#tooMany(request, limit.maxAttempts, limit.responseCallback, hit);
    hits.push(hit);
    return this.#step(request, next, limits, hits, index + 1);
  }

  #pass(request: HttpRequest, next: Next, limits: readonly ThrottleLimit[], hits: readonly RateLimitHit[]): Awaitable<JsonResponse> {
    return then(next(request), (response) => {
      for (let i = 0; i < limits.length; i++)
        addHeaders(response.headers, limits[i]!.maxAttempts, limits[i]!.maxAttempts - hits[i]!.attempts);
      return response;
    });
  }

  /** Over the limit: the limit's own response, or the 429. Nothing was counted. */
  #tooMany(request: HttpRequest, maxAttempts: number, respond: LimitResponseCallback | undefined, hit: RateLimitHit): JsonResponse {
    const now = Date.now();
    const retryAfter = secondsUntil(hit.resetAt, now);
    const headers: HeaderMap = {
      'x-ratelimit-limit': String(maxAttempts),
      'x-ratelimit-remaining': '0',
      'retry-after': String(retryAfter),
      'x-ratelimit-reset': String(Math.floor(now / 1000) + retryAfter),
    };
    if (respond !== undefined) return respond(request, headers);
    throw new TooManyRequestsError(headers);
  }

  /** The store did not answer: let the request through uncounted (fail open), or 503 (fail closed). */
  #storeFailed(request: HttpRequest, next: Next, _error: unknown): Awaitable<JsonResponse> {
    if (this.limiter.failOpen) return next(request);
    throw new ServiceUnavailableError();
  }

  /**
   * The parsed parameters. The resolver passes the same parameter strings on
   * every call, so they are found by their first one and compared by
   * identity: no joining, no hashing of a new string per request.
   */
  #fixedFor(params: readonly string[]): FixedThrottle {
    const first = params.length === 0 ? '' : params[0]!;
    let candidates = this.#fixed.get(first);
    if (candidates !== undefined) {
      for (const candidate of candidates) if (sameParams(candidate.params, params)) return candidate.fixed;
    } else {
      this.#fixed.set(first, (candidates = []));
    }
    const fixed = parseThrottleParameters(params);
    candidates.push({ params: [...params], fixed });
    return fixed;
  }
}

function sameParams(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Laravel's signatures: sha1(user id), sha1(route domain . '|' . ip) with no domain. */
const userSignature = keyHasher('sha1');
const addressSignature = keyHasher('sha1', '|');

/**
 * Laravel's rule for several limits: a limit's headers replace those already
 * on the response only when it leaves fewer attempts, so the tightest one shows.
 */
function addHeaders(headers: HeaderMap, maxAttempts: number, remaining: number): void {
  const current = headers['x-ratelimit-remaining'];
  if (current !== undefined && phpInt(current) <= remaining) return;
  headers['x-ratelimit-limit'] = String(maxAttempts);
  headers['x-ratelimit-remaining'] = String(remaining);
}

/** PHP's `(int)` of a header value: leading digits, else 0. */
function phpInt(value: string): number {
  const number = Number.parseInt(value, 10);
  return Number.isNaN(number) ? 0 : number;
}

/**
 * The authenticated user's identifier (Laravel's `$request->user()?->getAuthIdentifier()`):
 * `request.user()` (the resolver authentication middleware set, else the `auth.user`
 * attribute) when it is a string or a number, else its `getAuthIdentifier()` or its `id`.
 */
function authIdentifier(request: HttpRequest): string | undefined {
  const user = request.user();
  if (typeof user === 'string' || typeof user === 'number') return String(user);
  if (typeof user === 'object' && user !== null) {
    const identify = (user as { getAuthIdentifier?: unknown }).getAuthIdentifier;
    const id = typeof identify === 'function' ? (identify as () => unknown).call(user) : (user as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}

/** PHP's truthiness of `$request->user()`. */
function isUser(user: unknown): boolean {
  return user !== undefined && user !== null && user !== false && user !== '' && user !== 0;
}

function userClass(user: unknown): string {
  if (typeof user === 'object' && user !== null) return (user as object).constructor?.name ?? 'Object';
  return typeof user;
}
