/**
 * Strings as PHP sees them, one byte per UTF-8 octet, with what every
 * JavaScript realm has (no node `Buffer`): the validation core runs in
 * browsers too. A lone surrogate counts as U+FFFD (3 octets), as node's
 * UTF-8 encoder and `TextEncoder` both write it.
 */
const encoder = new TextEncoder();

/** How many octets `text` takes in UTF-8 (PHP's `strlen`). */
export function utf8ByteLength(text: string): number {
  let octets = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) octets += 1;
    else if (unit < 0x800) octets += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      octets += 4;
      i++;
    } else octets += 3;
  }
  return octets;
}

/** Octets turned into characters at a time, within what a call's arguments may hold. */
const CHUNK = 8192;

/** `text`'s UTF-8 octets, each as the character of that code (Latin-1). */
export function utf8AsLatin1(text: string): string {
  const octets = encoder.encode(text);
  let out = '';
  for (let i = 0; i < octets.length; i += CHUNK) out += String.fromCharCode(...octets.subarray(i, i + CHUNK));
  return out;
}
