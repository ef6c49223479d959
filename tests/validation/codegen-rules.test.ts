import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileValidator } from '../../src/validation/compiler.js';
import { compileFastPath } from '../../src/validation/codegen/fast-path.js';
import { buildPlan } from '../../src/validation/plan.js';
import type { RuleMap } from '../../src/validation/types.js';
import { pair, shape } from './codegen-outcome.js';

/**
 * The rules generated code inlines, on the values where PHP's type juggling
 * decides (each case: the rules of `value`, the value, whether it passes as
 * in Laravel), and the shapes of `validated()` it builds itself. Each case
 * runs through the generated code and the interpreter, which must agree.
 */
const rules = suite('generated code: inlined rules and PHP juggling');

type JugglingCase = readonly [string, unknown, boolean];

const CASES: readonly JugglingCase[] = [
  ['required', '', false],
  ['required', ' \t\n', false],
  ['required', '0', true],
  ['required', 0, true],
  ['required', false, true],
  ['required', null, false],
  ['required', [], false],
  ['required', {}, false],
  ['required', [''], true],
  ['filled', '', false],
  ['filled', null, false],
  ['present', '', true],
  ['present', null, true],
  ['string', '', true],
  ['string', 12, false],
  ['string', ['a'], false],
  ['string', true, false],
  ['nullable|string', null, true],
  ['string', null, false],
  ['string|max:3', ' ', true],
  ['string|max:3', 'abcd', false],
  ['string|max:3', '€€€', true],
  ['string|max:3', '😀😀😀', true],
  ['string|max:3', '😀😀😀😀', false],
  ['max:3', 1234, false],
  ['max:3', ['a', 'b', 'c'], true],
  ['max:3', ['a', 'b', 'c', 'd'], false],
  ['max:3', true, true],
  ['integer|max:3', '3', true],
  ['integer|max:3', '4', false],
  ['numeric|max:3', '1e3', false],
  ['numeric|max:3', ' 3 ', true],
  ['min:2', 'a', false],
  ['min:2', '😀😀', true],
  ['between:1,2', 'abc', false],
  ['size:2', '12', true],
  ['integer|size:2', '2', true],
  ['integer', '1e3', false],
  ['integer', ' 12', true],
  ['integer', '12 ', true],
  ['integer', '012', false],
  ['integer', '+1', true],
  ['integer', 1.5, false],
  ['integer', 1e3, true],
  ['integer', true, false],
  ['integer', '9223372036854775807', true],
  ['integer', '9223372036854775808', false],
  ['numeric', '1e3', true],
  ['numeric', ' 12', true],
  ['numeric', '.5', true],
  ['numeric', '1.', true],
  ['numeric', '0x1A', false],
  ['numeric', true, false],
  ['boolean', true, true],
  ['boolean', '1', true],
  ['boolean', 'true', false],
  ['boolean', 2, false],
  ['array', [], true],
  ['array', {}, true],
  ['array', 'a', false],
  ['array:a', { a: 1 }, true],
  ['array:a', { b: 1 }, false],
  ['list', { 0: 'a', 1: 'b' }, true],
  ['list', { 1: 'a' }, false],
  ['in:a,1', 1, true],
  ['in:a,1', '1.0', true],
  ['in:a,1', true, true],
  ['in:a,1', ['a'], false],
  ['array|in:a,1', ['a', '1'], true],
  ['not_in:a', 'b', true],
  ['email', 'a@b.co', true],
  ['email', 'not an email', false],
  ['accepted', 'yes', true],
  ['accepted', 'no', false],
  ['sometimes|required', undefined, true],
];

for (const [written, value, passes] of CASES) {
  const label = `${written} on ${value === undefined ? '(absent)' : JSON.stringify(value)} ${passes ? 'passes' : 'fails'}`;
  rules(label, () => {
    const p = pair({ value: written });
    assert.ok(p.fast !== null, 'the rule set is covered');
    const input = value === undefined ? {} : { value };
    const { valid, answered } = p.same(input);
    assert.is(valid, passes);
    assert.is(answered, passes);
    const outcome = compileValidator({ value: written }, { owner: 'R' }).validate(input) as { ok: boolean };
    assert.is(outcome.ok, passes);
  });
}

rules('a pattern ending in * puts filled containers after the other attributes, in validated() too', () => {
  const p = pair({ 'tags.*': 'present' });
  const input = { tags: { a: [1], b: 'x', c: { d: 1 }, e: [], f: null } };
  assert.ok(p.same(input).answered);
  const outcome = compileValidator({ 'tags.*': 'present' }, { owner: 'R' }).validate(input) as { validated: Record<string, unknown> };
  assert.equal(Object.keys(outcome.validated['tags'] as object), ['b', 'e', 'f', 'a', 'c']);
});

rules('validated(): an item without the field leaves a hole, shown as an object', () => {
  const p = pair({ 'items.*.name': 'string' });
  const input = { items: [{ name: 'a' }, { other: 1 }, { name: 'c' }] };
  assert.ok(p.same(input).answered);
  const outcome = compileValidator({ 'items.*.name': 'string' }, { owner: 'R' }).validate(input) as { validated: unknown };
  assert.equal(shape(outcome.validated), shape({ items: { 0: { name: 'a' }, 2: { name: 'c' } } }));
});

rules('validated(): a bare array is left to its children, kept whole without them', () => {
  const set: RuleMap = { items: 'required|array', 'items.*.name': 'required|string', title: 'string' };
  const p = pair(set);
  assert.ok(p.same({ items: [{ name: 'a', secret: 1 }], title: 't' }).answered);
  assert.ok(p.same({ items: {}, title: 't' }).valid === false);
  const list = pair({ items: 'array', 'items.*.name': 'string', title: 'string' });
  assert.ok(list.same({ items: [], title: 't' }).answered);
  assert.ok(list.same({ items: [[]], title: 't' }).answered);
  assert.ok(list.same({ items: null, title: 't' }).valid === false);
  const nullable = pair({ items: 'nullable|array', 'items.*.name': 'string' });
  assert.ok(nullable.same({ items: null }).answered);
  const v = compileValidator({ items: 'array', title: 'string', 'items.*.name': 'string' }, { owner: 'R' });
  assert.equal(Object.keys((v.validate({ items: [{ name: 'a' }], title: 't' }) as { validated: object }).validated), ['title', 'items']);
  assert.equal(Object.keys((v.validate({ items: [], title: 't' }) as { validated: object }).validated), ['items', 'title']);
});

rules('validated(): fields that share items merge into one container per item', () => {
  const input = { items: [{ name: 'a', qty: 1, x: 0 }, { name: 'b', qty: 2 }, null, { qty: 3 }] };
  const sets: readonly [RuleMap, unknown][] = [
    // Nothing validated at items.2: a hole, shown as an object.
    [
      { 'items.*.name': 'nullable|string', 'items.*.qty': 'nullable|integer' },
      { items: { 0: { name: 'a', qty: 1 }, 1: { name: 'b', qty: 2 }, 3: { qty: 3 } } },
    ],
    // Fields without * come first.
    [{ 'items.*.name': 'string', 'items.0.qty': 'integer' }, { items: [{ qty: 1, name: 'a' }, { name: 'b' }] }],
    [{ 'items.*': 'nullable|array', 'items.*.name': 'string' }, { items: [{ name: 'a' }, { name: 'b' }, null] }],
    [{ 'items.*.name': 'string', items: 'array' }, { items: [{ name: 'a' }, { name: 'b' }] }],
  ];
  for (const [set, expected] of sets) {
    const p = pair(set);
    assert.ok(p.same(input).answered, JSON.stringify(set));
    const outcome = compileValidator(set, { owner: 'R' }).validate(input) as { validated: unknown };
    assert.equal(shape(outcome.validated), shape(expected), JSON.stringify(set));
  }
});

rules('a key with a dot, or __proto__, under a * is left to the interpreter, which answers', () => {
  const p = pair({ 'meta.*': 'string' });
  assert.is(p.same({ meta: { 'a.b': 'x' } }).answered, false);
  assert.is(p.same(JSON.parse('{"meta":{"__proto__":"x"}}')).answered, false);
  assert.is(p.same({ meta: { a: 'x' } }).answered, true);
});

rules('the wildcard item cap: past it the interpreter answers with its 400', () => {
  const p = pair({ 'items.*.name': 'string' });
  const input = { items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] };
  assert.is(p.same(input, undefined, { max_validation_errors: 10, max_wildcard_items: 2 }).answered, false);
  assert.is(p.same(input, undefined, { max_validation_errors: 10, max_wildcard_items: 3 }).answered, true);
  assert.throws(
    () =>
      compileValidator({ 'items.*.name': 'string' }, { owner: 'R' }).validate(input, undefined, {
        max_validation_errors: 10,
        max_wildcard_items: 2,
      }),
    /too many items/,
  );
});

rules('rules that read other fields, conditions and schemas are generated too', () => {
  const p = pair({ name: 'string', 'items.*.name': 'required_if:name,x|distinct|same:items.*.copy', 'items.*.copy': 'string' });
  assert.ok(p.fast !== null);
  assert.ok(
    p.same({
      name: 'x',
      items: [
        { name: 'a', copy: 'a' },
        { name: 'b', copy: 'b' },
      ],
    }).answered,
  );
  p.same({
    name: 'x',
    items: [
      { name: 'a', copy: 'a' },
      { name: 'a', copy: 'a' },
    ],
  });
  p.same({ name: 'x', items: [{ copy: 'a' }] });
  const schema = pair({ value: [{ schema: { type: 'integer', minimum: 2 } }] });
  assert.ok(schema.fast !== null);
  assert.ok(schema.same({ value: 3 }).answered);
  assert.is(schema.same({ value: 1 }).valid, false);
});

rules('rule sets the generator does not cover run on the interpreter alone', () => {
  const uncovered: RuleMap[] = [
    { value: 'exclude_if:other,1|string' },
    { value: [(_a: string, _v: unknown, fail: (m: string) => void) => fail('no')] },
    { value: 'string', other: [{ validate: () => {}, implicit: true }] },
    { 'bank_*': 'string' },
    { 'a\\.b': 'string' },
    { meta: 'string', 'meta.a': 'string' },
  ];
  for (const set of uncovered) assert.is(compileFastPath(set, buildPlan(set, { owner: 'R' })), null, JSON.stringify(Object.keys(set)));
});

rules('keys are never read as code', () => {
  const hostile = ['a"b', "a'b", 'x\u2028y', '$' + '{globalThis["pwned"] = 1}', '"]; globalThis["pwned"] = 1; //', '</script>', '\\'];
  const set: RuleMap = Object.fromEntries(hostile.map((k) => [k, 'required|string']));
  set['list.*.x/ globalThis["pwned"] = 1; //'] = 'string';
  const p = pair(set);
  assert.ok(p.fast !== null);
  const input = Object.fromEntries(hostile.map((k) => [k, 'v']));
  assert.ok(p.same(input).answered);
  assert.is((globalThis as { pwned?: number }).pwned, undefined);
});

rules('without new Function (a strict CSP), the interpreter answers alone', () => {
  const original = globalThis.Function;
  const set: RuleMap = { name: 'required|string' };
  try {
    globalThis.Function = function refused() {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    } as unknown as FunctionConstructor;
    assert.is(compileFastPath(set, buildPlan(set, { owner: 'R' })), null);
    const v = compileValidator(set, { owner: 'R' });
    globalThis.Function = original;
    assert.equal(v.validate({ name: 'a' }), { ok: true, validated: { name: 'a' } });
    assert.equal(v.validate({}), { ok: false, errors: { name: ['The name field is required.'] } });
  } finally {
    globalThis.Function = original;
  }
});

rules.run();
