/**
 * `email:filter` and `email:filter_unicode`: PHP 8.2's `FILTER_VALIDATE_EMAIL`
 * (Laravel's FilterEmailValidation), without and with
 * `FILTER_FLAG_EMAIL_UNICODE`. PHP matches one pattern (after Michael
 * Rushton's); this scanner accepts what that pattern accepts, in one pass:
 * - at most 320 octets, fewer than 255 "units" (a character, or a backslash
 *   and an ASCII character, each with an optional quote on either side), and
 *   no `@` after 65 units or more;
 * - a local part of dot-separated atoms (`! # $ % & ' * + - / = ? ^ _ \``
 *   `{ | } ~`, letters, digits) or quoted strings (no space, tab, CR, LF or
 *   NUL unless escaped); with the flag, also any Unicode letter or number;
 * - a host name of two labels or more (ASCII letters, digits, inner
 *   hyphens; at most 63 characters; the last starting with a letter), or an
 *   IPv4 / `IPv6:` address literal.
 * Where PHP's pattern backtracks past PCRE's limit it answers false: see
 * docs/validation.md.
 */
import { PCRE_UNASSIGNED } from './pcre-unassigned.js';
import { utf8ByteLength } from '../utf8-bytes.js';

const MAX_OCTETS = 320;
const MAX_UNITS = 255;
const MAX_LOCAL_UNITS = 65;
const LABEL_MAX = 63;

const ASCII = /^[\x00-\x7f]*$/;
const ATOM_ASCII = /[!#-'*+\-/-9=?A-Z^-~]/;
const QUOTED_ASCII = /[\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]/;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
/** PCRE's caseless `[a-z]` in UTF mode also takes `ſ` (U+017F) and the Kelvin sign (U+212A). */
const HOST_LETTER = /[a-z]/iu;
const HOST_ALNUM = /[a-z0-9]/iu;
const ASCII_HOST_LETTER = /[a-z]/i;
const ASCII_HOST_ALNUM = /[a-z0-9]/i;

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const HEX = '[a-f0-9]{1,4}';
/** The IPv6 forms of the pattern, after `IPv6:`; the compressed ones with a bound on their groups. */
const IPV6_FULL = new RegExp(`^${HEX}(?::${HEX}){7}$`, 'i');
const IPV6_COMPRESSED = new RegExp(`^(?:${HEX}(?::${HEX}){0,5})?::(?:${HEX}(?::${HEX}){0,5})?$`, 'i');
const IPV6_V4_FULL = new RegExp(`^${HEX}(?::${HEX}){5}:$`, 'i');
const IPV6_V4_COMPRESSED = new RegExp(`^(?:${HEX}(?::${HEX}){0,3})?::(?:${HEX}(?::${HEX}){0,3}:)?$`, 'i');
const IPV6_TAG = /^IPv6:/i;
/** Hex digits before a `:` or the closing `]`: the pattern's lookaheads count them (`[a-f0-9][:\]]`). */
const HEX_BEFORE_COLON = /[a-f0-9](?=:)/gi;

export function isFilterEmail(value: string, unicode: boolean): boolean {
  if (!unicode && !ASCII.test(value)) return false;
  if (utf8ByteLength(value) > MAX_OCTETS) return false;
  const chars = Array.from(value);
  if (!withinUnitLimits(chars)) return false;
  const at = localPartEnd(chars, unicode);
  if (at < 0) return false;
  const domain = chars.slice(at + 1);
  if (domain[0] === '[') return domain[domain.length - 1] === ']' && isAddressLiteral(domain.slice(1, -1).join(''));
  return isHostName(domain, unicode);
}

/** The two length lookaheads: fewer than 255 units from the start, and no `@` after 65 units or more. */
function withinUnitLimits(chars: readonly string[]): boolean {
  let units = 0;
  let i = 0;
  for (;;) {
    let j = chars[i] === '"' ? i + 1 : i;
    if (j >= chars.length || chars[j] === '"') return true;
    if (chars[j] === '\\') {
      if (j + 1 >= chars.length || chars[j + 1]!.codePointAt(0)! > 0x7e) return true;
      j += 2;
    } else {
      j++;
    }
    units++;
    if (units >= MAX_UNITS) return false;
    // The unit may end before or after one quote: either end may be followed by the `@`.
    const quote = chars[j] === '"';
    if (units >= MAX_LOCAL_UNITS && (chars[j] === '@' || (quote && chars[j + 1] === '@'))) return false;
    // Two quotes: the first closes this unit and the second opens the next (a third can go nowhere).
    i = quote && chars[j + 1] === '"' ? j + 1 : j;
  }
}

/** The index of the `@` after a local part of atoms and quoted strings joined by dots, or -1. */
function localPartEnd(chars: readonly string[], unicode: boolean): number {
  // PCRE's \pL and \pN, of Unicode 14.
  const extra = (c: string): boolean => unicode && LETTER_OR_NUMBER.test(c) && !PCRE_UNASSIGNED.test(c);
  let i = 0;
  for (;;) {
    if (chars[i] === '"') {
      i++;
      for (;;) {
        const c = chars[i];
        if (c === undefined) return -1;
        if (c === '"') break;
        if (c === '\\') {
          const escaped = chars[i + 1];
          if (escaped === undefined || escaped.codePointAt(0)! > 0x7f) return -1;
          i += 2;
        } else if ((c.length === 1 && QUOTED_ASCII.test(c)) || extra(c)) {
          i++;
        } else {
          return -1;
        }
      }
      i++;
    } else {
      const start = i;
      while (i < chars.length && ((chars[i]!.length === 1 && ATOM_ASCII.test(chars[i]!)) || extra(chars[i]!))) i++;
      if (i === start) return -1;
    }
    if (chars[i] === '@') return i;
    if (chars[i] !== '.') return -1;
    i++;
  }
}

/** Two labels or more of letters, digits and inner hyphens, at most 63 long, the last starting with a letter. */
function isHostName(domain: readonly string[], unicode: boolean): boolean {
  const letter = unicode ? HOST_LETTER : ASCII_HOST_LETTER;
  const alnum = unicode ? HOST_ALNUM : ASCII_HOST_ALNUM;
  const labels: string[][] = [[]];
  for (const c of domain) {
    if (c === '.') labels.push([]);
    else labels[labels.length - 1]!.push(c);
  }
  if (labels.length < 2) return false;
  return labels.every((label, index) => {
    if (label.length === 0 || label.length > LABEL_MAX) return false;
    if (!alnum.test(label[0]!) || !alnum.test(label[label.length - 1]!)) return false;
    if (index === labels.length - 1 && !letter.test(label[0]!)) return false;
    return label.every((c) => c === '-' || alnum.test(c));
  });
}

/** What is between the brackets: IPv4, `IPv6:` and 8 groups (or up to 6 around `::`), or `IPv6:` groups then IPv4. */
function isAddressLiteral(inner: string): boolean {
  if (IPV4.test(inner)) return true;
  if (!IPV6_TAG.test(inner)) return false;
  const ipv6 = inner.slice(5);
  // The pattern's lookaheads read from here to the end of the input, the `]` included.
  const groups = (ipv6.match(HEX_BEFORE_COLON)?.length ?? 0) + (/[a-f0-9]$/i.test(ipv6) ? 1 : 0);
  if (IPV6_FULL.test(ipv6) || (groups < 7 && IPV6_COMPRESSED.test(ipv6))) return true;
  const lastColon = ipv6.lastIndexOf(':');
  const head = ipv6.slice(0, lastColon + 1);
  if (!IPV4.test(ipv6.slice(lastColon + 1))) return false;
  const colonPairs = head.match(HEX_BEFORE_COLON)?.length ?? 0;
  return IPV6_V4_FULL.test(head) || (colonPairs < 5 && IPV6_V4_COMPRESSED.test(head));
}
