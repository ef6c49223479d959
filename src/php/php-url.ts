/**
 * PHP's `parse_url($value, PHP_URL_HOST)`, which `active_url` reads: the
 * same walk as `php_url_parse_ex2` (PHP 8.2), down to its quirks (`a.com:80`
 * is a host and a port, `//host` a scheme-relative URL, control characters
 * in the host become `_`). One forward pass plus a few bounded searches.
 */

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const NOT_SCHEME = /[^A-Za-z0-9+.-]/;
const CONTROL = /[\x00-\x1f\x7f]/;
const CONTROLS = /[\x00-\x1f\x7f]/g;
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';

/** C's `strtol` on a port of at most 5 characters: its value, or null when no digit was read. */
function strtol(text: string): number | null {
  let i = 0;
  while (isSpace(text[i])) i++;
  let sign = 1;
  if (text[i] === '+' || text[i] === '-') {
    if (text[i] === '-') sign = -1;
    i++;
  }
  const from = i;
  let n = 0;
  while (isDigit(text[i])) n = n * 10 + (text.charCodeAt(i++) - 48);
  return i === from ? null : sign * n;
}

/** The first match of `re` (global) in `s` from `from`, or `s.length`. */
function firstOf(s: string, from: number, re: RegExp): number {
  re.lastIndex = from;
  return re.exec(s)?.index ?? s.length;
}
const QUERY_OR_FRAGMENT = /[?#]/g;
const AUTHORITY_END = /[/?#]/g;

/** PHP's `php_replace_controlchars`: each control character becomes `_` (code units, so a surrogate pair is never split). */
function replaceControls(host: string): string {
  if (!CONTROL.test(host)) return host;
  return host.replace(CONTROLS, '_');
}

/** `/^\/\//` at `at`. */
const slashes = (s: string, at: number): boolean => s[at] === '/' && s[at + 1] === '/' && at + 1 < s.length;

/**
 * The host `parse_url` finds in `s`, or null when it finds none or fails
 * (both falsy in PHP, which is all Laravel asks; a host `"0"` is falsy too).
 */
export function phpUrlHost(s: string): string | null {
  const end = s.length;
  let start = 0;
  /** A port read before the host (`a.com:80`): the host part then keeps its own colon. */
  let port = 0;
  const colon = s.indexOf(':');
  let parsePort = false;

  if (colon > 0) {
    if (NOT_SCHEME.test(s.slice(0, colon))) {
      if (!(colon + 1 < end && colon < firstOf(s, 0, QUERY_OR_FRAGMENT))) return slashes(s, 0) ? hostAt(s, 2, 0) : null;
      parsePort = true;
    }
    if (!parsePort) {
      if (colon + 1 === end) return null;
      if (s[colon + 1] !== '/') {
        let p = colon + 1;
        while (p < end && isDigit(s[p])) p++;
        if (!((p === end || s[p] === '/') && p - colon < 7)) return null;
        parsePort = true;
      } else {
        if (!(colon + 2 < end && s[colon + 2] === '/')) return null;
        start = colon + 3;
        // `file:///path` has no host.
        if (s.slice(0, colon).toLowerCase() === 'file' && colon + 3 < end && s[colon + 3] === '/') return null;
        return hostAt(s, start, 0);
      }
    }
  } else if (colon === 0) {
    parsePort = true;
  } else if (slashes(s, 0)) {
    return hostAt(s, 2, 0);
  } else {
    return null;
  }

  // parse_port: `host:port` without a scheme (`a.com:80/x`), or a relative URL with a colon.
  const p = colon + 1;
  let pp = p;
  while (pp < end && pp - p < 6 && isDigit(s[pp])) pp++;
  if (pp - p > 0 && pp - p < 6 && (pp === end || s[pp] === '/')) {
    const value = strtol(s.slice(p, pp));
    if (value === null || value < 0 || value > 65535) return null;
    port = value;
    if (slashes(s, start)) start += 2;
  } else if (p === pp && pp === end) {
    return null;
  } else if (slashes(s, start)) {
    start += 2;
  } else {
    return null;
  }
  return hostAt(s, start, port);
}

/** parse_host: the authority from `start`, without user info and port. */
function hostAt(s: string, from: number, port: number): string | null {
  let start = from;
  const authorityEnd = firstOf(s, start, AUTHORITY_END);
  const at = s.lastIndexOf('@', authorityEnd - 1);
  if (at >= start) start = at + 1;
  let hostEnd = authorityEnd;
  const ipv6 = start < s.length && s[start] === '[' && s[authorityEnd - 1] === ']';
  const portColon = ipv6 ? -1 : s.lastIndexOf(':', authorityEnd - 1);
  if (portColon >= start) {
    hostEnd = portColon;
    if (port === 0) {
      const digits = authorityEnd - portColon - 1;
      if (digits > 5) return null;
      if (digits > 0) {
        const value = strtol(s.slice(portColon + 1, authorityEnd));
        if (value === null || value < 0 || value > 65535) return null;
      }
    }
  }
  if (hostEnd - start < 1) return null;
  const host = replaceControls(s.slice(start, hostEnd));
  return host === '0' ? null : host;
}
