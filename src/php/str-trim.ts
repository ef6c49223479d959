/**
 * Laravel 11's `Str::trim()`: its regex `[\s<invisible characters> \n\r\t\v\0]`
 * at both ends, with PHP's `/u` (Unicode `\s`), checked code point by code
 * point on PHP 8.2 (see `WIDE`). Browser-safe: the typed client trims input
 * as the server's `trim_strings` does before it checks it.
 */

/**
 * The others: `\s` under PHP's `/u` (NEL, the Unicode space separators, the
 * line and paragraph separators) and Laravel's `Str::INVISIBLE_CHARACTERS`
 * (soft hyphen, joiners, direction marks, fillers, Braille blank, BOM...).
 * Checked code point by code point against `Str::trim()` on PHP 8.2.
 */
// Pure: a bundle that never trims (the browser client without rules) leaves the table out.
const WIDE: ReadonlySet<number> = /* @__PURE__ */ new Set([
  0x85, 0xa0, 0xad, 0x34f, 0x61c, 0x115f, 0x1160, 0x1680, 0x17b4, 0x17b5, 0x180e, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2028, 0x2029, 0x202f, 0x205f, 0x2060, 0x2061, 0x2062, 0x2063,
  0x2064, 0x2065, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0x2800, 0x3000, 0x3164, 0xfeff, 0xffa0, 0x1d159, 0x1d173, 0x1d174,
  0x1d175, 0x1d176, 0x1d177, 0x1d178, 0x1d179, 0x1d17a, 0xe0020,
]);

/** True for a code point `Str::trim()` removes from either end. */
function isTrimmedCodePoint(cp: number): boolean {
  // ASCII: NUL, tab, LF, VT, FF, CR, space.
  return cp < 0x80 ? cp === 0x20 || cp === 0 || (cp >= 0x09 && cp <= 0x0d) : WIDE.has(cp);
}

/**
 * Laravel 11's `Str::trim($value)`: removes the characters above from both
 * ends. Linear (two scans, no regex); returns `value` itself when nothing
 * is removed, so an unchanged string costs no allocation.
 */
export function trimString(value: string): string {
  const length = value.length;
  if (length === 0) return value;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(length - 1);
  // The common case: printable ASCII at both ends.
  if (first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f) return value;
  let start = 0;
  while (start < length) {
    const cp = value.codePointAt(start)!;
    if (!isTrimmedCodePoint(cp)) break;
    start += cp > 0xffff ? 2 : 1;
  }
  if (start === length) return '';
  let end = length;
  for (;;) {
    let cp = value.charCodeAt(end - 1);
    let width = 1;
    if (cp >= 0xdc00 && cp <= 0xdfff && end - 2 >= start) {
      const high = value.charCodeAt(end - 2);
      if (high >= 0xd800 && high <= 0xdbff) {
        cp = (high - 0xd800) * 0x400 + (cp - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    if (!isTrimmedCodePoint(cp)) break;
    end -= width;
  }
  return start === 0 && end === length ? value : value.slice(start, end);
}
