/**
 * egulias' `isLabelTooLong`: an ASCII label is too long past 63 octets; a
 * label with other characters is converted as PHP's `idn_to_ascii` (ICU's
 * UTS #46, transitional) does and is too long when its `xn--` form is past
 * 63 characters. The mapping is approximated by NFKC, lower case and the
 * transitional `ß` → `ss`, `ς` → `σ`, dropping the characters UTS #46
 * ignores; labels near 63 with rarer characters may measure differently.
 * Linear: Punycode runs only on labels of at most 59 code points (a longer
 * one cannot fit).
 */

const LABEL_MAX = 63;
const NON_ASCII = /[^\x00-\x7f]/;
/** Characters UTS #46 maps to nothing that reach a label (the format characters are refused by the lexer). */
const IGNORED = /[\u034f\u180b-\u180d\u180f\ufe00-\ufe0f]|\udb40[\udd00-\uddef]/g;
/** Full stops UTS #46 maps to `.`, separating labels. */
const DOTS = /[\u3002\uff0e\uff61]/g;
/**
 * The characters the lexer keeps (no symbol or control) that ICU 72's UTS #46
 * disallows, listed by asking PHP's `idn_to_ascii` about every code point.
 */
const DISALLOWED =
  /[\u04c0\u10a0-\u10c5\u115f\u1160\u1680\u17b4\u17b5\u1806\u2024-\u2026\u2028\u2029\u2132\u2183\u2488-\u249b\u3164\ufe12\ufe19\ufe30\ufe52\uffa0\u{1f100}\u{2f868}\u{2f874}\u{2f91f}\u{2f95f}\u{2f9bf}]/u;
const LEADING_MARK = /^\p{M}/u;
const NOT_DOTLESS_I = /[^\u0131]+/g;
const CHEROKEE_SMALL = /[\u13f8-\u13fd\uab70-\uabbf]/g;

export function isLabelTooLong(label: string): boolean {
  if (!NON_ASCII.test(label)) return label.length > LABEL_MAX;
  for (const part of uts46Map(label).split('.')) if ((asciiLength(part) ?? 0) > LABEL_MAX) return true;
  return false;
}

/** UTS #46's transitional mapping, approximated: a disallowed character becomes U+FFFD, as in ICU. */
function uts46Map(label: string): string {
  return foldCase(label.replace(DISALLOWED, '\ufffd').replace(IGNORED, '').normalize('NFKC'))
    .replaceAll('ß', 'ss')
    .replaceAll('ς', 'σ')
    .normalize('NFKC')
    .replace(DOTS, '.');
}

/**
 * Unicode's full case folding, as UTS #46 maps: lower case of upper case
 * (`ᾀ` → `ἀι`, `ſ` → `s`), except the dotless `ı`, which does not fold, and
 * Cherokee, which folds to its capitals.
 */
function foldCase(s: string): string {
  return s.replace(NOT_DOTLESS_I, (run) => run.toUpperCase().toLowerCase()).replace(CHEROKEE_SMALL, (ch) => ch.toUpperCase());
}

/**
 * The length of one mapped label's ASCII form: itself, or `xn--` and its
 * Punycode; null where ICU reports a severe error and measures nothing (a
 * disallowed character, a leading combining mark, a broken `xn--` label).
 */
function asciiLength(label: string): number | null {
  if (!NON_ASCII.test(label)) return label.length;
  if (label.startsWith('xn--') || label.includes('\ufffd') || LEADING_MARK.test(label)) return null;
  // Punycode writes at least one character per code point.
  let count = 0;
  for (const _ of label) if (++count > LABEL_MAX - 4) return Number.POSITIVE_INFINITY;
  return 4 + punycodeLength(Array.from(label, (ch) => ch.codePointAt(0)!));
}

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

/** RFC 3492's bias adaptation. */
function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** The length of RFC 3492's encoding of these code points (a few dozen at most). */
function punycodeLength(input: readonly number[]): number {
  const basic = input.filter((cp) => cp < 0x80).length;
  let length = basic > 0 ? basic + 1 : 0;
  let n = 0x80;
  let delta = 0;
  let bias = 72;
  let handled = basic;
  while (handled < input.length) {
    let m = Number.POSITIVE_INFINITY;
    for (const cp of input) if (cp >= n && cp < m) m = cp;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const cp of input) {
      if (cp < n) delta++;
      if (cp !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        length++;
        q = Math.floor((q - t) / (BASE - t));
      }
      length++;
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return length;
}
