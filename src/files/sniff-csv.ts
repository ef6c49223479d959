/**
 * libmagic's CSV test (`is_csv.c` of file 5.40, PHP 8.2's bundled
 * libmagic), run on text before any magic number: `text/csv` when the
 * first lines all have the same number of commas (at least one), outside
 * double quotes. It decides Laravel's `mimes:csv`.
 */

/** libmagic stops after this many lines: the tenth decides. */
const CSV_LINES = 10;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;

/** `eatquote`: the position after the closing quote (`""` inside is an escaped quote), or `end`. */
function afterQuoted(bytes: Uint8Array, start: number, end: number): number {
  let quote = false;
  for (let at = start; at < end; at++) {
    if (bytes[at] !== QUOTE) {
      if (quote) return at;
      continue;
    }
    quote = !quote;
  }
  return end;
}

/**
 * True when the first `limit` bytes read as CSV to libmagic: every line
 * (ended by `\n`) has as many commas as the first, which has some; with
 * three lines or more, or exactly as many on the tenth. A last line
 * without `\n` is not counted. The caller checks that the content is text.
 */
export function looksLikeCsv(content: Uint8Array, limit: number): boolean {
  const end = Math.min(content.length, limit);
  let fields = 0;
  let expected = 0;
  let lines = 0;
  for (let at = 0; at < end; ) {
    const c = content[at++];
    if (c === QUOTE) {
      at = afterQuoted(content, at, end);
    } else if (c === COMMA) {
      fields++;
    } else if (c === LF) {
      lines++;
      if (lines === CSV_LINES) return expected !== 0 && expected === fields;
      if (expected === 0) {
        if (fields === 0) return false;
        expected = fields;
      } else if (expected !== fields) {
        return false;
      }
      fields = 0;
    }
  }
  return expected !== 0 && lines > 2;
}
