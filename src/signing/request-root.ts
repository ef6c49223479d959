/**
 * The `scheme://host[:port]` a request was sent to, as the host framework's
 * `$request->url()` sees it: the request's `scheme` and `httpHost()` (which honour
 * X-Forwarded-* only from a trusted proxy), else `https` only on a TLS socket
 * and the `Host` header. The host is lower-cased and a default port dropped.
 * Absolute signatures cover this root, so a URL signed for one host does not
 * verify on another.
 */

/**
 * What the signature check reads from a request: an `HttpRequest`, or a
 * plain object of the same facts (`path` and `host` as strings, as a test or
 * another framework's request gives them).
 */
export interface SignableRequest {
  /** The path as sent, without the query string (`HttpRequest.pathInfo`). */
  readonly pathInfo?: string;
  /** The same, on a plain object (a string; `HttpRequest.path()` is Laravel's, without the slash, and is not read). */
  readonly path?: string | (() => string);
  /** The raw query string without `?`. */
  readonly rawQuery: string;
  /** One header value. */
  header(name: string): string | undefined;
  /** One parsed query value (PHP rules: `a[]=x` is a list, a repeated name a list). */
  query(key: string): unknown;
  /** The Node request; only `socket.encrypted` is read, when `scheme` is absent. */
  readonly raw: { readonly socket?: unknown };
  /** `http` or `https` as the client saw it (the `HttpRequest` class has it; honours `trust_proxy`). */
  readonly scheme?: string;
  /** The host and port the client addressed (`HttpRequest.httpHost()`; honours `trust_proxy`). */
  httpHost?(): string;
  /** The same, on a plain object (a string). */
  readonly host?: string | (() => string);
}

/** The path as sent of either kind of signable request. */
export function sentPath(request: SignableRequest): string {
  if (request.pathInfo !== undefined) return request.pathInfo;
  return typeof request.path === 'string' ? request.path : '/';
}

/**
 * The request's root URL, or `undefined` when the `Host` header is missing
 * or is not a bare host with an optional port.
 */
export function requestRoot(request: SignableRequest): string | undefined {
  const host = request.httpHost?.() ?? (typeof request.host === 'string' ? request.host : undefined) ?? request.header('host');
  if (!host) return undefined;
  let scheme = request.scheme;
  if (scheme === undefined) {
    const socket = request.raw.socket as { encrypted?: unknown } | undefined;
    scheme = socket?.encrypted === true ? 'https' : 'http';
  }
  return originOf(`${scheme}://${host}`);
}

/**
 * The normalised origin (`scheme://host[:port]`, host lower-cased, default
 * port dropped) of an http(s) URL that has nothing after its host but an
 * optional `/`; `undefined` otherwise.
 */
export function originOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) return undefined;
  if (/[/?#@\\]/.test(url.slice(parsed.protocol.length + 2).replace(/\/$/, ''))) return undefined;
  return parsed.origin;
}
