/** Tells whether a value matches a compiled wildcard pattern. */
export type WildcardMatcher = (value: string) => boolean;

/**
 * The host framework's `Str::is($pattern, $value)`: `*` stands for any run
 * of characters (none included) and everything else is literal; the whole
 * value must match. As there, `*` does not cross a line feed (PCRE's `.`).
 *
 * Compiled without a regular expression: the literal parts between the
 * stars are found left to right, each at its first place after the one
 * before, which decides a match in one pass (no backtracking).
 */
export function compileWildcard(pattern: string): WildcardMatcher {
  if (!pattern.includes('*')) return (value) => value === pattern;
  const parts = pattern.split('*');
  const head = parts[0]!;
  const tail = parts[parts.length - 1]!;
  const lineFeedInPattern = pattern.includes('\n');
  // The common form, `api/*`: a prefix check.
  if (parts.length === 2 && tail === '') {
    return (value) => value.startsWith(head) && (lineFeedInPattern || !value.includes('\n', head.length));
  }
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  const shortest = head.length + tail.length + middle.reduce((sum, part) => sum + part.length, 0);
  return (value) => {
    if (value === pattern) return true;
    if (value.length < shortest || !value.startsWith(head) || !value.endsWith(tail)) return false;
    // The literal parts hold no line feed unless the pattern does; a line feed elsewhere would be under a `*`.
    if (!lineFeedInPattern && value.includes('\n')) return false;
    let from = head.length;
    const end = value.length - tail.length;
    for (const part of middle) {
      const at = value.indexOf(part, from);
      if (at === -1 || at + part.length > end) return false;
      from = at + part.length;
    }
    return true;
  };
}
