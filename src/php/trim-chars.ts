/**
 * PHP's `trim($text, $characters)` and `rtrim($text, $characters)` for a list
 * of single characters (no `a..z` ranges). Index scans from the ends: linear
 * in the text. A regular expression such as `/\/+$/` starts again at every
 * character of a run inside the text, which is quadratic on a client's
 * `a//////…/b`.
 */

/** What PHP's `trim()` removes without a character list: space, tab, LF, CR, NUL and vertical tab. */
export const PHP_TRIMMED = ' \t\n\r\0\x0B';

/** `trim($text, $characters)`: `characters` removed from both ends; `text` itself when nothing is. */
export function trimChars(text: string, characters: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text[start]!)) start++;
  while (end > start && characters.includes(text[end - 1]!)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** `rtrim($text, $characters)`: `characters` removed from the end; `text` itself when nothing is. */
export function trimEndChars(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1]!)) end--;
  return end === text.length ? text : text.slice(0, end);
}
