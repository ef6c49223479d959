/**
 * Whether content is text, as libmagic's encoding tests decide it (PHP's
 * fileinfo, behind Symfony's `getMimeType()`): 8-bit text, and UTF-16
 * with a byte-order mark.
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

/**
 * libmagic's `looks_ucs16`: a UTF-16 byte-order mark, then code units of
 * which none below 128 is outside the text table (and none is a reversed
 * mark). Such content is `text/plain`, whatever its first bytes would
 * look like as a magic number (`FF FE` is also an MP3 frame sync).
 */
export function looksLikeUtf16Text(content: Uint8Array): boolean {
  if (content.length < 2) return false;
  const little = content[0] === 0xff && content[1] === 0xfe;
  if (!little && !(content[0] === 0xfe && content[1] === 0xff)) return false;
  const end = Math.min(content.length, TEXT_SNIFF_BYTES);
  for (let i = 2; i + 1 < end; i += 2) {
    const unit = little ? content[i]! | (content[i + 1]! << 8) : (content[i]! << 8) | content[i + 1]!;
    if (unit === 0xfffe || (unit < 128 && NOT_TEXT[unit] === 1)) return false;
  }
  return true;
}
