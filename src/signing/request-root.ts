/**
 * The `scheme://host[:port]` a request was sent to, as the host framework's
 * `$request->url()` sees it: the request's `scheme` and `httpHost()` (which honour
 * X-Forwarded-* only from a trusted proxy), else `https` only on a TLS socket
 * and the `Host` header. The host is lower-cased and a default port dropped.
 * Absolute signatures cover this root, so a URL signed for one host does not
 * verify on another.
 */

/** What the signature check reads from a request (the `HttpRequest` class has all of it). */
export interface SignableRequest {
  /** The path as sent, without the query string (`HttpRequest.pathInfo`). */
  readonly pathInfo: string;
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
  /** The host and port the client addressed (the `HttpRequest` class has it; honours `trust_proxy`). */
  httpHost?(): string;
}

/**
 * The request's root URL, or `undefined` when the `Host` header is missing
 * or is not a bare host with an optional port.
 */
export function requestRoot(request: SignableRequest): string | undefined {
  const host = request.httpHost?.() ?? request.header('host');
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
