/**
 * The bounded matchers answer as JavaScript's RegExp does (on fixed and on
 * generated patterns and subjects), in time linear in the subject for any
 * pattern without backreferences, and within a step budget for the others.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileBoundedRegex } from '../../src/regex/bounded-regex.js';
import { BACKTRACK_STEPS } from '../../src/regex/bounded-backtracker.js';
import { seededRandom } from '../helpers/seeded-random.js';

const same = suite('bounded regex: the same answers as RegExp');

const PATTERNS: readonly (readonly [string, string])[] = [
  ['^[a-z]+$', 'v'],
  ['^([a-z]+)*$', 'v'],
  ['(a|aa)+$', 'v'],
  ['\\bfoo\\b', 'v'],
  ['(?<=a)b', 'v'],
  ['(?<!a)b', 'v'],
  ['a(?=bc)', 'v'],
  ['a(?!b)', 'v'],
  ['(?<=^a+)b', 'v'],
  ['a(?=b+$)', 'v'],
  ['^[^\\n]+(?=\\n?(?![\\s\\S]))', 'v'],
  ['(?<![\\s\\S])(?:x)', 'v'],
  ['^(\\w+)\\s\\1$', 'v'],
  ['^(?:(a)|b)\\1$', 'v'],
  ['(?<=(a+))b', 'v'],
  ['(?<=\\1(a))b', 'v'],
  ['^(?<y>\\d{4})-\\k<y>$', 'v'],
  ['^(a|b|)+$', 'v'],
  ['^a{2,3}$', 'v'],
  ['^(ab){1,2}?$', 'v'],
  ['^\\p{Lu}', 'v'],
  ['é+', 'vi'],
  ['ſ', 'vi'],
  ['\\w', 'vi'],
  ['^.$', 'vs'],
  ['^.$', 'v'],
  ['^[\\p{L}0-9\\x2d_]+$', 'v'],
  ['^http:\\/\\/localhost:\\d+$', ''],
  ['^a.c$', 'im'],
  ['^b$', 'm'],
  ['(a)\\1', 'i'],
  ['^[]a]', ''],
  ['a{', ''],
  ['', 'v'],
];
const SUBJECTS = [
  '',
  'a',
  'b',
  'ab',
  'ba',
  'abc',
  'aab',
  'aaa',
  'aaaa!',
  'abab',
  'foo',
  'a foo b',
  'foobar',
  'abc\n',
  'ab\nb',
  'É',
  'éÉ',
  '😀',
  'a😀b',
  'ſ',
  'K',
  'AA',
  'aA',
  ']',
  'a{',
  '2024-2024',
  '2024-2025',
  'hello hello',
  'hello world',
  'aXc\nb',
  'http://localhost:80',
  '\ud800a',
];

same('fixed patterns on fixed subjects', () => {
  for (const [source, flags] of PATTERNS) {
    const native = new RegExp(source, flags);
    const bounded = compileBoundedRegex(source, flags);
    for (const subject of SUBJECTS) {
      assert.is(bounded.test(subject), native.test(subject), `/${source}/${flags} on ${JSON.stringify(subject)}`);
    }
  }
});

function pattern(next: () => number, depth: number, groups: { count: number }): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const atom = (): string => {
    const roll = next();
    if (depth > 0 && roll < 0.25) {
      const open = pick(['(', '(?:', '(?=', '(?!', '(?<=', '(?<!']);
      if (open === '(') groups.count++;
      return `${open}${pattern(next, depth - 1, groups)})`;
    }
    if (roll < 0.3 && groups.count > 0) return `\\${1 + Math.floor(next() * groups.count)}`;
    return pick(['a', 'b', '[ab]', '.', '\\w', '[^a]', '\\d', 'x', '^', '$', '\\b', '\\B', '\\n', 'A']);
  };
  const term = (): string => {
    const base = atom();
    if (/^[\^$]|^\\[bB]$|^\(\?[=!<]/.test(base)) return base;
    return base + pick(['', '', '', '*', '+', '?', '{0,2}', '{2}', '*?', '+?', '{1,3}']);
  };
  const alternative = (): string => Array.from({ length: 1 + Math.floor(next() * 3) }, term).join('');
  return next() < 0.25 ? `${alternative()}|${alternative()}` : alternative();
}

same('generated patterns and subjects, in every flag mode', () => {
  const next = seededRandom(20241126);
  let compared = 0;
  for (let k = 0; k < 1500; k++) {
    const source = pattern(next, 2, { count: 0 });
    const flags = ['v', 'vi', 'vs', 'vm', '', 'i', 'u'][k % 7]!;
    let native: RegExp;
    try {
      native = new RegExp(source, flags);
    } catch {
      continue;
    }
    const bounded = compileBoundedRegex(source, flags);
    for (let j = 0; j < 12; j++) {
      const subject = Array.from({ length: Math.floor(next() * 9) }, () => 'aabx1 \nA'[Math.floor(next() * 8)]).join('');
      assert.is(bounded.match(subject), native.test(subject) ? 'match' : 'no-match', `/${source}/${flags} on ${JSON.stringify(subject)}`);
      compared++;
    }
  }
  assert.ok(compared > 10_000, `${compared} comparisons`);
});

same.run();

const linear = suite('bounded regex: linear time');

const CATASTROPHIC = ['^([a-z]+)*$', '(a+)+$', '(a|a)*$', '(a|aa)+$', '(.*a){20}', '^(\\w+\\s?)*$', '\\d+x', '^(?=(a+)+b)', '(?<=(a+)+)b'];

function hostile(source: string, size: number): string {
  return `${(source.includes('\\d') ? '1' : 'a').repeat(size)}!`;
}

for (const source of CATASTROPHIC) {
  linear(`/${source}/ on 100 KB answers in under 50 ms, with work linear in the length`, () => {
    const regex = compileBoundedRegex(source, 'v');
    regex.match(hostile(source, 10_000));
    const small = regex.steps;
    let best = Infinity;
    for (let k = 0; k < 5 && best >= 50; k++) {
      const start = performance.now();
      const outcome = regex.match(hostile(source, 100_000));
      best = Math.min(best, performance.now() - start);
      assert.is(outcome, new RegExp(source, 'v').test('a!') || source === '(.*a){20}' ? 'match' : 'no-match');
    }
    assert.ok(best < 50, `${best.toFixed(1)} ms`);
    assert.ok(regex.steps <= 11 * small, `steps ${small} → ${regex.steps}`);
  });
}

linear('a backreference pattern gives up within its step budget, where PHP gives up at its backtrack limit', () => {
  const regex = compileBoundedRegex('^(a+)+\\1$', 'v');
  assert.is(regex.match('aaaa'), 'match');
  assert.is(regex.match('aaab'), 'no-match');
  const start = performance.now();
  assert.is(regex.match(`${'a'.repeat(40)}!`), 'gave-up');
  assert.ok(performance.now() - start < 1000, 'bounded');
  assert.ok(BACKTRACK_STEPS === 1_000_000);
});

linear('a pattern with over 30 different lookarounds runs on the bounded backtracker', () => {
  const source = Array.from({ length: 31 }, (_, k) => `(?=[\\s\\S]{${k}}a)`).join('');
  const regex = compileBoundedRegex(source, 'v');
  assert.is(regex.match('a'.repeat(40)), 'match');
  assert.is(regex.match(`${'a'.repeat(30)}b`), new RegExp(source, 'v').test(`${'a'.repeat(30)}b`) ? 'match' : 'no-match');
});

linear('what the matchers cannot run is refused when compiled, never run unbounded', () => {
  assert.throws(() => compileBoundedRegex('^\\p{RGI_Emoji}$', 'v'), /properties of strings/);
  assert.throws(() => compileBoundedRegex('[\\q{abc}]', 'v'), /properties of strings/);
  assert.throws(() => compileBoundedRegex('\\1', ''), /octal/);
  assert.throws(() => compileBoundedRegex('(a{1000}){1000}', 'v'), /too large/);
  assert.is(compileBoundedRegex('^[\\s\\S]{0,65535}$', 'v').match('abc'), 'match');
});

linear.run();
