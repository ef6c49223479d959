/**
 * The pieces joined into one flat string. V8 keeps a string made with `+`
 * or a template literal as a tree of its pieces, and walks that tree again
 * each time the string is copied out: into a longer string being written,
 * into a response header, or through a regular expression (node's header
 * check), which first copies it flat on a slow path. A string made once and
 * used on every request is cheaper flat; `Array#join` makes it flat.
 */
export function flatString(...pieces: (string | number)[]): string {
  return pieces.join('');
}
