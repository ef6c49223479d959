/**
 * egulias' LocalPart and DoubleQuote parsers: the part before the `@`,
 * from the current token (the first) to the `@`, which it leaves current.
 * Dots may not start, end or double; `, [ ] < > : ;` are refused outside
 * quotes; a quoted string must be followed by the `@`.
 */
import { escaped, parseComment, parseFoldingWhiteSpace } from './folding-white-space.js';
import { type EmailLexer, T } from './lexer.js';
import type { Warnings } from './warnings.js';
import { utf8ByteLength } from '../utf8-bytes.js';

/** LocalTooLong::LOCAL_PART_LENGTH, in octets. */
const LOCAL_PART_MAX = 64;

const INVALID_TOKENS = new Set<number>([
  T.COMMA,
  T.CLOSEBRACKET,
  T.OPENBRACKET,
  T.GREATERTHAN,
  T.LOWERTHAN,
  T.COLON,
  T.SEMICOLON,
  T.INVALID,
]);

/** LocalPart::parse; returns the local part as egulias records it (null: invalid). */
export function parseLocalPart(lexer: EmailLexer, warnings: Warnings): string | null {
  lexer.startRecording();
  while (lexer.type !== T.AT && lexer.type !== T.EMPTY) {
    if (lexer.type === T.DOT && lexer.previousType === T.EMPTY) return null; // DotAtStart
    if (lexer.type === T.DQUOTE && !parseDoubleQuote(lexer, warnings)) return null;
    if ((lexer.type === T.OPENPARENTHESIS || lexer.type === T.CLOSEPARENTHESIS) && !parseComment(lexer, warnings, false)) return null;
    if (lexer.type === T.DOT && (lexer.isNext(T.DOT) || lexer.isNext(T.AT))) return null; // ConsecutiveDot, DotAtEnd
    if (lexer.type === T.BACKSLASH && lexer.isNext(T.GENERIC)) return null; // an atom after an escape
    if (INVALID_TOKENS.has(lexer.type)) return null;
    if (!parseFoldingWhiteSpace(lexer, warnings)) return null;
    lexer.moveNext();
  }
  lexer.stopRecording();
  const local = rtrimAt(lexer.accumulated);
  if (utf8ByteLength(local) > LOCAL_PART_MAX) warnings.add('LocalTooLong');
  return local;
}

/** PHP's `rtrim($s, '@')`. */
function rtrimAt(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 64) end--;
  return s.slice(0, end);
}

/** DoubleQuote::parse, at the opening quote; leaves the closing quote current. */
function parseDoubleQuote(lexer: EmailLexer, warnings: Warnings): boolean {
  if (!checkQuote(lexer, warnings)) return false;
  lexer.moveNext();
  let warnSpecials = true;
  while (lexer.type !== T.DQUOTE && lexer.type !== T.EMPTY) {
    if (warnSpecials && (lexer.type === T.CR || lexer.type === T.HTAB || lexer.type === T.LF)) {
      warnings.add('CFWSWithFWS');
      warnSpecials = false;
    }
    if (lexer.type === T.BACKSLASH && lexer.isNext(T.DQUOTE)) lexer.moveNext();
    lexer.moveNext();
    const t = lexer.type;
    if (!escaped(lexer) && (t === T.NUL || t === T.HTAB || t === T.CR || t === T.LF)) return false;
  }
  const previous = lexer.previousType;
  if (previous === T.BACKSLASH && !checkQuote(lexer, warnings)) return false;
  return lexer.isNext(T.AT) || previous === T.BACKSLASH;
}

/** DoubleQuote::checkDQUOTE: not glued between two atoms, and closed somewhere after. */
function checkQuote(lexer: EmailLexer, warnings: Warnings): boolean {
  if (lexer.isNext(T.GENERIC) && lexer.previousType === T.GENERIC) return false;
  if (!lexer.find(T.DQUOTE)) return false; // UnclosedQuotedString
  warnings.add('QuotedString');
  return true;
}
