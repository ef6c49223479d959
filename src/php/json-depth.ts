/** The characters that open or close a string or a container. */
const STRUCTURE = /["[\]{}]/g;

/**
 * True when JSON text nests containers deeper than `max`. Run before
 * `JSON.parse`, so that code walking the parsed value recursively (the
 * validator, the selector) can never be driven into a stack overflow, and
 * by the `json` rule for `json_decode`'s depth limit.
 * Text shorter than `max` cannot be deeper, so small bodies skip the scan.
 * It jumps from one structural character to the next and over each string
 * to its closing quote with native searches, so a body of long strings costs
 * a fraction of parsing it; each character is still looked at a bounded
 * number of times (linear).
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  STRUCTURE.lastIndex = 0;
  for (let match = STRUCTURE.exec(text); match !== null; match = STRUCTURE.exec(text)) {
    const c = text.charCodeAt(match.index);
    if (c === 34 /* " */) {
      const end = closingQuote(text, match.index + 1);
      if (end === -1) return false; // unterminated: JSON.parse refuses it
      STRUCTURE.lastIndex = end + 1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else depth--;
  }
  return false;
}

/** The index of the quote that closes a string whose content starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    // Escaped when an odd number of backslashes stand before it (each run is counted once).
    let backslashes = 0;
    for (let i = quote - 1; i >= from && text.charCodeAt(i) === 92; i--) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}
