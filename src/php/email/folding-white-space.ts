/**
 * egulias' FoldingWhiteSpace and Comment parsers (and PartParser's
 * `escaped`): white space and comments, in the local part (a comment there
 * must run up to the `@`) or in the domain (it must be followed by a dot).
 * Each returns whether the address is still valid; warnings go to `warnings`.
 */
import { type EmailLexer, T } from './lexer.js';
import type { Warnings } from './warnings.js';

/** PartParser::escaped: the previous token is a backslash and the current one is not an atom. */
export function escaped(lexer: EmailLexer): boolean {
  return lexer.previousType === T.BACKSLASH && lexer.type !== T.GENERIC;
}

function isFoldingWhiteSpace(type: number): boolean {
  return type === T.SP || type === T.HTAB || type === T.CR || type === T.LF || type === T.CRLF;
}

/** FoldingWhiteSpace::parse, at the current token. */
export function parseFoldingWhiteSpace(lexer: EmailLexer, warnings: Warnings): boolean {
  if (escaped(lexer) || !isFoldingWhiteSpace(lexer.type)) return true;
  const previous = lexer.previousType;
  if (lexer.type === T.CRLF && !lexer.isNextAny(T.SP, T.HTAB)) return false; // CRLFX2
  if (lexer.type === T.CR) return false; // CRNoLF
  if (lexer.isNext(T.GENERIC) && previous !== T.AT) return false; // AtextAfterCFWS
  if (lexer.type === T.LF || lexer.type === T.NUL) return false; // ExpectingCTEXT
  warnings.add(lexer.isNext(T.AT) || previous === T.AT ? 'CFWSNearAt' : 'CFWSWithFWS');
  return true;
}

/** Comment::parse with LocalComment (`inDomain` false) or DomainComment, at a parenthesis. */
export function parseComment(lexer: EmailLexer, warnings: Warnings, inDomain: boolean): boolean {
  let opened = 0;
  if (lexer.type === T.OPENPARENTHESIS) {
    opened++;
    if (!lexer.find(T.CLOSEPARENTHESIS)) return false; // UnclosedComment
  }
  if (lexer.type === T.CLOSEPARENTHESIS) return false; // UnOpenedComment
  warnings.add('Comment');
  let more = true;
  // LocalComment goes on until the `@`; DomainComment until the parentheses balance before a dot.
  while ((inDomain ? !(opened === 0 && lexer.isNext(T.DOT)) : !lexer.isNext(T.AT)) && more) {
    if (lexer.isNext(T.OPENPARENTHESIS)) opened++;
    if (lexer.type === T.BACKSLASH && lexer.isNextAny(T.SP, T.HTAB, T.DEL)) warnings.add('QuotedPart');
    if (lexer.isNext(T.CLOSEPARENTHESIS)) opened--;
    more = lexer.moveNext();
  }
  if (opened !== 0) return false; // UnclosedComment, UnOpenedComment
  if (inDomain) return lexer.isNext(T.DOT);
  if (!lexer.isNext(T.AT)) return false; // ExpectingATEXT
  warnings.add('CFWSNearAt');
  return true;
}
