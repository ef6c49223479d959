/**
 * Laravel's URL, host and method accessors of a request (`Illuminate\Http\Request`
 * and the Symfony methods it calls): `path()`, `url()`, `fullUrl()`, `is()`,
 * `host()`, `ip()`, `method()`... Nothing is computed until asked.
 */
import { createHash } from 'node:crypto';
import { RequestBase } from './request-base.js';
import type { RequestRoute } from './request-record.js';
import { arrForget, keyOf } from './data-path.js';
import { buildQuery, normalizeQuery, strIs } from './url-text.js';
import { isObject, type InputBag } from '../own.js';
import { trimEndChars } from '../../php/trim-chars.js';

export abstract class InteractsWithUrl extends RequestBase {
  /** The HTTP method, upper case, with a POST's override (`_method`, `X-HTTP-Method-Override`) once routing starts (Laravel's `method()`). */
  method(): string {
    return this.spoofedMethod;
  }

  /** Symfony's `getMethod()`: the same as `method()`. */
  getMethod(): string {
    return this.spoofedMethod;
  }

  /** True when the method is `method`, in any case (Symfony's `isMethod()`). */
  isMethod(method: string): boolean {
    return typeof method === 'string' && this.spoofedMethod === method.toUpperCase();
  }

  /** The path without its slashes, `foo/bar`, or `/` for the root (as sent, still percent-encoded). */
  path(): string {
    const trimmed = trimSlashes(this.pathInfo);
    return trimmed === '' ? '/' : trimmed;
  }

  /** `path()` percent-decoded (PHP's `rawurldecode`: `+` stays; a malformed escape stays as sent). */
  decodedPath(): string {
    return rawUrlDecode(this.path());
  }

  /** The non-empty segments of the decoded path: `foo/bar//baz` → `['foo', 'bar', 'baz']`. */
  segments(): string[] {
    const memo = this.memo();
    return (memo.segments ??= this.decodedPath()
      .split('/')
      .filter((segment) => segment !== ''));
  }

  /** One segment, counted from 1, or `fallback`. */
  segment(index: number, fallback?: string | null): string | null | undefined {
    const position = typeof index === 'number' || typeof index === 'string' ? Number(index) : Number.NaN;
    const value = Number.isInteger(position) ? this.segments()[position - 1] : undefined;
    return value ?? fallback;
  }

  /** True when the decoded path matches one of the patterns (`*` matches anything, slashes included): `is('admin/*')`. */
  is(...patterns: unknown[]): boolean {
    return strIs(patterns, this.decodedPath());
  }

  /** True when `fullUrl()` matches one of the patterns: `fullUrlIs('https://example.com/*')`. */
  fullUrlIs(...patterns: unknown[]): boolean {
    return strIs(patterns, this.fullUrl());
  }

  /** True when the route's name matches one of the patterns: `routeIs('items.*')`. False for an unnamed route. */
  routeIs(...patterns: unknown[]): boolean {
    const name = this.matchedRoute?.getName();
    return name !== undefined && strIs(patterns, name);
  }

  /**
   * The route that matched, or (with a name) one of its parameters, else
   * `fallback`. Switchyard's routes are exact paths, so a parameter is
   * always `fallback`.
   */
  route(): RequestRoute | undefined;
  route(parameter: string, fallback?: unknown): unknown;
  route(parameter?: unknown, fallback?: unknown): unknown {
    if (parameter === undefined || parameter === null) return this.matchedRoute;
    return fallback;
  }

  /**
   * A SHA-1 of the route's methods, its path and the client's address
   * (Laravel's `fingerprint()`): the same caller on the same route.
   */
  fingerprint(): string {
    const route = this.matchedRoute;
    const parts =
      route === undefined ? [this.realMethod, '', trimLeadingSlash(this.pathInfo)] : [...route.methods, '', trimLeadingSlash(route.path)];
    return createHash('sha1')
      .update(`${parts.join('|')}|${this.ip()}`)
      .digest('hex');
  }

  /** `scheme://host[:port]` without the path: Laravel's `root()`. */
  root(): string {
    return trimEndChars(this.schemeAndHttpHost(), '/');
  }

  /** The URL without the query string and without a trailing slash: `https://example.com/foo/bar`. */
  url(): string {
    return trimEndChars(`${this.schemeAndHttpHost()}${this.pathInfo}`, '/');
  }

  /**
   * The URL with its query string, normalised as Laravel's `fullUrl()` does
   * (keys sorted, values encoded as RFC 3986): `https://foo.com/?a=b`; the
   * root without a query is `https://foo.com`.
   */
  fullUrl(): string {
    const query = this.rawQuery === '' ? '' : normalizeQuery(this.query());
    return query === '' ? this.url() : `${this.url()}${this.#question()}${query}`;
  }

  /** `fullUrl()` with `query` merged over the request's query: `fullUrlWithQuery({ page: 2 })`. */
  fullUrlWithQuery(query: InputBag): string {
    const current = this.query();
    const extra = isObject(query) ? query : {};
    if (Object.keys(current).length > 0) return `${this.url()}${this.#question()}${buildQuery(mergeQuery(current, extra))}`;
    return `${this.fullUrl()}${this.#question()}${buildQuery(extra)}`;
  }

  /** `fullUrl()` without some query keys (dot paths reach nested ones): `fullUrlWithoutQuery(['page'])`. */
  fullUrlWithoutQuery(keys: unknown): string {
    const query = arrForget(this.query(), Array.isArray(keys) ? keys : [keys]);
    return Object.keys(query).length > 0 ? `${this.url()}${this.#question()}${buildQuery(query)}` : this.url();
  }

  #question(): string {
    return this.pathInfo === '/' ? '/?' : '?';
  }

  /** `http` or `https` (Symfony's `getScheme()`). */
  getScheme(): 'http' | 'https' {
    return this.scheme;
  }

  /** True over HTTPS (or behind a trusted proxy that says so). */
  secure(): boolean {
    return this.scheme === 'https';
  }

  /** Symfony's `isSecure()`: the same as `secure()`. */
  isSecure(): boolean {
    return this.secure();
  }

  /** The host name without the port, lower case: `example.com` (X-Forwarded-Host from a trusted proxy). */
  host(): string {
    return this.getHost();
  }

  /** Symfony's `getHost()`: the same as `host()`. */
  getHost(): string {
    return hostWithoutPort(this.clientView().host).toLowerCase();
  }

  /** The host (lower case) with its port when that is not the scheme's default: `example.com:8080`. */
  httpHost(): string {
    const host = this.getHost();
    const port = portOf(this.clientView().host);
    if (port === '' || port === (this.scheme === 'https' ? '443' : '80')) return host;
    return `${host}:${port}`;
  }

  /** Symfony's `getHttpHost()`: the same as `httpHost()`. */
  getHttpHost(): string {
    return this.httpHost();
  }

  /** `scheme://httpHost`: `https://example.com:8080`. */
  schemeAndHttpHost(): string {
    return `${this.scheme}://${this.httpHost()}`;
  }

  /** Symfony's `getSchemeAndHttpHost()`: the same as `schemeAndHttpHost()`. */
  getSchemeAndHttpHost(): string {
    return this.schemeAndHttpHost();
  }

  /** The client's address (from X-Forwarded-For when the peer is a trusted proxy). */
  ip(): string {
    return this.clientView().ip;
  }

  /** Symfony's `getClientIp()`: the same as `ip()`. */
  getClientIp(): string {
    return this.ip();
  }

  /** Every client address, closest first, trusted proxies left out (Laravel's `ips()`). */
  ips(): string[] {
    return this.config.trusted_proxies.ips(this.raw);
  }

  /** Symfony's `getClientIps()`: the same as `ips()`. */
  getClientIps(): string[] {
    return this.ips();
  }

  /** The `User-Agent` header, or undefined. */
  userAgent(): string | undefined {
    return this.header('user-agent');
  }
}

/** PHP's `array_merge` of two query bags: string keys replaced, numeric keys appended. */
function mergeQuery(current: InputBag, extra: InputBag): InputBag {
  const merged: InputBag = {};
  let next = 0;
  const put = (key: string, value: unknown) => {
    if (/^(0|-?[1-9]\d*)$/.test(key)) merged[String(next++)] = value;
    else if (key !== '__proto__') merged[key] = value;
  };
  for (const key of Object.keys(current)) put(key, current[key]);
  for (const key of Object.keys(extra)) put(keyOf(key) ?? key, extra[key]);
  return merged;
}

function trimSlashes(path: string): string {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 0x2f) start++;
  while (end > start && path.charCodeAt(end - 1) === 0x2f) end--;
  return start === 0 && end === path.length ? path : path.slice(start, end);
}

function trimLeadingSlash(path: string): string {
  const trimmed = trimSlashes(path);
  return trimmed === '' ? '/' : trimmed;
}

/** The port of a `Host` value (`[::1]:8080` too), or '' when it has none. */
function portOf(host: string): string {
  const colon = host.lastIndexOf(':');
  if (colon === -1 || colon < host.lastIndexOf(']')) return '';
  return host.slice(colon + 1);
}

function hostWithoutPort(host: string): string {
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    return close === -1 ? host : host.slice(0, close + 1);
  }
  return host.replace(/:\d*$/, '');
}

/** PHP's `rawurldecode`: each `%XX` a byte, read as UTF-8; a sequence that is not UTF-8 or not an escape stays as sent. */
function rawUrlDecode(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}
