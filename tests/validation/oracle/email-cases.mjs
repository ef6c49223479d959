#!/usr/bin/env node
// Oracle cases for `email` and its parameters (rfc, strict, filter, filter_unicode and their
// combinations): adversarial addresses (quotes, comments, brackets, IPv4/IPv6 literals, dots,
// hyphens, labels and addresses at each length limit, Unicode labels near 63 xn-- characters,
// symbols, controls, white space) under each mode, and a few wildcard lists. Deterministic.
// tests/validation/email/ pins a few hundred of these answers; this is the full run.
//
// usage: node tests/validation/oracle/email-cases.mjs > /tmp/email.jsonl
//        ORACLE_CASES=/tmp/email.jsonl ../shared/oracle/run.sh .
const MODES = [
  'email',
  'email:strict',
  'email:rfc,strict',
  'email:strict,rfc',
  'email:strict,filter',
  'email:filter',
  'email:filter_unicode',
];
const PER_KIND = Number(process.env.EMAIL_CASES ?? 1500);

let seed = 20240611;
const rnd = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const pick = (list) => list[Math.floor(rnd() * list.length)];
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const a = (n, ch = 'a') => ch.repeat(n);

const ATOMS = [
  'a',
  'john',
  'john.doe',
  'A',
  'IPv6',
  'aſb',
  '123',
  'a4',
  'josé',
  '用户',
  'é',
  "o'neil",
  'a+tag',
  'a_b',
  '!#$%&*+/=?^_`{|}~',
  '¿',
  '¡',
  '\u00a0',
  'e\u0301',
];
const LOCAL_BITS = [
  '.',
  '..',
  ' ',
  '\t',
  '\r\n ',
  '\n',
  '\r',
  '\0',
  '"',
  '\\',
  '\\ ',
  '\\"',
  '(',
  ')',
  '(c)',
  '(a(b)c)',
  '((x)',
  ',',
  ';',
  ':',
  '<',
  '[',
  ']',
  '@',
  '\u007f',
  '©',
  '😀',
  '\u200b',
  '::',
];
const QUOTED = [
  '"a b"',
  '"a"',
  '""',
  '"a\\"b"',
  '"a\\\\b"',
  '"\t"',
  '"\r\n a"',
  '"a@b"',
  '" "',
  '"\\"',
  '"a',
  '"ü"',
  '"a\nb"',
  '"a\0b"',
  'a."b"',
  'a"b"',
];
const LABELS = [
  'example',
  'com',
  'b',
  'localhost',
  'a-b',
  '-a',
  'a-',
  'a--b',
  'a_b',
  '123',
  'xn--bcher-kva',
  'münchen',
  '例え',
  'ß',
  'ς',
  'Ａ',
  '。',
  'IPv6',
  'ab4',
];
const DOMAIN_BITS = ['.', '..', '-', ' ', '(c)', '(c).', '(c', 'c)', '\\', '/', '@', '_', '[', ']', '\n', '¡', '"', '::'];
const LITERALS = [
  '[1.2.3.4]',
  '[256.1.1.1]',
  '[01.2.3.4]',
  '[IPv6:::1]',
  '[IPv6:1:2:3:4:5:6:7:8]',
  '[IPv6:1:2:3:4:5:6:7]',
  '[IPv6:1::2::3]',
  '[IPv6:1:2:3:4:5:6:1.2.3.4]',
  '[IPv6:::1.2.3.4]',
  '[IPv6:1:]',
  '[IPv6:g::1]',
  '[mail]',
  '[1.2.3.4]xyz',
  '[ 1.2.3.4]',
  '[1.2\n.3.4]',
  '[1.2.3.4',
  '[]',
  '[1\\.2.3.4]',
  '[ipv6:::1]',
];
const SOUP = [
  'a',
  'Z',
  '0',
  '.',
  '.',
  '@',
  '"',
  '"',
  '\\',
  '(',
  ')',
  '[',
  ']',
  ' ',
  '\t',
  '\r\n',
  '\n',
  '-',
  ':',
  '::',
  ',',
  '_',
  '!',
  '\0',
  'é',
  'ſ',
  'IPv6',
  '1.2.3.4',
  'xn--',
  '¿',
  '😀',
  '用',
  '\u0301',
  '\u3002',
];
const UNICODE = [
  ['é', 'ü', 'ñ', 'É'],
  ['例', '用', '中'],
  ['д', 'Ж'],
  ['α', 'ς', 'Σ'],
  ['ß', 'ẞ'],
  ['Ａ', 'ﬁ', '①'],
  ['e\u0301', '\u0301'],
  ['\ufe0f'],
  ['한', '국'],
];

function localPart() {
  const r = rnd();
  if (r < 0.3) return pick(ATOMS);
  if (r < 0.45) return pick(QUOTED);
  if (r < 0.55) return a(pick([63, 64, 65]), pick(['a', 'é']));
  return Array.from({ length: int(1, 4) }, () => (rnd() < 0.55 ? pick(ATOMS) : rnd() < 0.7 ? pick(LOCAL_BITS) : pick(QUOTED))).join(
    rnd() < 0.5 ? '' : '.',
  );
}

function domain() {
  const r = rnd();
  if (r < 0.15) return pick(LITERALS);
  if (r < 0.3) {
    const long = a(int(61, 65), pick(['a', 'é', 'ü', '例']));
    return pick([`${long}.com`, `example.${long}`, `b.${long}.com`]);
  }
  if (r < 0.4) return `${(a(60) + '.').repeat(4)}${a(int(5, 12))}`;
  return Array.from({ length: int(1, 4) }, () => (rnd() < 0.65 ? pick(LABELS) : pick(DOMAIN_BITS))).join(rnd() < 0.6 ? '.' : '');
}

function mutate(s) {
  const chars = Array.from(s);
  for (let i = int(1, 2); i > 0; i--) {
    const at = int(0, chars.length);
    const op = rnd();
    if (op < 0.4) chars.splice(at, 0, pick(SOUP));
    else if (op < 0.7) chars.splice(at, 1);
    else chars.splice(at, 1, pick(SOUP));
  }
  return chars.join('');
}

function unicodeLabel() {
  const pools = Array.from({ length: int(1, 2) }, () => pick(UNICODE));
  return Array.from({ length: int(5, 65) }, () => pick(pick(pools))).join('');
}

const KINDS = {
  structured: () => (rnd() < 0.7 ? `${localPart()}@${domain()}` : mutate(`${localPart()}@${domain()}`)),
  soup: () =>
    rnd() < 0.5
      ? Array.from({ length: int(1, 14) }, () => pick(SOUP)).join('')
      : `${pick(['a', '"a"', 'é', 'a.b'])}@${Array.from({ length: int(1, 6) }, () => pick(SOUP)).join('')}`,
  unicode: () => pick([`a@${unicodeLabel()}.com`, `a@b.${unicodeLabel()}`, `${unicodeLabel()}@b.com`]),
  lengths: () =>
    `${a(int(60, 66), pick(['a', 'é', '"']))}@${Array.from({ length: int(2, 5) }, () => a(int(50, 63))).join('.')}`.slice(0, int(240, 330)),
};

const values = new Set([
  'a@b',
  'user@localhost',
  'user@example.com',
  '"john doe"@example.com',
  'john(work)@example.com',
  `${a(60)}@bbbbbbb.cc`,
]);
for (const make of Object.values(KINDS)) {
  const target = values.size + PER_KIND;
  while (values.size < target) values.add(make());
}

const out = [];
let n = 0;
const add = (rule, rules, data) => out.push({ id: `email-${String(n++).padStart(6, '0')}`, group: 'email', rule, rules, data });
for (const value of values) for (const mode of MODES) add('email', { value: mode }, { value });
const list = [...values];
for (let i = 0; i < 200; i++) add('email', { 'list.*': pick(MODES) }, { list: Array.from({ length: int(1, 4) }, () => pick(list)) });
for (const row of out) process.stdout.write(`${JSON.stringify(row)}\n`);
