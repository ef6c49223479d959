/**
 * egulias' EmailParser (RFCValidation's parser): the local part, the `@`,
 * the domain, as Laravel's `email` and `email:rfc` read an address, and the
 * RFC warnings `email:strict` refuses. A port of egulias/email-validator
 * 3.2/4.0 (the versions Laravel 11 accepts), checked against PHP's answers
 * (tests/php/email/rfc-parser.test.ts).
 */
import { parseDomainPart } from './domain-part.js';
import { EmailLexer, T } from './lexer.js';
import { parseLocalPart } from './local-part.js';
import type { Warnings } from './warnings.js';
import { utf8ByteLength } from '../utf8-bytes.js';

/** EmailParser::EMAIL_MAX_LENGTH, in octets: longer addresses parse, with a warning. */
const EMAIL_MAX = 254;
const LOCAL_MAX = 64;
const LABEL_MAX = 63;

/** EmailParser::parse on `lexer`: is the address valid? Its warnings go to `warnings`. */
export function parseAddress(lexer: EmailLexer, value: string, warnings: Warnings): boolean {
  lexer.setInput(value);
  if (lexer.hasInvalidTokens) return false; // a symbol or control character anywhere
  lexer.moveNext();
  lexer.moveNext();
  if (lexer.type === T.AT) return false; // NoLocalPart
  const local = parseLocalPart(lexer, warnings);
  if (local === null) return false;
  const domain = parseDomainPart(lexer, warnings);
  if (domain === null) return false;
  if (utf8ByteLength(local) + 1 + utf8ByteLength(domain) > EMAIL_MAX) warnings.add('EmailTooLong');
  return true;
}

/** Dot-atoms, `@`, two host-name labels or more (ASCII letters and digits, inner hyphens). Linear: each repetition starts with a separator. */
const PLAIN =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@[a-zA-Z0-9]+(?:-+[a-zA-Z0-9]+)*(?:\.[a-zA-Z0-9]+(?:-+[a-zA-Z0-9]+)*)+$/;

/**
 * The common address the parser would pass with no warning, recognised
 * without it: a plain form (no `IPv6` token, which is not an atom in a
 * domain) within every length egulias checks: 254 octets, a local part of
 * 64, labels of 63 (62 after the first, counted with its dot).
 */
function isPlainAddress(value: string): boolean {
  if (value.length > EMAIL_MAX || !PLAIN.test(value) || value.includes('IPv6')) return false;
  const at = value.indexOf('@');
  if (at > LOCAL_MAX) return false;
  let start = at + 1;
  let max = LABEL_MAX;
  for (let dot = value.indexOf('.', start); ; dot = value.indexOf('.', start)) {
    const end = dot === -1 ? value.length : dot;
    if (end - start > max) return false;
    if (dot === -1) return true;
    start = dot + 1;
    max = LABEL_MAX - 1;
  }
}

/** The RFC-family validations of one `email` rule, in the order of its parameters. */
export type RfcValidation = 'rfc' | 'strict';

/**
 * RFCValidation (`rfc`) and NoRFCWarningsValidation (`strict`, also fails
 * on any warning), run in order on one lexer as egulias' EmailValidator
 * does: its recording is not cleared between them, so in `email:rfc,strict`
 * the strict parse measures its local part with the first parse's domain in
 * front (a local part and domain over 64 octets together warn LocalTooLong).
 */
export function passesRfcValidations(value: string, validations: readonly RfcValidation[]): boolean {
  if (validations.length === 1 && isPlainAddress(value)) return true;
  const lexer = new EmailLexer();
  for (const validation of validations) {
    const warnings: Warnings = new Set();
    if (!parseAddress(lexer, value, warnings)) return false;
    if (validation === 'strict' && warnings.size > 0) return false;
  }
  return true;
}
