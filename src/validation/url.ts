/**
 * The `url` rule as a single forward scan, linear in the value's length.
 *
 * The host framework (`Str::isUrl`) matches a backtracking regex whose host
 * part, `[\pL\pN\pS\-_.]+(\.?([\pL\pN]|xn--[\pL\pN-]+)+\.?)`, nests
 * quantifiers: `http://` + 22 × `xn--a` + `!` (118 bytes) takes minutes in
 * JavaScript's backtracking engine, doubling every 5 bytes. This scanner accepts the same language without
 * backtracking:
 *
 * - `scheme://` (one of Laravel's default schemes, or of the rule's protocols), then the
 *   authority up to the first `/`, `?` or `#` (none of the authority's parts
 *   may contain them);
 * - an optional `user[:password]@` (`[_.\pL\pN-]` or `%hh`, each non-empty);
 * - the host: an IPv6 literal in brackets (RFC 3986), or a name of
 *   `[\pL\pN\pS\-_.]` characters, at least two, with an optional final dot,
 *   that ends in a letter or digit, or in `xn--` followed by letters, digits
 *   and dashes (what the nested groups reduce to; a dotted IPv4 address is one
 *   such name);
 * - an optional port `:[0-9]+`, a path of `/` segments, a query after `?`,
 *   a fragment after `#`, each of its own characters or `%hh`;
 * - and, as PCRE's `$`, an optional final newline.
 *
 * Matching is case-insensitive, as upstream (`~ixu`).
 */

/** `Str::isUrl`'s default schemes (IANA's list as Laravel 11 keeps it). */
const SCHEMES = new Set(
  `aaa aaas about acap acct acd acr adiumxtra adt afp afs aim amss android appdata apt ark attachment aw barion
beshare bitcoin bitcoincash blob bolo browserext calculator callto cap cast casts chrome chrome-extension cid
coap coap+tcp coap+ws coaps coaps+tcp coaps+ws com-eventbrite-attendee content conti crid cvs dab data dav
diaspora dict did dis dlna-playcontainer dlna-playsingle dns dntp dpp drm drop dtn dvb ed2k elsi example
facetime fax feed feedready file filesystem finger first-run-pen-experience fish fm ftp fuchsia-pkg geo gg git
gizmoproject go gopher graph gtalk h323 ham hcap hcp http https hxxp hxxps hydrazone iax icap icon im imap
info iotdisco ipn ipp ipps irc irc6 ircs iris iris.beep iris.lwz iris.xpc iris.xpcs isostore itms jabber jar
jms keyparc lastfm ldap ldaps leaptofrogans lorawan lvlt magnet mailserver mailto maps market message mid mms
modem mongodb moz ms-access ms-browser-extension ms-calculator ms-drive-to ms-enrollment ms-excel
ms-eyecontrolspeech ms-gamebarservices ms-gamingoverlay ms-getoffice ms-help ms-infopath ms-inputapp
ms-lockscreencomponent-config ms-media-stream-id ms-mixedrealitycapture ms-mobileplans ms-officeapp ms-people
ms-project ms-powerpoint ms-publisher ms-restoretabcompanion ms-screenclip ms-screensketch ms-search
ms-search-repair ms-secondary-screen-controller ms-secondary-screen-setup ms-settings ms-settings-airplanemode
ms-settings-bluetooth ms-settings-camera ms-settings-cellular ms-settings-cloudstorage
ms-settings-connectabledevices ms-settings-displays-topology ms-settings-emailandaccounts ms-settings-language
ms-settings-location ms-settings-lock ms-settings-nfctransactions ms-settings-notifications ms-settings-power
ms-settings-privacy ms-settings-proximity ms-settings-screenrotation ms-settings-wifi ms-settings-workplace
ms-spd ms-sttoverlay ms-transit-to ms-useractivityset ms-virtualtouchpad ms-visio ms-walk-to ms-whiteboard
ms-whiteboard-cmd ms-word msnim msrp msrps mss mtqp mumble mupdate mvn news nfs ni nih nntp notes ocf oid
onenote onenote-cmd opaquelocktoken openpgp4fpr pack palm paparazzi payto pkcs11 platform pop pres prospero
proxy pwid psyc pttp qb query redis rediss reload res resource rmi rsync rtmfp rtmp rtsp rtsps rtspu s3
secondlife service session sftp sgn shttp sieve simpleledger sip sips skype smb sms smtp snews snmp soap.beep
soap.beeps soldat spiffe spotify ssh steam stun stuns submit svn tag teamspeak tel teliaeid telnet tftp tg
things thismessage tip tn3270 tool ts3server turn turns tv udp unreal urn ut2004 v-event vemmi ventrilo
videotex vnc view-source wais webcal wpid ws wss wtai wyciwyg xcon xcon-userid xfire xmlrpc.beep xmlrpc.beeps
xmpp xri ymsgr z39.50 z39.50r z39.50s`.split(/\s+/),
);

/** Character sets, as bits of an ASCII table. */
const USER = 1;
const HOST = 2;
const PATH = 4;
const QUERY = 8;
const FRAGMENT = 16;
/** `[\pL\pN]` */
const WORD = 32;

const ASCII = new Uint8Array(128);
const SETS: ReadonlyArray<readonly [number, RegExp]> = [
  [USER, /[_.\p{L}\p{N}-]/u],
  [HOST, /[\p{L}\p{N}\p{S}\-_.]/u],
  // The path is `(/ segment)*`: its region may hold `/` anywhere once it starts with one.
  [PATH, /[\p{L}\p{N}\-._~!$&'()*+,;=:@/]/u],
  [QUERY, /[\p{L}\p{N}\-._~!$&'[\]()*+,;=:@/?]/u],
  [FRAGMENT, /[\p{L}\p{N}\-._~!$&'()*+,;=:@/?]/u],
  [WORD, /[\p{L}\p{N}]/u],
];
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  for (const [bit, re] of SETS) if (re.test(ch)) ASCII[c]! |= bit;
}

/** Sticky, for the non-ASCII characters: a run of non-ASCII letters and digits, or one symbol. */
const WORD_RUN = /(?:(?![A-Za-z0-9])[\p{L}\p{N}])+/uy;
const SYMBOL = /\p{S}/uy;

const SLASH = 47;
const QUESTION = 63;
const HASH = 35;
const COLON = 58;
const AT = 64;
const DOT = 46;
const DASH = 45;
const PERCENT = 37;
const OPEN_BRACKET = 91;

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * True when `s[from, to)` is made only of the characters of `set` and of
 * `%hh` escapes (and is not empty, when `nonEmpty`). Letters and digits
 * belong to every set.
 */
function scan(s: string, from: number, to: number, set: number, nonEmpty: boolean): boolean {
  if (nonEmpty && from >= to) return false;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if ((ASCII[c]! & set) !== 0) i++;
      else if (c === PERCENT && i + 2 < to && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) i += 3;
      else return false;
      continue;
    }
    WORD_RUN.lastIndex = i;
    if (!WORD_RUN.test(s)) return false;
    i = WORD_RUN.lastIndex;
  }
  return true;
}

/**
 * The host name alternative: `[\pL\pN\pS\-_.]+` followed by `\.?`, one or more
 * of (`[\pL\pN]` | `xn--[\pL\pN-]+`), `\.?`. Since `.` is in the first set,
 * that is: all characters in the first set, at least two, an optional final
 * dot, and the rest ends in a letter or digit, or has `xn--` (not first)
 * followed only by letters, digits and dashes, at least one.
 */
function isHostName(s: string, from: number, to: number): boolean {
  if (to > from && s.charCodeAt(to - 1) === DOT) to--;
  // At least two characters: two UTF-16 units that are not one astral character.
  if (to - from < 2 || (to - from === 2 && isSurrogatePair(s, from))) return false;
  let lastWord = false;
  /** First `xn--` (not at the start) since the last character outside `[\pL\pN-]`, or -1. */
  let idn = -1;
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      const bits = ASCII[c]!;
      if ((bits & HOST) === 0) return false;
      lastWord = (bits & WORD) !== 0;
      if (!lastWord && c !== DASH) idn = -1;
      else if (idn < 0 && i > from && startsIdn(s, i, to)) idn = i;
      i++;
      continue;
    }
    WORD_RUN.lastIndex = i;
    if (WORD_RUN.test(s)) {
      lastWord = true;
      i = WORD_RUN.lastIndex;
      continue;
    }
    SYMBOL.lastIndex = i;
    if (!SYMBOL.test(s)) return false;
    lastWord = false;
    idn = -1;
    i = SYMBOL.lastIndex;
  }
  return lastWord || (idn >= 0 && idn + 4 < to);
}

/** `xn--` in any case at `i`, within `to`. */
function startsIdn(s: string, i: number, to: number): boolean {
  return (
    i + 3 < to &&
    (s.charCodeAt(i) | 32) === 120 &&
    (s.charCodeAt(i + 1) | 32) === 110 &&
    s.charCodeAt(i + 2) === DASH &&
    s.charCodeAt(i + 3) === DASH
  );
}

function isSurrogatePair(s: string, i: number): boolean {
  const hi = s.charCodeAt(i);
  const lo = s.charCodeAt(i + 1);
  return hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff;
}

/** An RFC 3986 `IPv6address` (hex digits in either case), as upstream's bracketed pattern. */
function isIpv6Literal(s: string, from: number, to: number): boolean {
  if (to - from < 2 || to - from > 45) return false;
  const text = s.slice(from, to);
  const halves = text.split('::');
  if (halves.length > 2) return false;
  let groups = 0;
  for (let h = 0; h < halves.length; h++) {
    const half = halves[h]!;
    if (half === '') continue;
    const parts = half.split(':');
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p]!;
      const last = h === halves.length - 1 && p === parts.length - 1;
      if (last && part.includes('.')) {
        if (!isDottedQuad(part)) return false;
        groups += 2;
      } else if (part.length >= 1 && part.length <= 4 && [...part].every((ch) => isHex(ch.charCodeAt(0)))) {
        groups++;
      } else {
        return false;
      }
    }
  }
  return halves.length === 2 ? groups <= 7 : groups === 8;
}

/** `dec-octet.dec-octet.dec-octet.dec-octet`, without leading zeros. */
function isDottedQuad(text: string): boolean {
  const octets = text.split('.');
  if (octets.length !== 4) return false;
  for (const o of octets) {
    if (o.length < 1 || o.length > 3 || (o.length > 1 && o[0] === '0')) return false;
    for (let i = 0; i < o.length; i++) if (!isDigit(o.charCodeAt(i))) return false;
    if (Number(o) > 255) return false;
  }
  return true;
}

/** Everything after `scheme://`, from `from` to `to`. */
function isAfterScheme(s: string, from: number, to: number): boolean {
  let end = from;
  while (end < to) {
    const c = s.charCodeAt(end);
    if (c === SLASH || c === QUESTION || c === HASH) break;
    end++;
  }
  // Authority: [user[:password]@]host[:port]. Only the user part may hold a `:` before an `@`.
  let at = -1;
  let colon = -1;
  for (let i = from; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === AT) {
      if (at >= 0) return false;
      at = i;
    } else if (c === COLON && at < 0 && colon < 0) {
      colon = i;
    }
  }
  let hostStart = from;
  if (at >= 0) {
    if (colon >= 0) {
      if (!scan(s, from, colon, USER, true) || !scan(s, colon + 1, at, USER, true)) return false;
    } else if (!scan(s, from, at, USER, true)) {
      return false;
    }
    hostStart = at + 1;
  }
  let portStart: number;
  if (s.charCodeAt(hostStart) === OPEN_BRACKET && hostStart < end) {
    const close = s.indexOf(']', hostStart);
    if (close < 0 || close >= end || !isIpv6Literal(s, hostStart + 1, close)) return false;
    portStart = close + 1;
  } else {
    portStart = hostStart;
    while (portStart < end && s.charCodeAt(portStart) !== COLON) portStart++;
    if (!isHostName(s, hostStart, portStart)) return false;
  }
  if (portStart < end) {
    if (s.charCodeAt(portStart) !== COLON || portStart + 1 === end) return false;
    for (let i = portStart + 1; i < end; i++) if (!isDigit(s.charCodeAt(i))) return false;
  }
  // Path (`/` segments), query, fragment.
  let i = end;
  let stop = i;
  while (stop < to && s.charCodeAt(stop) !== QUESTION && s.charCodeAt(stop) !== HASH) stop++;
  if (!scan(s, i, stop, PATH, false)) return false;
  i = stop;
  if (i < to && s.charCodeAt(i) === QUESTION) {
    stop = i + 1;
    while (stop < to && s.charCodeAt(stop) !== HASH) stop++;
    if (!scan(s, i + 1, stop, QUERY, false)) return false;
    i = stop;
  }
  if (i < to) return scan(s, i + 1, to, FRAGMENT, false);
  return true;
}

/** The end of the text `$` may match at: the end, or before a final newline. */
function contentEnd(s: string): number {
  return s.length > 0 && s.charCodeAt(s.length - 1) === 10 ? s.length - 1 : s.length;
}

/** `url`: one of the default schemes (any case), `://`, and a valid rest. */
export function isUrl(s: string): boolean {
  const to = contentEnd(s);
  let i = 0;
  while (i < to && i < 40) {
    const c = s.charCodeAt(i);
    const lower = c | 32;
    if ((lower >= 97 && lower <= 122) || isDigit(c) || c === 43 || c === DOT || c === DASH) i++;
    else break;
  }
  if (!s.startsWith('://', i) || i + 3 > to || !SCHEMES.has(s.slice(0, i).toLowerCase())) return false;
  return isAfterScheme(s, i + 3, to);
}

/** `url:http,https`: a URL whose scheme is one of `protocols` (compared without regard to case). */
export function urlWithProtocols(protocols: readonly string[]): (s: string) => boolean {
  const lower = protocols.map((p) => p.toLowerCase());
  return (s) => {
    const to = contentEnd(s);
    for (const p of lower) {
      const after = p.length + 3;
      if (after > to || !s.startsWith('://', p.length) || s.slice(0, p.length).toLowerCase() !== p) continue;
      if (isAfterScheme(s, after, to)) return true;
    }
    return false;
  };
}
