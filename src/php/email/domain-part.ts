/**
 * egulias' DomainPart parser: the part after the `@`, to the end of the
 * input or the end of a domain literal (what follows a literal's `]` is not
 * read, as there). Atoms, hyphens and dots only (plus comments before a
 * dot); no dot or hyphen at either end; at most 253 octets; a label over 63
 * octets fails, and every label after the first is measured with the dot
 * before it, as egulias counts. No dot followed by an atom: the TLD warning.
 */
import { parseDomainLiteral } from './domain-literal.js';
import { parseComment, parseFoldingWhiteSpace } from './folding-white-space.js';
import { isLabelTooLong } from './label-length.js';
import { type EmailLexer, T } from './lexer.js';
import type { Warnings } from './warnings.js';
import { utf8ByteLength } from '../utf8-bytes.js';

/** DomainPart::DOMAIN_MAX_LENGTH, in octets. */
const DOMAIN_MAX = 253;

/** DomainPart::parse, at the `@`; returns the domain as egulias records it (null: invalid). */
export function parseDomainPart(lexer: EmailLexer, warnings: Warnings): string | null {
  lexer.clearRecorded();
  lexer.startRecording();
  lexer.moveNext();
  const t = lexer.type;
  if (t === T.DOT || t === T.HYPHEN) return null; // DotAtStart, DomainHyphened
  if (t === T.EMPTY || (t === T.SP && !lexer.isNext(T.GENERIC))) return null; // NoDomainPart
  if (t === T.OPENPARENTHESIS) warnings.add('DeprecatedComment');
  if (t === T.AT) return null; // ConsecutiveAt
  if (!parseLabels(lexer, warnings)) return null;
  const previous = lexer.previousType;
  if (previous === T.DOT || previous === T.HYPHEN || lexer.type === T.SP) return null; // DotAtEnd, DomainHyphened, CRLFAtTheEnd
  lexer.stopRecording();
  const domain = lexer.accumulated;
  return utf8ByteLength(domain) > DOMAIN_MAX ? null : domain;
}

/** DomainPart::doParseDomainPart. */
function parseLabels(lexer: EmailLexer, warnings: Warnings): boolean {
  let tldMissing = true;
  let hasComments = false;
  let label = '';
  do {
    const previous = lexer.previousType;
    if (lexer.type === T.BACKSLASH || lexer.type === T.SLASH) return false; // CharNotAllowed
    if (lexer.type === T.OPENPARENTHESIS || lexer.type === T.CLOSEPARENTHESIS) {
      hasComments = true;
      if (!parseComment(lexer, warnings, true)) return false;
    }
    if (lexer.type === T.DOT && lexer.isNext(T.DOT)) return false; // ConsecutiveDot
    if (lexer.type === T.OPENBRACKET) {
      const literal = lexer.find(T.CLOSEBRACKET) && parseDomainLiteral(lexer, warnings);
      if (tldMissing) warnings.add('TLD');
      return literal;
    }
    // checkLabelLength: the label so far is measured at each dot, which then starts the next one.
    if (lexer.type === T.DOT) {
      if (isLabelTooLong(label)) return false;
      label = '';
    }
    label += lexer.value;
    if (!parseFoldingWhiteSpace(lexer, warnings)) return false;
    if (lexer.type === T.DOT && lexer.isNext(T.GENERIC)) tldMissing = false;
    if (!checkExceptions(lexer, previous, hasComments)) return false;
    lexer.moveNext();
  } while (lexer.type !== T.EMPTY);
  if (isLabelTooLong(label)) return false;
  if (tldMissing) warnings.add('TLD');
  return true;
}

/** DomainPart::checkDomainPartExceptions and validateTokens. */
function checkExceptions(lexer: EmailLexer, previous: number, hasComments: boolean): boolean {
  const t = lexer.type;
  if (t === T.OPENBRACKET && previous !== T.AT) return false;
  if (t === T.HYPHEN && lexer.isNext(T.DOT)) return false; // DomainHyphened
  if (t === T.BACKSLASH && lexer.isNext(T.GENERIC)) return false;
  if (t === T.GENERIC || t === T.HYPHEN || t === T.DOT) return true;
  return hasComments && (t === T.OPENPARENTHESIS || t === T.CLOSEPARENTHESIS);
}
