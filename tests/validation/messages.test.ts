import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { run } from './helpers.js';

const names = suite('displayable attribute names');

const displayCases: ReadonlyArray<readonly [string, string]> = [
  ['message', 'The message field is required.'],
  ['first_name', 'The first name field is required.'],
  ['firstName', 'The first name field is required.'],
  ['user.firstName', 'The user.first name field is required.'],
  ['address.city', 'The address.city field is required.'],
  ['IPAddress', 'The i p address field is required.'],
];
for (const [field, expected] of displayCases) {
  names(`${field} is shown as in "${expected}"`, () => {
    const outcome = run({ [field]: 'required' }, {});
    assert.equal(outcome, { ok: false, errors: { [field]: [expected] } });
  });
}

names('a wildcard attribute is shown as its concrete path, unsnaked', () => {
  const outcome = run({ 'items.*.first_name': 'required' }, { items: [{}] });
  assert.equal(outcome, { ok: false, errors: { 'items.0.first_name': ['The items.0.first_name field is required.'] } });
});

names('attributes() renames a field, :other and :values too', () => {
  const outcome = run(
    { email: 'required', value: 'same:password', other: 'required_with:email_address,password' },
    { value: 'a', password: 'b', email_address: 'x' },
    { attributes: { email: 'e-mail address', password: 'secret', email_address: 'mail' } },
  );
  assert.equal(outcome, {
    ok: false,
    errors: {
      email: ['The e-mail address field is required.'],
      value: ['The value field must match secret.'],
      other: ['The other field is required when mail / secret is present.'],
    },
  });
});

names('a wildcard attribute name applies to every item; a concrete one wins', () => {
  const outcome = run(
    { 'items.*.name': 'required' },
    { items: [{}, {}] },
    { attributes: { 'items.0.name': 'first item name', 'items.*.name': 'item name' } },
  );
  assert.equal(outcome, {
    ok: false,
    errors: { 'items.0.name': ['The first item name field is required.'], 'items.1.name': ['The item name field is required.'] },
  });
});

names(':index and :position in an attribute name', () => {
  const outcome = run(
    { 'items.*.name': 'required' },
    { items: [{ name: 'a' }, {}] },
    { attributes: { 'items.*.name': 'item #:position (index :index) name' } },
  );
  assert.equal(outcome, { ok: false, errors: { 'items.1.name': ['The item #2 (index 1) name field is required.'] } });
});

names(':index and :position read any numeric key as PHP casts it to int (is_numeric, then (int))', () => {
  const outcome = run(
    { 'matrix.*': 'array' },
    { matrix: { '-1': 'a', '1.5': 'b', ' 3': 'c', '1e2': 'd', x: 'e' } },
    { attributes: { 'matrix.*': 'item #:position (:index)' } },
  );
  assert.equal(outcome, {
    ok: false,
    errors: {
      'matrix.-1': ['The item #0 (-1) field must be an array.'],
      'matrix.1.5': ['The item #2 (1) field must be an array.'],
      'matrix. 3': ['The item #4 (3) field must be an array.'],
      'matrix.1e2': ['The item #101 (100) field must be an array.'],
      'matrix.x': ['The item #:position (:index) field must be an array.'],
    },
  });
});

names('past the tenth numeric key, :other-index and :other-position name the eleventh', () => {
  const key = `deep${'.*'.repeat(11)}`;
  let value: unknown = 'x';
  for (let i = 0; i < 11; i++) value = i === 0 ? [value] : [[], value];
  const outcome = run(
    { [key]: 'integer' },
    { deep: value },
    { messages: { [`${key}.integer`]: ':tenth-index :other-index :other-position' } },
  );
  assert.equal(outcome, { ok: false, errors: { 'deep.1.1.1.1.1.1.1.1.1.1.0': ['1 0 1'] } });
});

names('an empty name (or "0") in attributes() is passed over, as PHP reads it as false', () => {
  const outcome = run({ role: 'numeric', other: 'required' }, { role: 'x' }, { attributes: { role: '', other: '0' } });
  assert.equal(outcome, { ok: false, errors: { role: ['The role field must be a number.'], other: ['The other field is required.'] } });
});

names('an attributes() key with * names every attribute it matches (* never crosses a dot)', () => {
  const outcome = run(
    { 'items.*.name': 'required', a: 'same:b' },
    { items: [{}], a: 1, b: 2 },
    { attributes: { 'items.*.*': 'Name', '*': 'Star', b: '' } },
  );
  assert.equal(outcome, {
    ok: false,
    errors: { a: ['The Star field must match b.'], 'items.0.name': ['The Name field is required.'] },
  });
});

names(':other naming an attribute a wildcard rule expanded shows it as is, as that attribute is shown', () => {
  const expanded = run({ 'values.*.firstName.*': 'same:values.*.firstName.until' }, { values: [{ firstName: { a: 'x', until: 5 } }] });
  assert.equal(expanded, {
    ok: false,
    errors: { 'values.0.firstName.a': ['The values.0.firstName.a field must match values.0.firstName.until.'] },
  });
  const absent = run({ 'rows.*': 'required_without:users.*.firstName', 'users.*.firstName': 'nullable' }, { rows: [null], users: [] });
  assert.equal(absent, {
    ok: false,
    errors: { 'rows.0': ['The rows.0 field is required when users.0.first name is not present.'] },
  });
  const notExpanded = run({ 'values.*.firstName.a': 'same:values.*.firstName.until' }, { values: [{ firstName: { a: 'x' } }] });
  assert.equal(notExpanded, {
    ok: false,
    errors: { 'values.0.firstName.a': ['The values.0.firstName.a field must match values.0.first name.until.'] },
  });
});

names.run();

const custom = suite('messages() overrides');

custom('field.rule beats rule, rule beats the default', () => {
  const outcome = run(
    { email: 'required', name: 'required', age: 'integer' },
    { age: 'x' },
    { messages: { required: 'Fill in :attribute.', 'email.required': 'We need your e-mail.' } },
  );
  assert.equal(outcome, {
    ok: false,
    errors: { email: ['We need your e-mail.'], name: ['Fill in name.'], age: ['The age field must be an integer.'] },
  });
});

custom('placeholders: :attribute :Attribute :ATTRIBUTE :max :input', () => {
  const outcome = run(
    { title: 'max:3' },
    { title: 'abcd' },
    { messages: { 'title.max': ':Attribute/:ATTRIBUTE/:attribute: at most :max, got ":input".' } },
  );
  assert.equal(outcome, { ok: false, errors: { title: ['Title/TITLE/title: at most 3, got "abcd".'] } });
});

custom(':input shows true/false/empty for booleans and null', () => {
  const outcome = run({ a: 'string', b: 'string' }, { a: true, b: null }, { messages: { string: ':attribute got :input' } });
  assert.equal(outcome, { ok: false, errors: { a: ['a got true'], b: ['b got empty'] } });
});

custom('a custom size message replaces every kind', () => {
  const outcome = run(
    { a: 'integer|max:1', b: 'array|max:1', c: 'max:1' },
    { a: 5, b: [1, 2], c: 'xy' },
    { messages: { max: ':attribute: too big (:max)' } },
  );
  assert.equal(outcome, { ok: false, errors: { a: ['a: too big (1)'], b: ['b: too big (1)'], c: ['c: too big (1)'] } });
});

custom('wildcard keys: the first matching key in declaration order wins', () => {
  const wildcardFirst = run(
    { 'items.*.name': 'required' },
    { items: [{}, {}] },
    { messages: { 'items.*.name.required': 'W', 'items.0.name.required': 'C' } },
  );
  assert.equal(wildcardFirst, { ok: false, errors: { 'items.0.name': ['W'], 'items.1.name': ['W'] } });
  const concreteFirst = run(
    { 'items.*.name': 'required' },
    { items: [{}, {}] },
    { messages: { 'items.0.name.required': 'C', 'items.*.name.required': 'W' } },
  );
  assert.equal(concreteFirst, { ok: false, errors: { 'items.0.name': ['C'], 'items.1.name': ['W'] } });
});

custom('a concrete key overrides only that item; others fall back to rule then default', () => {
  const outcome = run(
    { 'items.*.name': 'required' },
    { items: [{}, {}] },
    { messages: { 'items.1.name.required': 'Second needs a name.' } },
  );
  assert.equal(outcome, {
    ok: false,
    errors: { 'items.0.name': ['The items.0.name field is required.'], 'items.1.name': ['Second needs a name.'] },
  });
});

custom(':position, :index, :second-position in custom messages', () => {
  const outcome = run(
    { 'groups.*.items.*.id': 'required' },
    { groups: [{ items: [{ id: 1 }] }, { items: [{ id: 2 }, {}] }] },
    { messages: { 'groups.*.items.*.id.required': 'Group :position (:index), item :second-position needs an id.' } },
  );
  assert.equal(outcome, { ok: false, errors: { 'groups.1.items.1.id': ['Group 2 (1), item 2 needs an id.'] } });
});

custom('the keys of rules are snake case (required_if)', () => {
  const outcome = run(
    { reason: 'required_if:status,rejected' },
    { status: 'rejected' },
    { messages: { 'reason.required_if': 'Say why (:other = :value).' } },
  );
  assert.equal(outcome, { ok: false, errors: { reason: ['Say why (status = rejected).'] } });
});

custom('messages for raw schemas use the rule name "schema"', () => {
  const outcome = run(
    { a: [{ schema: { type: 'string' } }], b: [{ schema: { type: 'string' } }] },
    { a: 1, b: 1 },
    { messages: { 'a.schema': 'A must be text.' } },
  );
  assert.equal(outcome, { ok: false, errors: { a: ['A must be text.'], b: ['The b field format is invalid.'] } });
});

custom('the same message strings as the host framework for messages used in NOTES', () => {
  const outcome = run({ message: 'required|string|max:255' }, {});
  assert.equal(outcome, { ok: false, errors: { message: ['The message field is required.'] } });
  const long = run({ message: 'required|string|max:255' }, { message: 'x'.repeat(256) });
  assert.equal(long, { ok: false, errors: { message: ['The message field must not be greater than 255 characters.'] } });
});

custom('a key naming the field alone applies to each of its rules, after field.rule and rule keys', () => {
  const outcome = run({ code: 'string|min:5|alpha' }, { code: 12 }, { messages: { code: 'F', min: 'R', 'code.string': 'FR' } });
  assert.equal(outcome, { ok: false, errors: { code: ['FR', 'R', 'F'] } });
  const alone = run({ currency_code: 'required' }, {}, { messages: { currency_code: '200006: Currency in use.' } });
  assert.equal(alone, { ok: false, errors: { currency_code: ['200006: Currency in use.'] } });
});

custom('a field key holding rule => text gives those rules their texts, the others the default', () => {
  const messages = { uuid: { required_with_all: 'Need both.' } };
  assert.equal(run({ uuid: 'string|required_with_all:a,b' }, { a: 1, b: 2 }, { messages }), {
    ok: false,
    errors: { uuid: ['Need both.'] },
  });
  assert.equal(run({ uuid: 'string|required_with_all:a,b' }, { a: 1, b: 2, uuid: 5 }, { messages }), {
    ok: false,
    errors: { uuid: ['The uuid field must be a string.'] },
  });
});

custom('a wildcard field key covers every item, a concrete one only its item', () => {
  const all = run({ 'items.*': 'integer|min:3' }, { items: ['x', 1] }, { messages: { 'items.*': 'Bad item.' } });
  assert.equal(all, { ok: false, errors: { 'items.0': ['Bad item.'], 'items.1': ['Bad item.'] } });
  const first = run({ 'items.*': 'integer' }, { items: ['x', 'y'] }, { messages: { 'items.0': 'First.' } });
  assert.equal(first, { ok: false, errors: { 'items.0': ['First.'], 'items.1': ['The items.1 field must be an integer.'] } });
});

custom('a size rule key may hold one text per kind of value', () => {
  const outcome = run(
    { a: 'string|max:2', b: 'integer|max:2', c: 'max:1' },
    { a: 'abc', b: 5, c: 'xy' },
    { messages: { max: { string: 'Too long.', numeric: 'Too big.' }, c: { max: { string: 'C is too long.' } } } },
  );
  assert.equal(outcome, { ok: false, errors: { a: ['Too long.'], b: ['Too big.'], c: ['Too long.'] } });
  const byField = run(
    { a: 'string|max:2', c: 'max:1' },
    { a: 'abc', c: 'xy' },
    { messages: { 'a.max': { string: 'A is too long.' }, c: { max: { string: 'C is too long.' } } } },
  );
  assert.equal(byField, { ok: false, errors: { a: ['A is too long.'], c: ['C is too long.'] } });
});

custom('an escaped dot in a field name is a dot in its message keys', () => {
  const outcome = run({ 'foo\\.bar': 'required' }, {}, { messages: { 'foo.bar.required': 'X' } });
  assert.equal(outcome, { ok: false, errors: { 'foo.bar': ['X'] } });
});

custom('confirmed has no :other placeholder (Laravel 11 has no replacer for it)', () => {
  const outcome = run({ 'data.id': 'confirmed' }, { data: { id: 'a', id_confirmation: 'b' } }, { messages: { confirmed: 'Bad :other' } });
  assert.equal(outcome, { ok: false, errors: { 'data.id': ['Bad :other'] } });
});

custom("a field's nested messages found under a rule's name are the message, as Laravel gives them: the array, placeholders filled", () => {
  // getFromLocalArray finds the key "email" (the rule) for the field "type"; the value is the field email's array.
  const messages = { email: { required: 'Bad :ATTRIBUTE!', date: 'For :attribute: :input' } };
  const outcome = run({ email: 'required', type: 'email' }, { type: 'm i' }, { messages, attributes: { type: 'firstName' } });
  assert.equal(outcome, {
    ok: false,
    errors: {
      email: ['Bad EMAIL!'],
      type: [{ required: 'Bad FIRSTNAME!', date: 'For firstName: m i' }],
    },
  } as never);
});

custom.run();

const unique = suite('one copy of each message per attribute (MessageBag)');

unique('two rules failing with the same text give it once', () => {
  const outcome = run({ 'contacts.*.password': ['regex:/[a-z]/', 'regex:/[A-Z]/'] }, { contacts: [{ password: '123' }] });
  assert.equal(outcome, { ok: false, errors: { 'contacts.0.password': ['The contacts.0.password field format is invalid.'] } });
});

unique('one custom text for several rules is given once, other texts kept in order', () => {
  const outcome = run(
    { code: 'string|min:5|alpha' },
    { code: 12 },
    { messages: { 'code.string': 'Bad code.', 'code.min': 'Bad code.', 'code.alpha': 'Letters only.' } },
  );
  assert.equal(outcome, { ok: false, errors: { code: ['Bad code.', 'Letters only.'] } });
});

unique('a field validated twice (explicit and by a wildcard) keeps one copy', () => {
  const outcome = run({ 'items.0': 'integer', 'items.*': 'integer' }, { items: ['x'] });
  assert.equal(outcome, { ok: false, errors: { 'items.0': ['The items.0 field must be an integer.'] } });
});

unique.run();
