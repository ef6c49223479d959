import type { HttpRequest, RequestRoute } from '../http/request.js';
import { compileWildcard, type WildcardMatcher } from '../php/str-is.js';

/** Tells whether CORS applies to a request's path. */
export type PathMatcher = (request: HttpRequest) => boolean;

/**
 * The host framework's `HandleCors::hasMatchingPath`: each pattern (slashes
 * trimmed, except `/` itself) is matched with `Str::is` against the decoded
 * path without its leading and trailing slashes (`$request->is()`), and,
 * when it names a scheme (`https://api.example.com/*`), against the full URL
 * (`$request->fullUrlIs()`). Compiled once; the full URL is only built when
 * such a pattern exists and the path did not match.
 */
export function compilePaths(patterns: readonly string[]): PathMatcher {
  const onPath: WildcardMatcher[] = [];
  const onUrl: WildcardMatcher[] = [];
  for (const pattern of patterns) {
    const trimmed = pattern === '/' ? pattern : trimSlashes(pattern);
    (trimmed.includes('://') ? onUrl : onPath).push(compileWildcard(trimmed));
  }
  if (onPath.length === 0 && onUrl.length === 0) return () => false;
  const onPathMatches = (pathInfo: string): boolean => {
    const path = decodedPath(pathInfo);
    if (path !== undefined) for (const matches of onPath) if (matches(path)) return true;
    return false;
  };
  if (onUrl.length === 0) return matchedOncePerRoute(onPathMatches);
  return (request) => {
    if (onPathMatches(request.pathInfo)) return true;
    const url = fullUrl(request);
    for (const matches of onUrl) if (matches(url)) return true;
    return false;
  };
}

/**
 * A matcher that depends on the path alone, asked once per route: a request sent to a route's own
 * path (as registered, not percent-encoded) gets the route's answer; any other request is matched itself.
 * Bounded by the number of routes.
 */
function matchedOncePerRoute(onPathMatches: (pathInfo: string) => boolean): PathMatcher {
  const byRoute = new Map<RequestRoute, boolean>();
  return (request) => {
    const route = request.route();
    if (route === undefined || route.path !== request.pathInfo) return onPathMatches(request.pathInfo);
    let matches = byRoute.get(route);
    if (matches === undefined) {
      matches = onPathMatches(route.path);
      byRoute.set(route, matches);
    }
    return matches;
  };
}

/** `$request->decodedPath()`: slashes trimmed (`/` for the root), then percent-decoded; undefined when not UTF-8 (PCRE's `/u` then matches nothing). */
export function decodedPath(path: string): string | undefined {
  const trimmed = trimSlashes(path);
  if (trimmed === '') return '/';
  // One pass: only a percent sign or a byte beyond ASCII needs decoding.
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if (code === 0x25 || code > 0x7f) return rawUrlDecode(trimmed);
  }
  return trimmed;
}

/** `$request->fullUrl()` without the host framework's query normalisation: scheme, host, path (no trailing slash), raw query. */
function fullUrl(request: HttpRequest): string {
  let end = request.pathInfo.length;
  while (end > 0 && request.pathInfo.charCodeAt(end - 1) === 0x2f) end--;
  const path = request.pathInfo.slice(0, end);
  return `${request.scheme}://${request.httpHost()}${path}${request.rawQuery === '' ? '' : `?${request.rawQuery}`}`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The value without leading and trailing slashes (the value itself when it has none). */
function trimSlashes(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) === 0x2f) start++;
  while (end > start && value.charCodeAt(end - 1) === 0x2f) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** PHP's `rawurldecode` on the bytes node:http read (latin1), then strict UTF-8. */
function rawUrlDecode(value: string): string | undefined {
  const bytes = Buffer.from(value, /[^\x00-\xff]/.test(value) ? 'utf8' : 'latin1');
  const out = Buffer.allocUnsafe(bytes.length);
  let size = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x25 && i + 2 < bytes.length) {
      const high = hexValue(bytes[i + 1]!);
      const low = hexValue(bytes[i + 2]!);
      if (high !== -1 && low !== -1) {
        out[size++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    out[size++] = byte;
  }
  try {
    return utf8.decode(out.subarray(0, size));
  } catch {
    return undefined;
  }
}

/** The value of one hexadecimal digit (an ASCII code), or -1. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}
