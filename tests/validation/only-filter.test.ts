/**
 * `only` (Precognition-Validate-Only) names: the host framework's matching
 * (each `*` is one or more characters other than a dot) and a cost linear in
 * the attributes (security review, issue #8: 4,000 names against 100,000
 * wildcard items blocked the event loop for seconds).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSync } from './helpers.js';
import { OnlyFilter, hasPartialWildcard } from '../../src/validation/only-filter.js';
import { assertLinear } from '../helpers/growth.js';

const matching = suite('only: which attributes a name covers (Laravel 12 shouldValidatePrecognitiveAttribute)');

const cases: ReadonlyArray<readonly [string, string, boolean]> = [
  ['items.*.name', 'items.0.name', true],
  ['items.*.name', 'items.10.name', true],
  ['items.*.name', 'items.0', false],
  ['items.*.name', 'items.0.name.x', false],
  ['items.1.name', 'items.1.name', true],
  ['items.1.name', 'items.0.name', false],
  ['items', 'items.0.name', false],
  ['*', 'a', true],
  ['*', 'items.0', false],
  ['*.*.*', 'items.0.name', true],
  ['item*.0.name', 'items.0.name', true],
  // A `*` takes at least one character, as `[^.]+`.
  ['items*.0.name', 'items.0.name', false],
  ['i*s.*.name', 'items.0.name', true],
  ['i**s.0', 'ixs.0', false],
  ['i**s.0', 'ixys.0', true],
  ['*tem*', 'items', true],
  ['a*b*c', 'axbc', false],
  ['a*b*c', 'axbyc', true],
  // Everything else is literal, regex characters included.
  ['a+b', 'a+b', true],
  ['a+b', 'aab', false],
  ['a.b', 'a.b', true],
  ['', 'a', false],
];
for (const [name, attribute, expected] of cases) {
  matching(`${JSON.stringify(name)} ${expected ? 'covers' : 'does not cover'} ${attribute}`, () => {
    assert.is(new OnlyFilter([name]).matches(attribute), expected);
  });
}

matching('hasPartialWildcard: a `*` inside a segment, not a whole segment', () => {
  for (const name of ['item*', 'a.*b', 'a*.b', 'a.b*c.d', '**', '*.x*']) assert.ok(hasPartialWildcard(name), name);
  for (const name of ['*', 'a.*', '*.b', 'a.*.b', '*.*', 'plain', '']) assert.not.ok(hasPartialWildcard(name), name);
});

matching('several names: any one covers', () => {
  const filter = new OnlyFilter(['a', 'items.*.name', 'x*.y']);
  assert.ok(filter.matches('a'));
  assert.ok(filter.matches('items.3.name'));
  assert.ok(filter.matches('xs.y'));
  assert.not.ok(filter.matches('b'));
});

matching('a key with a dot is written with \\. as the host framework writes it (getRulesWithoutPlaceholders)', () => {
  const escaped = new OnlyFilter(['escaped\\.dot']);
  assert.ok(escaped.matchesPath(['escaped.dot']), 'escaped\\.dot covers the key escaped.dot');
  assert.not.ok(escaped.matchesPath(['escaped', 'dot']), 'but not the path escaped → dot');
  const path = new OnlyFilter(['escaped.dot']);
  assert.not.ok(path.matchesPath(['escaped.dot']));
  assert.ok(path.matchesPath(['escaped', 'dot']));
  // The backslash is a plain character: `*` ([^.]+) takes it.
  assert.ok(new OnlyFilter(['*.dot']).matchesPath(['escaped.dot']));
  assert.ok(new OnlyFilter(['items.*.a\\.b']).matchesPath(['items', '3', 'a.b']));
});

matching('the empty name covers only the empty key', () => {
  const empty = new OnlyFilter(['']);
  assert.not.ok(empty.matchesPath(['a']));
  assert.ok(empty.matchesPath(['']));
});

matching.run();

const cost = suite('only: linear in names and attributes');

const itemsOf = (count: number) => Array.from({ length: count }, () => ({ name: 1 }));
const items = itemsOf(10_000);
const validator = compileSync({ 'items.*': 'array', 'items.*.name': 'string' }, { owner: 'OnlyCost' });

cost('1,000 concrete names against 10,000 wildcard items', async () => {
  const names = Array.from({ length: 1000 }, (_, i) => `items.${i}.name`);
  const outcome = validator.validate({ items }, names);
  assert.is(outcome.ok, false);
  const listed = new Set(names);
  if (!outcome.ok)
    assert.ok(
      Object.keys(outcome.errors).every((key) => listed.has(key)),
      'only listed attributes are reported',
    );
  // Ten times the names and ten times the items: linear costs 10 times as much, names × items 100 times.
  await assertLinear(
    'concrete names',
    (count) => {
      const [input, only] = [{ items: itemsOf(count * 10) }, Array.from({ length: count }, (_, i) => `items.${i}.name`)];
      return () => validator.validate(input, only);
    },
    100,
  );
});

cost('1,000 wildcard names that all reach the items', async () => {
  await assertLinear(
    'wildcard names',
    (count) => {
      const input = { items: itemsOf(count * 10) };
      const names = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? `items.*.n${i}` : `*.${i}.name`));
      return () => validator.validate(input, names);
    },
    100,
  );
});

cost('980 concrete names and 20 glob names (what the header accepts)', async () => {
  await assertLinear(
    'concrete and glob names',
    (count) => {
      const input = { items: itemsOf(count * 10) };
      const names = Array.from({ length: count }, (_, i) => (i < 20 ? `items.${i}*.name` : `items.${i}.name`));
      return () => validator.validate(input, names);
    },
    100,
  );
});

cost.run();
