import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSync, run } from './helpers.js';

const REQUIRED = (attr: string): string[] => [`The ${attr} field is required.`];

const paths = suite('nested paths and wildcards');

paths('a nested field missing, or under a scalar, is required', () => {
  assert.equal(run({ 'address.city': 'required|string' }, {}), { ok: false, errors: { 'address.city': REQUIRED('address.city') } });
  assert.equal(run({ 'address.city': 'required|string' }, { address: 'Paris' }), {
    ok: false,
    errors: { 'address.city': REQUIRED('address.city') },
  });
});

paths('wildcards expand over existing items, in input order', () => {
  const outcome = run({ 'items.*.name': 'required|string' }, { items: [{ name: 'a' }, {}, { name: 3 }, 'scalar'] });
  assert.equal(outcome, {
    ok: false,
    errors: {
      'items.1.name': REQUIRED('items.1.name'),
      'items.2.name': ['The items.2.name field must be a string.'],
      'items.3.name': REQUIRED('items.3.name'),
    },
  });
});

paths('no items, or items not an array: nothing to validate', () => {
  assert.equal(run({ 'items.*.name': 'required' }, {}), { ok: true, validated: {} });
  assert.equal(run({ 'items.*.name': 'required' }, { items: [] }), { ok: true, validated: {} });
  assert.equal(run({ 'items.*.name': 'required' }, { items: 'x' }), { ok: true, validated: {} });
});

paths('a wildcard over an object takes its keys', () => {
  const outcome = run({ 'tags.*': 'string' }, { tags: { a: 'x', b: 1 } });
  assert.equal(outcome, { ok: false, errors: { 'tags.b': ['The tags.b field must be a string.'] } });
});

paths('nested wildcards', () => {
  const outcome = run({ 'groups.*.items.*.id': 'integer' }, { groups: [{ items: [{ id: 1 }] }, { items: [{ id: 'x' }] }] });
  assert.equal(outcome, { ok: false, errors: { 'groups.1.items.0.id': ['The groups.1.items.0.id field must be an integer.'] } });
});

paths('fields without * first, then wildcard expansions (the host framework explodes rules this way)', () => {
  const outcome = run({ items: 'required|array', 'items.*.name': 'required', title: 'required' }, { items: [{}, {}] });
  assert.ok(!outcome.ok);
  if (!outcome.ok) assert.equal(Object.keys(outcome.errors), ['title', 'items.0.name', 'items.1.name']);
});

paths('messages of one field keep rule order', () => {
  const outcome = run({ code: 'string|min:5|alpha' }, { code: 12 });
  assert.equal(outcome, {
    ok: false,
    errors: {
      code: [
        'The code field must be a string.',
        'The code field must be at least 5 characters.',
        'The code field must only contain letters.',
      ],
    },
  });
});

paths('dependent rules fill * with the item being validated', () => {
  const outcome = run(
    { 'items.*.confirm': 'same:items.*.value', 'items.*.reason': 'required_if:items.*.status,rejected', 'items.*.pw': 'confirmed' },
    {
      items: [
        { value: 'a', confirm: 'a', status: 'rejected', reason: 'late', pw: 'x', pw_confirmation: 'x' },
        { value: 'b', confirm: 'c', status: 'rejected', pw: 'y' },
      ],
    },
  );
  assert.equal(outcome, {
    ok: false,
    errors: {
      'items.1.confirm': ['The items.1.confirm field must match items.1.value.'],
      'items.1.reason': ['The items.1.reason field is required when items.1.status is rejected.'],
      'items.1.pw': ['The items.1.pw field confirmation does not match.'],
    },
  });
});

paths.run();

const gathered = suite('wildcard attributes as the host framework gathers them');

const errorKeys = (outcome: ReturnType<typeof run>): string[] => (outcome.ok ? [] : Object.keys(outcome.errors));

gathered('a trailing * validates scalars and empty items first, then non-empty arrays and objects (Arr::dot order)', () => {
  const outcome = run({ 'media.*': 'integer' }, { media: [['a'], 'x', {}, { k: 1 }, 'y'] });
  assert.equal(errorKeys(outcome), ['media.1', 'media.2', 'media.4', 'media.0', 'media.3']);
  const nested = run({ 'a.*.b.*': 'integer' }, { a: [{ b: [[1], 'x'] }, { b: ['y'] }] });
  assert.equal(errorKeys(nested), ['a.0.b.1', 'a.1.b.0', 'a.0.b.0']);
});

gathered('a key not ending in * keeps input order, whatever the values', () => {
  const outcome = run({ 'a.*.b': 'integer' }, { a: [{ b: [1] }, { b: 'y' }] });
  assert.equal(errorKeys(outcome), ['a.0.b', 'a.1.b']);
});

gathered('a * inside a segment is a pattern under the key before it (bank_* looks under bank_)', () => {
  assert.equal(run({ 'bank_*': 'required' }, {}), { ok: true, validated: {} });
  assert.equal(run({ 'bank_*': 'required' }, { bank_1: 'x', bank_: '' }), { ok: false, errors: { bank_: REQUIRED('bank_') } });
  assert.equal(run({ 'meta.*_id': 'required' }, {}), { ok: true, validated: {} });
  const ids = run({ 'meta.*_id': 'integer' }, { meta: { a_id: 'x', b: 'y', c_id: [1] } });
  assert.equal(errorKeys(ids), ['meta.a_id', 'meta.c_id']);
});

gathered('* alone over integer-like keys answers as PHP renumbers them', () => {
  assert.equal(run({ '*': ['required'] }, { '1': 5 }), { ok: false, errors: { '0': REQUIRED('0') } });
  // (JavaScript lists integer-like keys first, so only the set of keys can be compared here.)
  const mixed = run({ '*': 'integer' }, { '1': 'y', '2': [1], '3': { c: 1 } });
  assert.equal(errorKeys(mixed).sort(), ['1', '2', '3']);
  const renumbered = run({ '*': 'required' }, { '5': { c: 1 }, '7': 'x' });
  assert.equal(renumbered, { ok: false, errors: { '0': REQUIRED('0'), '1': REQUIRED('1'), '2': REQUIRED('2') } });
});

gathered.run();

const distinct = suite('distinct');

distinct('both duplicates fail; loose comparison by default', () => {
  const outcome = run({ 'items.*.id': 'distinct' }, { items: [{ id: 1 }, { id: 2 }, { id: '1' }] });
  assert.equal(outcome, {
    ok: false,
    errors: {
      'items.0.id': ['The items.0.id field has a duplicate value.'],
      'items.2.id': ['The items.2.id field has a duplicate value.'],
    },
  });
});

distinct('strict and ignore_case', () => {
  assert.ok(run({ 'tags.*': 'distinct:strict' }, { tags: [1, '1'] }).ok);
  assert.ok(run({ 'tags.*': 'distinct' }, { tags: ['a', 'A'] }).ok);
  const outcome = run({ 'tags.*': 'distinct:ignore_case' }, { tags: ['a', 'A', 'b'] });
  assert.equal(outcome, {
    ok: false,
    errors: { 'tags.0': ['The tags.0 field has a duplicate value.'], 'tags.1': ['The tags.1 field has a duplicate value.'] },
  });
});

distinct('without a wildcard there is nothing to compare with', () => {
  assert.ok(run({ tag: 'distinct' }, { tag: 'a' }).ok);
});

distinct.run();

const validated = suite('validated()');

validated('holds only fields that have rules, with the original values', () => {
  const outcome = run({ name: 'required|string', age: 'integer', flag: 'boolean' }, { name: 'Ann', age: '42', flag: '1', admin: true });
  assert.equal(outcome, { ok: true, validated: { name: 'Ann', age: '42', flag: '1' } });
});

validated('absent fields stay absent; null, blank and nullable values are kept', () => {
  const outcome = run({ a: 'nullable|string', b: 'string', c: 'sometimes|string', d: 'string' }, { a: null, b: '' });
  assert.equal(outcome, { ok: true, validated: { a: null, b: '' } });
});

validated('nested rules build nested objects and arrays', () => {
  const outcome = run(
    { 'address.city': 'required', 'items.*.name': 'required', 'items.*.tags.*': 'string' },
    { address: { city: 'Paris', zip: '75001' }, items: [{ name: 'a', price: 1, tags: ['x'] }, { name: 'b' }], extra: 1 },
  );
  assert.equal(outcome, { ok: true, validated: { address: { city: 'Paris' }, items: [{ name: 'a', tags: ['x'] }, { name: 'b' }] } });
});

validated('a bare array without child rules keeps everything; with child rules only the children', () => {
  const whole = run({ items: 'array' }, { items: [{ name: 'a', evil: 1 }] });
  assert.equal(whole, { ok: true, validated: { items: [{ name: 'a', evil: 1 }] } });
  const children = run({ items: 'array', 'items.*.name': 'string' }, { items: [{ name: 'a', evil: 1 }] });
  assert.equal(children, { ok: true, validated: { items: [{ name: 'a' }] } });
  const empty = run({ items: 'array', 'items.*.name': 'string' }, { items: [] });
  assert.equal(empty, { ok: true, validated: { items: [] } });
});

validated('a parent with a non-array rule keeps its whole value, and the input is not modified', () => {
  const input = { data: { x: 'a', y: 'b' } };
  const outcome = run({ data: 'required', 'data.x': 'string' }, input);
  assert.equal(outcome, { ok: true, validated: { data: { x: 'a', y: 'b' } } });
  assert.equal(input, { data: { x: 'a', y: 'b' } });
});

validated('validated output never reuses the input container it writes into', () => {
  const input = { items: [{ name: 'a', extra: 1 }] };
  const outcome = run({ items: 'required', 'items.*.name': 'string' }, input);
  assert.ok(outcome.ok);
  if (outcome.ok) {
    assert.is.not(outcome.validated.items, input.items);
    (outcome.validated.items as unknown[]).push('x');
    assert.is(input.items.length, 1);
  }
});

validated('excluded items leave the holes PHP unset leaves: none left is [], a gap makes an object, the end shortens the list', () => {
  assert.equal(run({ 'lines.*': 'exclude', lines: 'array|max:5' }, { lines: ['a', 'b'] }), { ok: true, validated: { lines: [] } });
  const gap = run({ 'lines.*': 'exclude_unless:lines.*,b', lines: 'array' }, { lines: ['a', 'b', 'c'] });
  assert.equal(gap, { ok: true, validated: { lines: { 1: 'b' } } });
  assert.ok(gap.ok && !Array.isArray(gap.validated.lines));
  const end = run({ 'lines.*': 'exclude_unless:lines.*,a', lines: 'array' }, { lines: ['a', 'b'] });
  assert.ok(end.ok && Array.isArray(end.validated.lines));
  assert.equal(end, { ok: true, validated: { lines: ['a'] } });
});

validated('only a rule written exactly array or list leaves an array to its children (in_array on the rule strings)', () => {
  const input = { rows: [{ n: 1, d: 2 }] };
  assert.equal(run({ rows: 'Array', 'rows.*.n': 'integer' }, input), { ok: true, validated: { rows: [{ n: 1, d: 2 }] } });
  assert.equal(run({ rows: 'array', 'rows.*.n': 'integer' }, input), { ok: true, validated: { rows: [{ n: 1 }] } });
});

validated.run();

const safety = suite('own keys only, and no prototype pollution');

safety('null-prototype input works', () => {
  const input = Object.create(null) as Record<string, unknown>;
  input.name = 'Ann';
  assert.equal(run({ name: 'required', toString: 'required' }, input), { ok: false, errors: { toString: REQUIRED('to string') } });
});

safety('inherited names are never found on plain objects or arrays', () => {
  // (compared as JSON: uvu's deep equality reads `.constructor` itself)
  assert.is(
    JSON.stringify(run({ constructor: 'required' }, {})),
    JSON.stringify({ ok: false, errors: { constructor: REQUIRED('constructor') } }),
  );
  assert.equal(run({ 'items.length': 'required' }, { items: [1, 2] }), { ok: false, errors: { 'items.length': REQUIRED('items.length') } });
  assert.equal(run({ 'items.01': 'required' }, { items: [1, 2] }), { ok: false, errors: { 'items.01': REQUIRED('items.01') } });
});

safety('a __proto__ key from JSON is validated but never assigned', () => {
  const input = JSON.parse('{"__proto__": {"polluted": "yes"}, "a": "b"}') as Record<string, unknown>;
  const outcome = run({ '*': 'string', '__proto__.polluted': 'string', a: 'string' }, input);
  assert.equal(outcome.ok, false);
  if (!outcome.ok) {
    assert.ok(Object.hasOwn(outcome.errors, '__proto__'));
    assert.is(Object.getPrototypeOf(outcome.errors), Object.prototype);
  }
  const ok = run({ '__proto__.polluted': 'string', a: 'string' }, input);
  assert.ok(ok.ok);
  if (ok.ok) {
    assert.equal(Object.keys(ok.validated), ['a']);
    assert.is(Object.getPrototypeOf(ok.validated), Object.prototype);
  }
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

safety.run();

const only = suite('only (Precognition-Validate-Only)');
const rules = { a: 'required', b: 'required', 'items.*.name': 'required' };
const v = compileSync(rules, { owner: 'OnlyRequest' });

only('reports only the listed fields', () => {
  assert.equal(v.validate({}, ['a']), { ok: false, errors: { a: REQUIRED('a') } });
});

only('a wildcard entry matches every item; a concrete entry one item', () => {
  const input = { items: [{}, {}] };
  assert.equal(v.validate(input, ['items.*.name']), {
    ok: false,
    errors: { 'items.0.name': REQUIRED('items.0.name'), 'items.1.name': REQUIRED('items.1.name') },
  });
  assert.equal(v.validate(input, ['items.1.name']), { ok: false, errors: { 'items.1.name': REQUIRED('items.1.name') } });
  assert.equal(v.validate(input, ['items']), { ok: true, validated: {} });
});

only('validated holds only the listed fields', () => {
  assert.equal(v.validate({ a: 'x', b: 'y' }, ['a']), { ok: true, validated: { a: 'x' } });
  assert.equal(v.validate({}, []), { ok: true, validated: {} });
});

only('cross-field rules still read unlisted fields', () => {
  const w = compileSync({ password: 'required|confirmed', password_confirmation: 'required' }, { owner: 'P' });
  assert.equal(w.validate({ password: 'a', password_confirmation: 'b' }, ['password']), {
    ok: false,
    errors: { password: ['The password field confirmation does not match.'] },
  });
});

only.run();

const stopping = suite('stopOnFirstFailure and bail');

stopping('stopOnFirstFailure stops after the first failing field', () => {
  const options = { stopOnFirstFailure: true };
  assert.equal(run({ a: 'required|string|min:3', b: 'required' }, { a: 12 }, options), {
    ok: false,
    errors: { a: ['The a field must be a string.', 'The a field must be at least 3 characters.'] },
  });
  assert.equal(run({ 'items.*': 'integer', b: 'required' }, { items: ['x', 'y'], b: 1 }, options), {
    ok: false,
    errors: { 'items.0': ['The items.0 field must be an integer.'] },
  });
  assert.equal(run({ a: 'required', b: 'required' }, {}), { ok: false, errors: { a: REQUIRED('a'), b: REQUIRED('b') } });
});

stopping('bail stops one field only', () => {
  assert.equal(run({ a: 'bail|string|min:3', b: 'string|min:3' }, { a: 1, b: 1 }), {
    ok: false,
    errors: { a: ['The a field must be a string.'], b: ['The b field must be a string.', 'The b field must be at least 3 characters.'] },
  });
});

stopping.run();
