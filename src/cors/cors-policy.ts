import { JsonResponse, copyHeaders, type HeaderMap } from '../http/response.js';
import type { HttpRequest } from '../http/request.js';
import type { ErrorRenderer, Handler } from '../http/compose.js';
import { isThenable } from '../awaitable.js';
import { PRECOGNITION_HEADERS, type CorsConfig } from '../config/cors-options.js';
import { compilePaths, type PathMatcher } from './paths.js';
import { compileWildcard, type WildcardMatcher } from '../php/str-is.js';
import { addVary } from './vary.js';

const ALLOW_ORIGIN = 'access-control-allow-origin';
const ALLOW_CREDENTIALS = 'access-control-allow-credentials';
const ALLOW_METHODS = 'access-control-allow-methods';
const ALLOW_HEADERS = 'access-control-allow-headers';
const EXPOSE_HEADERS = 'access-control-expose-headers';
const MAX_AGE = 'access-control-max-age';
const REQUEST_METHOD = 'Access-Control-Request-Method';
const REQUEST_HEADERS = 'Access-Control-Request-Headers';

/**
 * Longest Origin that is echoed or tried against wildcard origins and
 * patterns. A serialized origin is a scheme, `://`, a DNS host (at most 253
 * characters) and a port, so no browser sends a longer one; the bound keeps
 * the work on a hostile header small.
 */
const MAX_ORIGIN_LENGTH = 512;
/** An origin that can be echoed: visible ASCII without a comma (two Origin headers arrive joined by one). */
const ECHOABLE_ORIGIN = /^[\x21-\x2b\x2d-\x7e]+$/;
/** Longest `Access-Control-Request-Headers` echoed: far above any browser's list, well below clients' header limits. */
const MAX_REQUEST_HEADERS_LENGTH = 8192;
/** A comma-separated list of header names, as browsers send it. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z, \t-]*$/;
const MAX_METHOD_LENGTH = 64;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The host framework's `HandleCors` middleware with fruitcake/php-cors's
 * `CorsService`, compiled once from the `cors` option: every header value
 * that does not depend on the request is built here, and a request costs a
 * path match and a few string compares.
 *
 * - A preflight (`OPTIONS` with `Access-Control-Request-Method`) on a CORS
 *   path is answered at once with 204 and the `Access-Control-Allow-*`
 *   headers, before routing; the rest of the pipeline does not run.
 * - Every other answer on a CORS path, errors included, gets
 *   `Access-Control-Allow-Origin` (and `-Allow-Credentials`,
 *   `-Expose-Headers`) when the origin is allowed, and `Vary: Origin`
 *   whenever the answer depends on the origin. The answer to a Precognition
 *   request also exposes `Precognition` and `Precognition-Success`.
 */
export class CorsPolicy {
  /** True when CORS applies to the request's path (`paths`). */
  readonly matchesPath: PathMatcher;
  /** `any`: `*` without credentials; `single`: one fixed origin; `dynamic`: the request's origin, echoed when allowed. */
  readonly #mode: 'any' | 'single' | 'dynamic';
  readonly #singleOrigin: string;
  readonly #allowsAnyOrigin: boolean;
  readonly #origins: ReadonlySet<string>;
  readonly #originMatchers: readonly WildcardMatcher[];
  readonly #credentials: boolean;
  /** Joined `allowed_methods`, or undefined when `*` echoes the method asked for. */
  readonly #methods: string | undefined;
  /** Joined `allowed_headers`, or undefined when `*` echoes the headers asked for. */
  readonly #headers: string | undefined;
  readonly #maxAge: string | undefined;
  /** `exposed_headers`, joined (empty: no header). */
  readonly #exposed: string;
  /** The same with `Precognition` and `Precognition-Success`, for the answers to Precognition requests. */
  readonly #exposedToPrecognition: string;
  readonly #preflightVary: string;
  readonly #refusedPreflightVary = `Origin, ${REQUEST_METHOD}`;

  constructor(config: CorsConfig) {
    this.matchesPath = compilePaths(config.paths);
    this.#allowsAnyOrigin = config.allowed_origins.includes('*');
    const matchers: WildcardMatcher[] = [];
    if (!this.#allowsAnyOrigin) {
      for (const origin of config.allowed_origins) if (origin.includes('*')) matchers.push(compileWildcard(origin));
    }
    for (const pattern of config.allowed_origins_patterns) matchers.push((origin) => pattern.test(origin));
    this.#originMatchers = matchers;
    this.#origins = new Set(config.allowed_origins);
    this.#credentials = config.supports_credentials;
    this.#mode =
      this.#allowsAnyOrigin && !this.#credentials
        ? 'any'
        : !this.#allowsAnyOrigin && matchers.length === 0 && config.allowed_origins.length === 1
          ? 'single'
          : 'dynamic';
    this.#singleOrigin = config.allowed_origins[0] ?? '';
    this.#methods = config.allowed_methods.includes('*') ? undefined : config.allowed_methods.join(', ');
    this.#headers = config.allowed_headers.includes('*') ? undefined : config.allowed_headers.join(', ');
    this.#maxAge = config.max_age === null ? undefined : String(config.max_age);
    this.#exposed = config.exposed_headers.join(', ');
    this.#exposedToPrecognition = withPrecognitionHeaders(config.exposed_headers);
    const vary: string[] = [];
    if (this.#mode === 'dynamic') vary.push('Origin');
    if (this.#methods === undefined) vary.push(REQUEST_METHOD);
    if (this.#headers === undefined) vary.push(REQUEST_HEADERS);
    if (!vary.includes(REQUEST_METHOD)) vary.push(REQUEST_METHOD);
    this.#preflightVary = vary.join(', ');
  }

  /**
   * The answer to a preflight on a CORS path (OPTIONS with
   * `Access-Control-Request-Method`), or undefined for every other request.
   * The kernel asks first, before middleware, routing or selection.
   */
  answerPreflight(request: HttpRequest): JsonResponse | undefined {
    return isPreflight(request) && this.matchesPath(request) ? this.preflight(request) : undefined;
  }

  /**
   * Adds the actual-request headers to an answer's header map, in place, when
   * the request is on a CORS path. The kernel calls it on its own copy of the
   * headers as it writes every answer, errors included, so CORS costs no
   * extra copy or response object.
   */
  decorate(request: HttpRequest, headers: HeaderMap): void {
    // A preflight's answer (answerPreflight) is complete as it is.
    if (!this.matchesPath(request) || isPreflight(request)) return;
    // An OPTIONS answer that is not a preflight would differ for one: caches must keep them apart.
    if (request.realMethod === 'OPTIONS') addVary(headers, REQUEST_METHOD);
    this.#allowOrigin(request, headers);
    if (headers[ALLOW_ORIGIN] !== undefined) {
      if (this.#credentials) headers[ALLOW_CREDENTIALS] = 'true';
      // Only a Precognition answer carries the Precognition headers, so only it exposes them.
      const exposed = request.isPrecognitive ? this.#exposedToPrecognition : this.#exposed;
      if (exposed !== '') headers[EXPOSE_HEADERS] = exposed;
    }
  }

  /**
   * CORS around `inner` as one handler (preflights answered, the headers
   * added to every other answer): for embedding the policy elsewhere. The
   * application does not use it: its kernel calls `answerPreflight` and
   * `decorate` directly. Synchronous answers stay synchronous.
   */
  wrap<S = void>(inner: Handler<S>, render: ErrorRenderer): Handler<S> {
    return (request, state) => {
      const preflight = this.answerPreflight(request);
      if (preflight !== undefined) return preflight;
      let result: ReturnType<Handler<S>>;
      try {
        result = inner(request, state);
      } catch (error) {
        return this.actual(request, render(error, request));
      }
      if (!isThenable<JsonResponse>(result)) return this.actual(request, result);
      return Promise.resolve(result).then(
        (response) => this.actual(request, response),
        (error) => this.actual(request, render(error, request)),
      );
    };
  }

  /** The answer to a preflight: 204 with the allowed methods, headers and max age when the origin is allowed. */
  preflight(request: HttpRequest): JsonResponse {
    const headers: HeaderMap = {};
    this.#allowOrigin(request, headers);
    if (headers[ALLOW_ORIGIN] === undefined) {
      headers['vary'] = this.#refusedPreflightVary;
      return new JsonResponse(undefined, 204, headers);
    }
    if (this.#credentials) headers[ALLOW_CREDENTIALS] = 'true';
    headers[ALLOW_METHODS] = this.#methods ?? requestedMethod(request);
    headers[ALLOW_HEADERS] = this.#headers ?? requestedHeaders(request);
    if (this.#maxAge !== undefined) headers[MAX_AGE] = this.#maxAge;
    headers['vary'] = this.#preflightVary;
    return new JsonResponse(undefined, 204, headers);
  }

  /** `response` with the actual-request headers, on a copy (a response object may be shared). */
  actual(request: HttpRequest, response: JsonResponse): JsonResponse {
    const headers = copyHeaders(response.headers);
    this.decorate(request, headers);
    return new JsonResponse(response.body, response.status, headers);
  }

  /** fruitcake/php-cors's `configureAllowedOrigin`. */
  #allowOrigin(request: HttpRequest, headers: HeaderMap): void {
    if (this.#mode === 'any') {
      headers[ALLOW_ORIGIN] = '*';
    } else if (this.#mode === 'single') {
      headers[ALLOW_ORIGIN] = this.#singleOrigin;
    } else {
      const origin = request.raw.headers.origin;
      if (origin !== undefined && this.#allows(origin)) headers[ALLOW_ORIGIN] = origin;
      addVary(headers, 'Origin');
    }
  }

  /** `isOriginAllowed`: a listed origin, or (echoable and short) any origin under `*`, a wildcard or a pattern. */
  #allows(origin: string): boolean {
    if (this.#origins.has(origin)) return true;
    if (origin.length > MAX_ORIGIN_LENGTH || !ECHOABLE_ORIGIN.test(origin)) return false;
    if (this.#allowsAnyOrigin) return true;
    for (const matches of this.#originMatchers) if (matches(origin)) return true;
    return false;
  }
}

/** A preflight, as the host framework tells it: `OPTIONS` with `Access-Control-Request-Method` (`Origin` is not required). */
function isPreflight(request: HttpRequest): boolean {
  return request.realMethod === 'OPTIONS' && request.raw.headers['access-control-request-method'] !== undefined;
}

/** The method asked for, upper-cased; empty when it is not a method name. */
function requestedMethod(request: HttpRequest): string {
  const method = request.raw.headers['access-control-request-method'];
  return typeof method === 'string' && method.length <= MAX_METHOD_LENGTH && TOKEN.test(method) ? method.toUpperCase() : '';
}

/** The headers asked for, as sent; empty when absent, too long or not a list of header names. */
function requestedHeaders(request: HttpRequest): string {
  const asked = request.raw.headers['access-control-request-headers'];
  return typeof asked === 'string' && asked.length <= MAX_REQUEST_HEADERS_LENGTH && HEADER_LIST.test(asked) ? asked : '';
}

/** The configured exposed headers and the Precognition ones, each once. */
function withPrecognitionHeaders(configured: readonly string[]): string {
  const names = [...configured];
  const seen = new Set(configured.map((name) => name.toLowerCase()));
  for (const name of PRECOGNITION_HEADERS) if (!seen.has(name.toLowerCase())) names.push(name);
  return names.join(', ');
}
