/**
 * True when JSON text nests containers deeper than `max`. Run before
 * `JSON.parse`, so that code walking the parsed value recursively (the
 * validator, the selector) can never be driven into a stack overflow.
 * Text shorter than `max` cannot be deeper, so small bodies skip the scan.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
