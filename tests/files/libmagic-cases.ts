/**
 * Contents and what PHP 8.2 (its bundled libmagic 5.40, Symfony's
 * `guessExtension()` and `getimagesize`) answers for each: the MIME type,
 * the guessed extension, and the pixel size. Recorded from PHP itself, so
 * `inspectFile` is held to Laravel's answers, not to a reading of them.
 */
import { bmp, gif, jpeg, png, webp } from './sample-files.js';

/** [label, content, MIME type, extension, width, height]. */
export type LibmagicCase = readonly [string, Buffer, string, string | null, number | null, number | null];

const text = (s: string) => Buffer.from(s, 'latin1');
const utf16le = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
const ten = (line: string) => `${Array.from({ length: 9 }, () => 'a,b').join('\n')}\n${line}\n`;

export const LIBMAGIC_CASES: readonly LibmagicCase[] = [
  // Short content: one byte is "very short"; PHP's libmagic calls two bytes of text binary.
  ['one byte', text('a'), 'application/octet-stream', 'bin', null, null],
  ['two bytes of text', text('ab'), 'application/octet-stream', 'bin', null, null],
  ['three bytes of text', text('ab\n'), 'text/plain', 'txt', null, null],
  // JSON, before any magic number, as lenient as libmagic.
  ['JSON object', text('{"a": 1, "b": [1,2]}\n'), 'application/json', 'json', null, null],
  ['JSON array', text('[1,2,3]'), 'application/json', 'json', null, null],
  ['{}', text('{}'), 'application/json', 'json', null, null],
  ['JSON with a trailing comma', text('{"a": 1,}'), 'application/json', 'json', null, null],
  ['JSON with text after it', text('{"a":1} x'), 'application/json', 'json', null, null],
  ['JSON lines', text('{"a":1}\n{"b":2}\n'), 'application/json', 'json', null, null],
  ['a JSON number alone', text('123'), 'text/plain', 'txt', null, null],
  ['a JSON string alone', text('"x"'), 'text/plain', 'txt', null, null],
  ['[ ] with a space', text('[ ]'), 'text/plain', 'txt', null, null],
  ['[1e]', text('[1e]'), 'text/plain', 'txt', null, null],
  ['[true at the end', text('[true'), 'text/plain', 'txt', null, null],
  ['[txyz]: libmagic skips the letters', text('[txyz]'), 'application/json', 'json', null, null],
  ['10 nested arrays', text(`${'['.repeat(10)}1${']'.repeat(10)}`), 'application/json', 'json', null, null],
  ['11 nested arrays', text(`${'['.repeat(11)}1${']'.repeat(11)}`), 'text/plain', 'txt', null, null],
  // CSV: the same number of commas on each line, three lines at least, or exactly on the tenth.
  ['CSV', text('a,b,c\n1,2,3\n4,5,6\n'), 'text/csv', 'csv', null, null],
  ['CSV with CRLF', text('a,b\r\n1,2\r\n3,4\r\n'), 'text/csv', 'csv', null, null],
  ['CSV with quoted commas', text('"a,x",b\n"say ""hi"", x",2\n3,4\n'), 'text/csv', 'csv', null, null],
  ['Latin-1 CSV', text('caf\xe9,b\n1,2\n3,4\n'), 'text/csv', 'csv', null, null],
  ['two lines of CSV', text('a,b\n1,2\n'), 'text/plain', 'txt', null, null],
  ['CSV without its last newline', text('a,b\n1,2\n3,4'), 'text/plain', 'txt', null, null],
  ['semicolons', text('a;b\n1;2\n3;4\n'), 'text/plain', 'txt', null, null],
  ['a line with more commas', text('a,b\n1,2,3\n4,5\n'), 'text/plain', 'txt', null, null],
  ['ten lines, the tenth different', text(ten('a,b,c')), 'text/plain', 'txt', null, null],
  ['ten lines, an eleventh different', text(`${ten('a,b')}a,b,c\n`), 'text/csv', 'csv', null, null],
  // SVG: <svg at the start, after an XML declaration, or a doctype svg.
  ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'svg', null, null],
  ['SVG after a UTF-8 mark', text('\xef\xbb\xbf<svg/>'), 'image/svg+xml', 'svg', null, null],
  ['SVG after white space', text(' <svg/>'), 'text/plain', 'txt', null, null],
  ['<SVG> in capitals', text('<SVG/>'), 'text/plain', 'txt', null, null],
  ['SVG after an XML declaration and a comment', text('<?xml version="1.0"?>\n<!-- c -->\n<svg/>'), 'image/svg+xml', 'svg', null, null],
  ['doctype svg', text('  <!DOCTYPE svg>\n<svg/>'), 'image/svg+xml', 'svg', null, null],
  ['<svg past 4 KiB of the declaration', text(`<?xml version="1.0"?>${' '.repeat(5000)}<svg/>`), 'text/xml', 'xml', null, null],
  // XML and XHTML: libmagic's XML entry wins.
  ['XML', text('<?xml version="1.0"?>\n<note/>\n'), 'text/xml', 'xml', null, null],
  ['XHTML', text('<?xml version="1.0"?>\n<!DOCTYPE html>\n<html></html>\n'), 'text/xml', 'xml', null, null],
  // HTML tags within the first 4 KiB.
  ['HTML doctype', text('<!DOCTYPE html><html><body>x</body></html>\n'), 'text/html', 'html', null, null],
  ['<title>', text('<title>x</title>\n'), 'text/html', 'html', null, null],
  ['<HTML> in capitals', text('<HTML><BODY>x</BODY></HTML>\n'), 'text/html', 'html', null, null],
  ['<html> after text', text('hello\n<html>\n'), 'text/html', 'html', null, null],
  ['<a href=', text('<a href="x">y</a>\n'), 'text/html', 'html', null, null],
  ['<p> and <div> only', text('<p>hello</p>\n<div>x</div>\n'), 'text/plain', 'txt', null, null],
  ['<html> at 4095', text(`${'a'.repeat(4095)}<html>\n`), 'text/html', 'html', null, null],
  ['<html> at 4096', text(`${'a'.repeat(4096)}<html>\n`), 'text/plain', 'txt', null, null],
  // PHP and scripts.
  ['PHP', text('<?php echo 1;\n'), 'text/x-php', null, null, null],
  ['PHP in capitals', text('<?PHP echo 1;\n'), 'text/x-php', null, null, null],
  ['PHP before HTML', text('<?php ?>\n<html>\n'), 'text/x-php', null, null, null],
  ['PHP inside HTML', text('<html><?php echo 1; ?></html>\n'), 'text/html', 'html', null, null],
  ['PHP later in text', text('hello <?php echo 1; ?>\n'), 'text/plain', 'txt', null, null],
  ['<?=', text('<?= 1 ?>\n'), 'text/plain', 'txt', null, null],
  ['sh', text('#!/bin/sh\necho hi\n'), 'text/x-shellscript', null, null, null],
  ['sh without a newline', text('#!/bin/sh'), 'text/plain', 'txt', null, null],
  ['env bash', text('#!/usr/bin/env bash\necho\n'), 'text/x-shellscript', null, null, null],
  ['python3', text('#!/usr/bin/env python3\nprint(1)\n'), 'text/x-script.python', null, null, null],
  ['perl -w', text('#!/usr/bin/perl -w\nprint 1;\n'), 'text/x-perl', 'pl', null, null],
  ['node', text('#!/usr/bin/env node\nconsole.log(1)\n'), 'application/javascript', 'js', null, null],
  ['ruby', text('#!/usr/bin/env ruby\nputs 1\n'), 'text/x-ruby', null, null, null],
  ['another interpreter', text('#!/opt/x\nfoo\n'), 'text/plain', 'txt', null, null],
  // UTF-16 with a mark is text (file-type would read FF FE as an MP3 frame), and its tags count.
  ['UTF-16LE text', utf16le('hello world\n'), 'text/plain', 'txt', null, null],
  ['UTF-16LE HTML', utf16le('<html>\n'), 'text/html', 'html', null, null],
  ['UTF-16BE text', Buffer.from('feff00680069', 'hex'), 'text/plain', 'txt', null, null],
  ['a bare UTF-16 mark', Buffer.from('fffe', 'hex'), 'text/plain', 'txt', null, null],
  // libmagic's names where file-type's differ; sizes where getimagesize reads them.
  ['BMP', bmp(4, 3), 'image/x-ms-bmp', 'bmp', 4, 3],
  ['PNG', png(3, 2), 'image/png', 'png', 3, 2],
  ['JPEG', jpeg(6, 5), 'image/jpeg', 'jpg', 6, 5],
  ['GIF', gif(5, 7), 'image/gif', 'gif', 5, 7],
  ['WebP', webp(7, 5), 'image/webp', 'webp', 7, 5],
  ['RTF', text('{\\rtf1\\ansi hello}\n'), 'text/rtf', 'rtf', null, null],
  ['RAR', Buffer.concat([text('Rar!\x1a\x07\x00'), Buffer.alloc(20)]), 'application/x-rar', 'rar', null, null],
  ['DOS executable', Buffer.concat([text('MZ'), Buffer.alloc(62)]), 'application/x-dosexec', null, null, null],
  // WBMP, getimagesize's last guess: bytes starting with 0 may have a size.
  ['bytes read as WBMP', Buffer.from([0, 1, 2, 3, 4, 5, 200, 201]), 'application/octet-stream', 'bin', 2, 3],
  ['bytes not WBMP (zero width)', Buffer.from([0, 0, 0, 3, 4, 5]), 'application/octet-stream', 'bin', null, null],
];
