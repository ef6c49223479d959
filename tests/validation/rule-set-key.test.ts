/**
 * `ruleSetKey`: one text per rule set, equal exactly when the sets compile to
 * validators that validate alike; `undefined` for a set holding an object
 * never seen before (a closure made afresh by each `rules()` call).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ruleSetKey } from '../../src/validation/rule-set-key.js';
import { Password, Rule } from '../../src/validation/rule-builders.js';
import { FileRule } from '../../src/validation/file-rule-builders.js';
import type { CompileOptions, RuleMap } from '../../src/validation/types.js';

const OPTIONS: CompileOptions = { owner: 'R' };
const key = (rules: RuleMap, options: CompileOptions = OPTIONS) => ruleSetKey(rules, options);

enum Status {
  Draft = 'draft',
  Published = 'published',
}

const test = suite('ruleSetKey');

test('rule strings: the same text, the same key; another text, another key', () => {
  assert.type(key({ name: 'required|max:5' }), 'string');
  assert.is(key({ name: 'required|max:5' }), key({ name: 'required|max:5' }));
  assert.is.not(key({ name: 'required|max:5' }), key({ name: 'required|max:6' }));
  assert.is.not(key({ name: 'required', other: 'string' }), key({ other: 'string', name: 'required' }), 'field order is validation order');
  assert.is.not(key({ a: 'required|string' }), key({ a: ['required|string'] }));
  assert.is.not(key({ 'a.b': 'x' }), key({ a: 'b.x' }));
});

test('messages, attributes and stopOnFirstFailure are part of the key', () => {
  const rules = { name: 'required' };
  const base = key(rules);
  assert.is.not(key(rules, { owner: 'R', messages: { required: 'Needed.' } }), base);
  assert.is(key(rules, { owner: 'R', messages: { required: 'Needed.' } }), key(rules, { owner: 'R', messages: { required: 'Needed.' } }));
  assert.is.not(key(rules, { owner: 'R', attributes: { name: 'full name' } }), base);
  assert.is.not(key(rules, { owner: 'R', stopOnFirstFailure: true }), base);
  assert.is(key(rules, { owner: 'Other' }), base, 'the owner only names the class in compile errors');
});

test('Rule.unique / Rule.exists are keyed by their rule string, new objects alike', () => {
  const ignoring = (id: number) => key({ email: ['required', Rule.unique('users').ignore(id)] });
  assert.type(ignoring(5), 'string');
  assert.is(ignoring(5), ignoring(5));
  assert.is.not(ignoring(5), ignoring(6));
  assert.is(key({ id: [Rule.exists('users', 'id')] }), key({ id: [Rule.exists('users', 'id')] }));
});

test('Rule.enum, Password and File rules are keyed by their settings', () => {
  assert.type(key({ s: [Rule.enum(Status)] }), 'string');
  assert.is(key({ s: [Rule.enum(Status)] }), key({ s: [Rule.enum(Status)] }));
  assert.is.not(key({ s: [Rule.enum(Status)] }), key({ s: [Rule.enum(Status).only([Status.Draft])] }));
  assert.is(key({ p: [Password.min(8).mixedCase()] }), key({ p: [Password.min(8).mixedCase()] }));
  assert.is.not(key({ p: [Password.min(8).mixedCase()] }), key({ p: [Password.min(8)] }));
  assert.is.not(key({ p: [Password.min(8)] }), key({ p: [Password.min(8).uncompromised()] }));
  assert.is(key({ f: [FileRule.types(['pdf']).max(1024)] }), key({ f: [FileRule.types(['pdf']).max(1024)] }));
  assert.is.not(key({ f: [FileRule.types(['pdf']).max(1024)] }), key({ f: [FileRule.types(['pdf']).max(2048)] }));
});

test('raw JSON Schema rules are keyed by their content', () => {
  const schema = () => ({ schema: { type: 'string', minLength: 2 }, message: 'Too short.' });
  assert.is(key({ a: [schema()] }), key({ a: [schema()] }));
  assert.is.not(key({ a: [schema()] }), key({ a: [{ schema: { type: 'string', minLength: 3 } }] }));
});

test('a closure or rule object is keyed by identity: new ones make the set uncacheable, the same one again does not', () => {
  const fresh = () => key({ a: ['required', (_attribute: string, _value: unknown, _fail: (m: string) => void) => {}] });
  assert.is(fresh(), undefined);
  assert.is(fresh(), undefined);
  const upper = { validate() {} };
  assert.is(key({ a: [upper] }), undefined, 'seen for the first time');
  const again = key({ a: [upper] });
  assert.type(again, 'string');
  assert.is(key({ a: [upper] }), again);
  assert.is.not(key({ a: [{ validate() {} }] }), again);
});

test("a conditional rule is keyed by its rule and its condition's identity", () => {
  assert.is(key({ a: [Rule.requiredIf(() => true)] }), undefined);
  const when = () => true;
  key({ a: [Rule.requiredIf(when)] });
  assert.type(key({ a: [Rule.requiredIf(when)] }), 'string');
  assert.is.not(key({ a: [Rule.requiredIf(when)] }), key({ a: [Rule.prohibitedIf(when)] }));
  assert.is(key({ a: [Rule.requiredIf(true)] }), key({ a: ['required'] }), 'a boolean condition is its rule string');
});

test('what cannot be read is not keyed', () => {
  const cycle: Record<string, unknown> = { type: 'object' };
  cycle['self'] = cycle;
  assert.is(key({ a: [{ schema: cycle }] }), undefined);
  assert.is(ruleSetKey(null, OPTIONS), undefined);
});

test.run();
