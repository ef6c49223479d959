/**
 * Content sniffing for what `file-type` leaves out because it has no magic
 * number: text and SVG, decided as libmagic (PHP's fileinfo, behind
 * Symfony's `getMimeType()`) decides them.
 */

/** Bytes libmagic never finds in text (its `text_chars` table): controls other than BEL BS TAB LF VT FF CR ESC, and DEL. */
const NOT_TEXT = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte++) NOT_TEXT[byte] = byte >= 0x07 && byte <= 0x0d ? 0 : byte === 0x1b ? 0 : 1;
NOT_TEXT[0x7f] = 1;

/** Text is judged on the first MiB, so sniffing stays bounded whatever the upload's size. */
export const TEXT_SNIFF_BYTES = 1024 * 1024;

/**
 * True when the bytes read as text to libmagic: ASCII, UTF-8 or an 8-bit
 * (ISO-8859 or "extended-ASCII") text — no byte outside its text table.
 * Empty content is not text (libmagic calls it `application/x-empty`).
 */
export function looksLikeText(content: Uint8Array): boolean {
  if (content.length === 0) return false;
  const end = Math.min(content.length, TEXT_SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (NOT_TEXT[content[i]!] === 1) return false;
  return true;
}

/** libmagic looks for `<svg` within the first 4 KiB after an XML prolog. */
const SVG_SEARCH_BYTES = 4096;

/**
 * True for an SVG image as libmagic sees one: text that starts (after a
 * byte-order mark and white space) with `<svg`, or with an XML prolog,
 * comment or doctype and has `<svg` within its first 4 KiB.
 */
export function looksLikeSvg(content: Uint8Array): boolean {
  let start = 0;
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) start = 3;
  while (start < content.length && (content[start] === 0x20 || (content[start]! >= 0x09 && content[start]! <= 0x0d))) start++;
  if (content[start] !== 0x3c /* < */) return false;
  const bytes = content.subarray(start, start + SVG_SEARCH_BYTES);
  if (!looksLikeText(bytes)) return false;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  if (/^<svg[\s>/]/.test(head)) return true;
  return (head.startsWith('<?xml') || head.startsWith('<!--') || /^<!DOCTYPE\s+svg/i.test(head)) && /<svg[\s>/]/.test(head);
}
