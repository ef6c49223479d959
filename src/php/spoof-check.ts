/**
 * `email:spoof`: egulias' SpoofCheckValidation, which asks ICU's
 * Spoofchecker (`SINGLE_SCRIPT`, the restriction-level check since ICU 58,
 * at PHP's default level, highly restrictive) whether the address is
 * suspicious. That is UTS #39's restriction level (section 5.2) computed
 * from each character's Script_Extensions, which JavaScript's `\p{scx=…}`
 * exposes: an address passes when it is ASCII, when one script covers all
 * its letters (characters of the Common and Inherited scripts go with any),
 * or when Latin plus Han with Bopomofo, Japanese or Korean does; it fails
 * when scripts are mixed otherwise (`pаypal` with a Cyrillic `а`, Greek
 * with a Latin top-level domain). Scripts are those of node's ICU, which
 * may know a newer Unicode than PHP's.
 */

/** Unicode script codes (ISO 15924) through Unicode 17; those this node's regexes do not know are left out. */
const SCRIPT_CODES = `Arab Armn Beng Bopo Cher Copt Cyrl Dsrt Deva Ethi Geor Goth Grek Gujr Guru Hani Hang Hebr Hira Knda Kana
Khmr Laoo Latn Mlym Mong Mymr Ogam Ital Orya Runr Sinh Syrc Taml Telu Thaa Thai Tibt Cans Yiii Tglg Hano Buhd Tagb Brai
Cprt Limb Linb Osma Shaw Tale Ugar Bugi Glag Khar Sylo Talu Tfng Xpeo Bali Batk Brah Cham Egyp Hmng Hung Java Kali Lepc
Lina Mand Mero Nkoo Orkh Perm Phag Phnx Plrd Vaii Xsux Zzzz Cari Lana Lyci Lydi Olck Rjng Saur Sgnw Sund Mtei Armi Avst
Cakm Kthi Mani Phli Phlp Prti Samr Tavt Bamu Lisu Sarb Bass Dupl Elba Gran Mend Merc Narb Nbat Palm Sind Wara Mroo Nshu
Shrd Sora Takr Tang Hluw Khoj Tirh Aghb Mahj Ahom Hatr Modi Mult Pauc Sidd Adlm Bhks Marc Newa Osge Gonm Soyo Zanb Dogr
Gong Maka Medf Rohg Sogd Sogo Elym Hmnp Nand Wcho Chrs Diak Kits Yezi Cpmn Ougr Tnsa Toto Vith Kawi Nagm Gara Gukh Krai
Onao Sunu Todr Tutg Berf Sidt Tayo Tols`.split(/\s+/);

function scriptPattern(code: string): RegExp | null {
  try {
    return new RegExp(`^\\p{scx=${code}}$`, 'u');
  } catch {
    return null;
  }
}

const SCRIPTS = new Map<string, RegExp>();
for (const code of SCRIPT_CODES) {
  const re = scriptPattern(code);
  if (re !== null) SCRIPTS.set(code, re);
}
/** UTS #39's augmented sets: Han goes with Han-with-Bopomofo, Japanese and Korean, and so on. */
const HANB = 'Hanb';
const JPAN = 'Jpan';
const KORE = 'Kore';
const ALL_CODES: readonly string[] = [...SCRIPTS.keys(), HANB, JPAN, KORE];

const ASCII = /^[\x00-\x7f]*$/;

const has = (code: string, ch: string): boolean => SCRIPTS.get(code)?.test(ch) === true;

/** Is `code` in the augmented script set of `ch` (a character of no Common or Inherited script)? */
function inAugmented(code: string, ch: string): boolean {
  switch (code) {
    case HANB:
      return has('Hani', ch) || has('Bopo', ch);
    case JPAN:
      return has('Hani', ch) || has('Hira', ch) || has('Kana', ch);
    case KORE:
      return has('Hani', ch) || has('Hang', ch);
    default:
      return has(code, ch);
  }
}

/** The characters of a script (or augmented script) in a `v`-mode class. */
function classOf(code: string): string {
  if (code === HANB) return '[\\p{scx=Hani}\\p{scx=Bopo}]';
  if (code === JPAN) return '[\\p{scx=Hani}\\p{scx=Hira}\\p{scx=Kana}]';
  if (code === KORE) return '[\\p{scx=Hani}\\p{scx=Hang}]';
  return `\\p{scx=${code}}`;
}

const keepers = new Map<string, RegExp>();

/**
 * One test per character: those that leave `set` as it is (Common and
 * Inherited ones, Latin ones when Latin is left out, and those in every
 * script of the set). Only a character that fails it narrows the set.
 */
function keeper(set: readonly string[] | null, withoutLatin: boolean): RegExp {
  const key = `${withoutLatin ? '-' : '+'}${set === null ? '*' : set.join(' ')}`;
  let re = keepers.get(key);
  if (re === undefined) {
    const every = set === null ? '' : set.length === 1 ? classOf(set[0]!) : `[${set.map(classOf).join('&&')}]`;
    re = new RegExp(`^[\\p{scx=Zyyy}\\p{scx=Zinh}${withoutLatin ? '\\p{scx=Latn}' : ''}${every}]$`, 'v');
    // The sets met are intersections of a few hundred Script_Extensions values; the cap only guards memory.
    if (keepers.size < 1024) keepers.set(key, re);
  }
  return re;
}

/**
 * UTS #39's resolved script set of `value`: the intersection of its
 * characters' augmented script sets, Common and Inherited characters (and
 * with `withoutLatin`, Latin ones) left out; null for "every script".
 * Stops early once `settled` says the answer cannot change.
 */
function resolvedScripts(value: string, withoutLatin: boolean, settled: (set: readonly string[]) => boolean): readonly string[] | null {
  let set: readonly string[] | null = null;
  let keep = keeper(null, withoutLatin);
  for (const ch of value) {
    if (keep.test(ch)) continue;
    set = (set ?? ALL_CODES).filter((code) => inAugmented(code, ch));
    if (settled(set)) return set;
    keep = keeper(set, withoutLatin);
  }
  return set;
}

const hasCjk = (set: readonly string[]): boolean => set.includes(HANB) || set.includes(JPAN) || set.includes(KORE);

/** True when ICU's spoof checker would call `value` suspicious (restriction level above highly restrictive). */
export function isSpoofSuspicious(value: string): boolean {
  if (ASCII.test(value)) return false;
  // Step 4: one script covers every character.
  const resolved = resolvedScripts(value, false, (set) => set.length === 0);
  if (resolved === null || resolved.length > 0) return false;
  // Step 6: Latin plus Han with Bopomofo, Japanese or Korean. Sets only shrink, so one without them settles it.
  const withoutLatin = resolvedScripts(value, true, (set) => !hasCjk(set));
  return withoutLatin !== null && !hasCjk(withoutLatin);
}
