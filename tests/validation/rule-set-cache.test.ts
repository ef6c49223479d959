/**
 * `RuleSetCache`: a rule set seen again is one lookup (no compilation); a new
 * one is compiled and kept, at most `capacity` of them, the ones in use
 * surviving evictions; one that cannot be keyed is compiled and not kept.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compilationCount } from '../../src/validation/compiler.js';
import { RuleSetCache } from '../../src/validation/rule-set-cache.js';
import { Rule } from '../../src/validation/rule-builders.js';
import type { ValidationOutcome } from '../../src/validation/types.js';

const OPTIONS = { owner: 'R' };
const maxRules = (n: number) => ({ name: `required|string|max:${n}` });

const test = suite('RuleSetCache');

test('the same rule set again compiles nothing and gives the same validator', () => {
  const cache = new RuleSetCache();
  const before = compilationCount();
  const first = cache.validatorFor(maxRules(3), OPTIONS);
  for (let i = 0; i < 100; i++) assert.is(cache.validatorFor(maxRules(3), OPTIONS), first);
  assert.is(compilationCount(), before + 1);
  assert.is(cache.size, 1);
});

test('each distinct rule set is compiled once and validates as its own rules say', () => {
  const cache = new RuleSetCache();
  const before = compilationCount();
  const outcome = (n: number, name: string) => cache.validatorFor(maxRules(n), OPTIONS).validate({ name }) as ValidationOutcome;
  for (let round = 0; round < 3; round++) {
    assert.ok(outcome(3, 'Ada').ok);
    assert.not.ok(outcome(2, 'Ada').ok);
    assert.ok(outcome(5, 'Grace').ok);
  }
  assert.is(compilationCount(), before + 3);
  assert.is(cache.size, 3);
});

test('Rule.unique(...).ignore(id) made afresh per request is cached per id', () => {
  const cache = new RuleSetCache();
  const before = compilationCount();
  const rules = (id: number) => ({ email: ['required', Rule.unique('users').ignore(id)] });
  const a = cache.validatorFor(rules(1), OPTIONS);
  assert.is(cache.validatorFor(rules(1), OPTIONS), a);
  assert.is.not(cache.validatorFor(rules(2), OPTIONS), a);
  assert.is(compilationCount(), before + 2);
});

test('never more than capacity rule sets, and a set in use outlives one that is not', () => {
  const cache = new RuleSetCache(4);
  const hot = cache.validatorFor(maxRules(1000), OPTIONS);
  for (let n = 0; n < 50; n++) {
    cache.validatorFor(maxRules(n), OPTIONS);
    assert.ok(cache.size <= 4, `size ${cache.size}`);
    assert.is(cache.validatorFor(maxRules(1000), OPTIONS), hot, `the hot set is kept (round ${n})`);
  }
  assert.is(cache.size, 4);
});

test('a set with a closure made afresh is compiled each time and never kept', () => {
  const cache = new RuleSetCache();
  const before = compilationCount();
  for (let i = 0; i < 5; i++) cache.validatorFor({ a: ['required', (_a: string, _v: unknown, _f: (m: string) => void) => {}] }, OPTIONS);
  assert.is(compilationCount(), before + 5);
  assert.is(cache.size, 0);
});

test('capacity 0 keeps nothing', () => {
  const cache = new RuleSetCache(0);
  cache.validatorFor(maxRules(1), OPTIONS);
  cache.validatorFor(maxRules(1), OPTIONS);
  assert.is(cache.size, 0);
});

test.run();
