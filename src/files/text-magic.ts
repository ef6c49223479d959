/**
 * The text formats libmagic names from their first bytes that matter to
 * upload rules, so `image`, `mimes:txt` or `mimetypes:text/plain` answer as
 * Laravel does: SVG and HTML (Magdir/sgml), PHP (Magdir/commands) and
 * scripts by their `#!` line (shells, Python, Perl, Ruby, Node). Each entry
 * mirrors a magic line of file 5.40 (PHP 8.2's bundled libmagic); the rest
 * of libmagic's text database (source code, TeX, diffs...) is not mirrored
 * and reads as `text/plain`.
 */

/** What a match reports: the MIME type and Symfony's first extension for it (null: none). */
export interface TextType {
  readonly mimeType: string;
  readonly extension: string | null;
}

const HTML: TextType = { mimeType: 'text/html', extension: 'html' };
const PHP: TextType = { mimeType: 'text/x-php', extension: null };
const SHELL: TextType = { mimeType: 'text/x-shellscript', extension: null };
const PYTHON: TextType = { mimeType: 'text/x-script.python', extension: null };
const PERL: TextType = { mimeType: 'text/x-perl', extension: 'pl' };
const RUBY: TextType = { mimeType: 'text/x-ruby', extension: null };
const NODE: TextType = { mimeType: 'application/javascript', extension: 'js' };

/** libmagic's `search/4096`: where an HTML tag may start. */
const HTML_SEARCH = 4096;

/**
 * A magic string: a blank in it matches one or more blanks (`W`, "compact
 * white space"), any number (`w`, "optional blank") or itself (no flag);
 * lower-case letters match either case (`c`).
 */
interface Pattern {
  readonly text: string;
  readonly blanks: 'W' | 'w' | 'exact';
  readonly caseless: boolean;
}

const w = (text: string, caseless = false): Pattern => ({ text, blanks: 'w', caseless });
const W = (text: string): Pattern => ({ text, blanks: 'W', caseless: true });
const exact = (text: string): Pattern => ({ text, blanks: 'exact', caseless: false });

/** sgml: HTML tags searched within the first 4 KiB (`search/4096/cwt` and `/cWt`). */
const HTML_TAGS: readonly Pattern[] = [
  W('<!doctype html'),
  ...['head', 'title', 'html', 'script', 'style', 'table'].flatMap((tag) => [w(`<${tag}>`, true), W(`<${tag} `)]),
  w('<a href=', true),
];

/**
 * commands, python, perl, ruby, javascript: `#!` lines at the start (a
 * prefix: `#!/usr/bin/python3` is Python), or starting within the first
 * bytes given (`search/10` for `env python`).
 */
const SCRIPTS: ReadonlyArray<readonly [Pattern, TextType, number?]> = [
  ...[
    '/bin/sh',
    '/bin/csh',
    '/bin/ksh',
    '/bin/tcsh',
    '/usr/bin/tcsh',
    '/usr/local/tcsh',
    '/usr/local/bin/tcsh',
    '/bin/zsh',
    '/usr/bin/zsh',
    '/usr/local/bin/zsh',
    '/usr/local/bin/ash',
    '/usr/local/bin/ae',
    '/bin/bash',
    '/usr/bin/bash',
    '/usr/local/bash',
    '/usr/local/bin/bash',
    '/usr/bin/env bash',
    '/usr/local/bin/fish',
    '/usr/bin/fish',
    '/usr/bin/env fish',
  ].map((path) => [w(`#! ${path}`), SHELL] as const),
  [exact('#!/usr/bin/env zsh'), SHELL],
  [w('#! /usr/local/bin/php'), PHP],
  [w('#! /usr/bin/php'), PHP],
  [w('#! /usr/bin/python'), PYTHON],
  [w('#! /usr/local/bin/python'), PYTHON],
  [w('#! /usr/bin/env python'), PYTHON, 10],
  [exact('#!/usr/bin/env perl'), PERL],
  [exact('#! /usr/bin/env perl'), PERL],
  [w('#! /usr/bin/ruby'), RUBY],
  [w('#! /usr/local/bin/ruby'), RUBY],
  [exact('#!/usr/bin/env ruby'), RUBY],
  [exact('#! /usr/bin/env ruby'), RUBY],
  ...['/bin/node', '/usr/bin/node', '/bin/nodejs', '/usr/bin/nodejs'].map((path) => [w(`#!${path}`), NODE] as const),
  [exact('#!/usr/bin/env node'), NODE],
  [exact('#!/usr/bin/env nodejs'), NODE],
];

/** Perl's regex line: `#!`, anything, `/bin/perl`, then the line's end or a blank and anything. */
const PERL_LINE = /^#![^\n]*\/bin\/perl(?:[ \t\v\f\r][^\n]*)?$/m;

/** C's `isspace`. */
const isBlank = (c: number | undefined) => c === 0x20 || (c !== undefined && c >= 0x09 && c <= 0x0d);

/** libmagic's `file_strncmp` for one pattern at `start`: true when it matches there. */
function matchesAt(bytes: Uint8Array, start: number, pattern: Pattern): boolean {
  const text = pattern.text;
  // libmagic compares only when as many bytes as the magic string has are left, blanks included.
  if (bytes.length - start < text.length) return false;
  let at = start;
  for (let i = 0; i < text.length; i++) {
    const p = text.charCodeAt(i);
    if (p === 0x20 && pattern.blanks !== 'exact') {
      if (pattern.blanks === 'W') {
        if (!isBlank(bytes[at])) return false;
        at++;
      }
      while (at < bytes.length && isBlank(bytes[at])) at++;
      continue;
    }
    const b = bytes[at++];
    if (b === undefined) return false;
    const lower = pattern.caseless && p >= 0x61 && p <= 0x7a;
    if (b !== p && !(lower && b === p - 0x20)) return false;
  }
  return true;
}

/** `search/N`: the pattern starts within the first `range` bytes. */
function searchFrom(bytes: Uint8Array, pattern: Pattern, range: number): boolean {
  const first = pattern.text.charCodeAt(0);
  const last = Math.min(bytes.length, range);
  for (let at = 0; at < last; at++) if (bytes[at] === first && matchesAt(bytes, at, pattern)) return true;
  return false;
}

/**
 * The text format libmagic would name for `content` (which the caller
 * found to be text), or null for plain text. In libmagic's order of
 * strength: PHP's `<?php` (any case) or `<?` and a line end at the very
 * start, then `#!` lines, then HTML tags.
 */
export function textType(content: Uint8Array): TextType | null {
  if (matchesAt(content, 0, w('<?php', true)) || matchesAt(content, 0, exact('<?\n')) || matchesAt(content, 0, exact('<?\r'))) return PHP;
  for (const [pattern, type, range = 1] of SCRIPTS) if (searchFrom(content, pattern, range)) return type;
  if (content[0] === 0x23 && content[1] === 0x21) {
    if (PERL_LINE.test(Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, 4096)).toString('latin1'))) return PERL;
  }
  for (const pattern of HTML_TAGS) if (searchFrom(content, pattern, HTML_SEARCH)) return HTML;
  return null;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Where sgml searches: `<svg` after an XML declaration, a doctype svg anywhere in the first 4 KiB. */
const SVG_SEARCH = 4096;
const XML_DECLARATION = exact('<?xml version=');
const SVG_TAG = exact('<svg');
const SVG_DOCTYPE = W('<!doctype svg');

/**
 * An SVG image to libmagic (sgml): `<svg` at the very start, or after
 * `<?xml version=` and a version number within the next 4 KiB (case
 * kept), or `<!doctype svg` (any case) starting in the first 4 KiB. Text
 * tests see UTF-8 text without its byte-order mark; white space before
 * `<svg` makes it plain text. The caller checks that the content is text.
 */
export function looksLikeSvg(content: Uint8Array): boolean {
  const bytes = UTF8_BOM.every((b, i) => content[i] === b) ? content.subarray(3) : content;
  if (matchesAt(bytes, 0, SVG_TAG)) return true;
  if (matchesAt(bytes, 0, XML_DECLARATION) && hasVersionNumber(bytes) && searchFrom(bytes.subarray(19), SVG_TAG, SVG_SEARCH)) return true;
  return searchFrom(bytes, SVG_DOCTYPE, SVG_SEARCH);
}

/** sgml's `>14 regex ['"\ \t]*[0-9.]+['"\ \t]*`: a digit or a dot after `<?xml version=`. */
function hasVersionNumber(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 14 + SVG_SEARCH);
  for (let at = 14; at < end; at++) {
    const b = bytes[at]!;
    if ((b >= 0x30 && b <= 0x39) || b === 0x2e) return true;
  }
  return false;
}
