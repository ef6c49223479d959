/**
 * egulias' DomainLiteral parser: `[...]` after the `@`. It fails only on a
 * NUL, a backslash, a `[` or a lone CR inside; everything else parses with
 * a warning (DomainLiteral, or AddressLiteral for an IPv4 address or an
 * `IPv6:` tag, with the IPv6 form checks), so `email:strict` refuses every
 * literal. The loop stops at the `]`, or before the last token as
 * doctrine's `moveNext` answers false there.
 */
import { parseFoldingWhiteSpace } from './folding-white-space.js';
import { type EmailLexer, T } from './lexer.js';
import type { Warnings } from './warnings.js';
import { utf8AsLatin1 } from '../utf8-bytes.js';

/**
 * DomainLiteral::IPV4_REGEX, an IPv4 address at the end; PCRE's `$` (no
 * `D` flag) also matches before a final line feed. Each start tries at most
 * 15 characters: linear.
 */
const IPV4_AT_END = /\b(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)(?=\n?$)/;
/** The group test of checkIPV6Tag (`/^[0-9A-Fa-f]{0,4}$/`, the same `$`). */
const IPV6_GROUP = /^[0-9A-Fa-f]{0,4}\n?$/;

/** DomainLiteral::parse, at the `[`. */
export function parseDomainLiteral(lexer: EmailLexer, warnings: Warnings): boolean {
  if (lexer.isNext(T.COLON) || (lexer.isNext(T.IPV6TAG) && lexer.typeAfterNext === T.DOUBLECOLON)) warnings.add('IPV6ColonStart');
  let ipv6Tag = false;
  let literal = '';
  do {
    const t = lexer.type;
    if (t === T.NUL) return false; // ExpectingDTEXT
    if (t === T.INVALID || t === T.DEL || t === T.LF || t === T.BACKSLASH) warnings.add('ObsoleteDTEXT');
    if (lexer.isNext(T.OPENBRACKET)) return false; // ExpectingDTEXT
    if (lexer.isNextAny(T.HTAB, T.SP, T.CRLF)) {
      warnings.add('CFWSWithFWS');
      parseFoldingWhiteSpace(lexer, warnings); // its answer is not read there either
    }
    if (lexer.isNext(T.CR)) return false; // CRNoLF
    if (t === T.BACKSLASH) return false; // UnusualElements
    if (t === T.IPV6TAG) ipv6Tag = true;
    if (t === T.CLOSEBRACKET) break;
    literal += lexer.value;
  } while (lexer.moveNext());
  literal = literal.replaceAll('[', '');
  const ipv4 = IPV4_AT_END.exec(literal);
  if (ipv4 !== null && ipv4.index === 0) {
    warnings.add('AddressLiteral'); // a plain IPv4 address
    return true;
  }
  // convertIPv4ToIPv6: a trailing IPv4 address counts as two IPv6 groups.
  if (ipv4 !== null) literal = literal.slice(0, ipv4.index) + '0:0';
  if (!ipv6Tag) {
    warnings.add('DomainLiteral');
    return true;
  }
  warnings.add('AddressLiteral');
  checkIpv6(lexer, literal, warnings);
  return true;
}

/** DomainLiteral::checkIPV6Tag on the literal after its first 5 octets (`IPv6:`), as PHP's `substr`. */
function checkIpv6(lexer: EmailLexer, literal: string, warnings: Warnings): void {
  if (lexer.previousType === T.COLON) warnings.add('IPV6ColonEnd');
  // Octets as Latin-1 characters, so offsets and `substr` are PHP's.
  const ipv6 = utf8AsLatin1(literal).slice(5);
  const groups = ipv6.split(':');
  const colons = ipv6.indexOf('::');
  if (groups.some((group) => !IPV6_GROUP.test(group))) warnings.add('IPV6BadChar');
  if (colons === -1) {
    if (groups.length !== 8) warnings.add('IPV6GroupCount');
    return;
  }
  if (colons !== ipv6.lastIndexOf('::')) {
    warnings.add('IPV6DoubleColon');
    return;
  }
  // RFC 4291 allows `::` at either end with 7 other groups.
  const maxGroups = colons === 0 || colons === ipv6.length - 2 ? 9 : 8;
  if (groups.length > maxGroups) warnings.add('IPV6MaxGroups');
  else if (groups.length === maxGroups) warnings.add('IPV6Deprecated');
}
