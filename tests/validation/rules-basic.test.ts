import { suite } from 'uvu';
import { UploadedFile } from '../../src/http/uploaded-file.js';
import * as assert from 'uvu/assert';
import { ABSENT, messagesOf, table, type Case } from './helpers.js';

const REQUIRED = ['The value field is required.'];
const STRING = ['The value field must be a string.'];
const INTEGER = ['The value field must be an integer.'];
const NUMERIC = ['The value field must be a number.'];
const BOOLEAN = ['The value field must be true or false.'];
const ARRAY = ['The value field must be an array.'];
const INVALID = ['The selected value is invalid.'];

const presence = suite('presence: required, present, filled, accepted, declined');
table(presence, [
  ['required', ABSENT, REQUIRED],
  ['required', '', REQUIRED],
  ['required', ' \t\n', REQUIRED],
  ['required', null, REQUIRED],
  ['required', [], REQUIRED],
  ['required', {}, REQUIRED],
  ['required', 0, null],
  ['required', false, null],
  ['required', '0', null],
  ['required', ' a ', null],
  ['required', [0], null],
  ['required', '\u00a0', null],
  ['present', ABSENT, ['The value field must be present.']],
  ['present', null, null],
  ['present', '', null],
  ['filled', ABSENT, null],
  ['filled', '', ['The value field must have a value.']],
  ['filled', null, ['The value field must have a value.']],
  ['filled', 'x', null],
  ['accepted', ABSENT, ['The value field must be accepted.']],
  ['accepted', 'yes', null],
  ['accepted', 'on', null],
  ['accepted', '1', null],
  ['accepted', 1, null],
  ['accepted', true, null],
  ['accepted', 'true', null],
  ['accepted', 'no', ['The value field must be accepted.']],
  ['accepted', 'TRUE', ['The value field must be accepted.']],
  ['accepted', false, ['The value field must be accepted.']],
  ['declined', 'no', null],
  ['declined', 'off', null],
  ['declined', 0, null],
  ['declined', false, null],
  ['declined', 'false', null],
  ['declined', 'yes', ['The value field must be declined.']],
  ['declined', ABSENT, ['The value field must be declined.']],
]);
presence.run();

const flags = suite('flags: nullable, sometimes, bail, and skipping of empty values');
table(flags, [
  ['string', ABSENT, null],
  ['string|min:3', '', null],
  ['integer', '   ', null],
  ['string', null, STRING],
  ['nullable|string', null, null],
  ['nullable|integer|min:3', null, null],
  ['string|nullable', null, null],
  ['nullable|string', 5, STRING],
  ['required|nullable', null, REQUIRED],
  ['sometimes|required', ABSENT, null],
  ['sometimes|required', '', REQUIRED],
  ['sometimes|string', 5, STRING],
  ['required|string|min:3', ABSENT, REQUIRED],
  ['required|string|min:3', '', REQUIRED],
  ['string|min:5', 123, [...STRING, 'The value field must be at least 5 characters.']],
  ['bail|string|min:5', 123, STRING],
  ['string|min:5|bail', 123, STRING],
  // The message kind follows the rules (numeric), the measure follows the value (2 characters).
  ['integer|min:3', 'ab', [...INTEGER, 'The value field must be at least 3.']],
  ['bail|integer|min:3', 'ab', INTEGER],
  ['required||string|', 'ok', null],
]);
flags.run();

const types = suite('types: string, integer, numeric, boolean, array, list');
table(types, [
  ['string', 'abc', null],
  ['string', 1, STRING],
  ['string', true, STRING],
  ['string', ['a'], STRING],
  ['string', {}, STRING],
  ['integer', 42, null],
  ['integer', -7, null],
  ['integer', 0, null],
  ['integer', '42', null],
  ['integer', '-42', null],
  ['integer', '+5', null],
  ['integer', ' 42 ', null],
  ['integer', '9223372036854775807', null],
  ['integer', '-9223372036854775808', null],
  ['integer', '9223372036854775808', INTEGER],
  ['integer', '042', INTEGER],
  ['integer', '4.0', INTEGER],
  ['integer', 4.5, INTEGER],
  ['integer', '4e2', INTEGER],
  ['integer', 1e20, INTEGER],
  ['integer', 'abc', INTEGER],
  ['integer', true, INTEGER],
  ['integer', [1], INTEGER],
  ['int', '7', null],
  ['int', 'x', INTEGER],
  ['numeric', 1.5, null],
  ['numeric', '1.5', null],
  ['numeric', '-1e3', null],
  ['numeric', '.5', null],
  ['numeric', '1.', null],
  ['numeric', ' 12 ', null],
  ['numeric', '0x1A', NUMERIC],
  ['numeric', '1,5', NUMERIC],
  ['numeric', 'abc', NUMERIC],
  ['numeric', true, NUMERIC],
  ['numeric', [1], NUMERIC],
  ['boolean', true, null],
  ['boolean', false, null],
  ['boolean', 0, null],
  ['boolean', 1, null],
  ['boolean', '0', null],
  ['boolean', '1', null],
  ['boolean', 'true', BOOLEAN],
  ['boolean', 'false', BOOLEAN],
  ['boolean', 2, BOOLEAN],
  ['boolean', 'yes', BOOLEAN],
  ['bool', '1', null],
  ['array', [], null],
  ['array', {}, null],
  ['array', [1, 'a'], null],
  ['array', { a: 1 }, null],
  ['array', 'a', ARRAY],
  ['array', null, ARRAY],
  ['array', 1, ARRAY],
  ['array:a,b', { a: 1 }, null],
  ['array:a,b', { a: 1, b: 2 }, null],
  ['array:a,b', { a: 1, c: 2 }, ARRAY],
  ['array:a,b', [1], ARRAY],
  ['array:0,1', ['x', 'y'], null],
  ['array:0,1', ['x', 'y', 'z'], ARRAY],
  ['list', [1, 2], null],
  ['list', {}, null],
  ['list', { 0: 'a', 1: 'b' }, null],
  ['list', { 1: 'a' }, ['The value field must be a list.']],
  ['list', { a: 1 }, ['The value field must be a list.']],
  ['list', 'x', ['The value field must be a list.']],
]);
types.run();

const membership = suite('in / not_in');
table(membership, [
  ['in:a,b', 'a', null],
  ['in:a,b', 'c', INVALID],
  ['in:a,b', 'A', INVALID],
  ['in:1,2', 1, null],
  ['in:1,2', '1.0', null],
  ['in:1,2', true, null],
  ['in:1,2', 3, INVALID],
  ['in:a,b', ['a'], INVALID],
  ['in:"a,b",c', 'a,b', null],
  ['in:"a,b",c', 'a', INVALID],
  ['in: a', ' a', null],
  ['array|in:a,b', ['a', 'b'], null],
  ['array|in:a,b', ['a', 'c'], INVALID],
  ['array|in:a,b', [['a']], INVALID],
  [['in:a,b'], 'b', null],
  ['not_in:a,b', 'a', INVALID],
  ['not_in:a,b', 'c', null],
  ['not_in:1', '1', INVALID],
  // Laravel's not_in is the negation of in: an array without the Array rule is never "in", so it passes.
  ['not_in:a', ['b'], null],
  ['not_in:a,b,1', [], null],
  ['array|not_in:x', ['a'], null],
  // With the Array rule, an array fails only when every item is listed (and [] is "in").
  ['array|not_in:x', ['a', 'x'], null],
  ['array|not_in:x', ['x', 'x'], INVALID],
  ['array|not_in:a', [], INVALID],
]);
membership.run();

const sizes = suite('min / max / between / size: characters, numbers, items');
table(sizes, [
  ['string|max:3', 'abc', null],
  ['string|max:3', 'abcd', ['The value field must not be greater than 3 characters.']],
  ['max:3', '€€€', null],
  ['max:3', '😀😀😀', null],
  ['max:3', 'é€😀', null],
  ['max:3', '😀😀😀😀', ['The value field must not be greater than 3 characters.']],
  ['max:2', 123, ['The value field must not be greater than 2 characters.']],
  ['max:2', [1, 2, 3], ['The value field must not be greater than 2 characters.']],
  ['integer|max:10', 10, null],
  ['integer|max:10', 11, ['The value field must not be greater than 10.']],
  ['integer|max:10', '11', ['The value field must not be greater than 10.']],
  ['numeric|max:10', '9.99', null],
  ['numeric|min:1.5', 1.4, ['The value field must be at least 1.5.']],
  ['numeric|min:-1', -2, ['The value field must be at least -1.']],
  ['min:3', 'ab', ['The value field must be at least 3 characters.']],
  ['min:3', 'abc', null],
  ['array|max:2', [1, 2, 3], ['The value field must not have more than 2 items.']],
  ['array|min:2', { a: 1 }, ['The value field must have at least 2 items.']],
  ['list|max:1', [1, 2], ['The value field must not have more than 1 items.']],
  ['between:2,4', 'a', ['The value field must be between 2 and 4 characters.']],
  ['between:2,4', 'abc', null],
  ['integer|between:1,5', 6, ['The value field must be between 1 and 5.']],
  ['integer|between:1,5', '5', null],
  ['array|between:1,2', [], ['The value field must have between 1 and 2 items.']],
  ['size:3', 'abc', null],
  ['size:3', 'ab', ['The value field must be 3 characters.']],
  ['integer|size:3', '3', null],
  ['integer|size:3', 4, ['The value field must be 3.']],
  ['array|size:2', [1], ['The value field must contain 2 items.']],
  ['integer|max:3', 'abcd', [...INTEGER, 'The value field must not be greater than 3.']],
]);
sizes.run();

const digitsJson = suite('digits / digits_between / json');
table(digitsJson, [
  ['digits:4', '1234', null],
  ['digits:4', 1234, null],
  ['digits:4', '123', ['The value field must be 4 digits.']],
  ['digits:4', '12a4', ['The value field must be 4 digits.']],
  ['digits:4', '-123', ['The value field must be 4 digits.']],
  ['digits_between:2,3', '1', ['The value field must be between 2 and 3 digits.']],
  ['digits_between:2,3', '123', null],
  ['json', '{"a":1}', null],
  ['json', '[1]', null],
  ['json', '1', null],
  ['json', 42, null],
  ['json', 'abc', ['The value field must be a valid JSON string.']],
  ['json', '{a:1}', ['The value field must be a valid JSON string.']],
  ['json', {}, ['The value field must be a valid JSON string.']],
  ['json', null, ['The value field must be a valid JSON string.']],
  // PHP's json_decode stops at depth 512: 511 nested containers decode, 512 are "Maximum stack depth exceeded".
  ['json', `${'['.repeat(511)}${']'.repeat(511)}`, null],
  ['json', `${'['.repeat(512)}${']'.repeat(512)}`, ['The value field must be a valid JSON string.']],
  ['json', `${'{"a":'.repeat(511)}1${'}'.repeat(511)}`, null],
  ['json', `${'{"a":'.repeat(512)}1${'}'.repeat(512)}`, ['The value field must be a valid JSON string.']],
  ['json', `["${'['.repeat(600)}"]`, null],
]);
digitsJson.run();

const dependent = suite('required_if / required_unless / required_with(out)(_all)');
const dependentCases: Case[] = [
  ['required_if:type,business', ABSENT, ['The value field is required when type is business.'], { type: 'business' }],
  ['required_if:type,business', '', ['The value field is required when type is business.'], { type: 'business' }],
  ['required_if:type,business', 'x', null, { type: 'business' }],
  ['required_if:type,business', ABSENT, null, { type: 'personal' }],
  ['required_if:type,business', ABSENT, null, {}],
  ['required_if:type,a,b', ABSENT, ['The value field is required when type is b.'], { type: 'b' }],
  ['required_if:count,1', ABSENT, ['The value field is required when count is 1.'], { count: 1 }],
  ['required_if:flag,true', ABSENT, ['The value field is required when flag is true.'], { flag: true }],
  ['required_if:flag,false', ABSENT, null, { flag: true }],
  ['required_if:other,null', ABSENT, ['The value field is required when other is empty.'], { other: null }],
  ['required_if:type,business|string', 5, ['The value field must be a string.'], { type: 'business' }],
  ['required_unless:type,admin,owner', ABSENT, ['The value field is required unless type is in admin, owner.'], { type: 'guest' }],
  ['required_unless:type,admin,owner', ABSENT, null, { type: 'admin' }],
  ['required_unless:type,admin', ABSENT, ['The value field is required unless type is in admin.'], {}],
  [
    'required_with:first_name,last_name',
    ABSENT,
    ['The value field is required when first name / last name is present.'],
    { first_name: 'a' },
  ],
  ['required_with:first_name,last_name', ABSENT, null, { first_name: '' }],
  ['required_with:first_name,last_name', ABSENT, null, {}],
  ['required_with_all:a,b', ABSENT, null, { a: 1 }],
  ['required_with_all:a,b', ABSENT, ['The value field is required when a / b are present.'], { a: 1, b: 2 }],
  ['required_without:a,b', ABSENT, ['The value field is required when a / b is not present.'], { a: 1 }],
  ['required_without:a,b', ABSENT, null, { a: 1, b: 1 }],
  ['required_without_all:a,b', ABSENT, ['The value field is required when none of a / b are present.'], {}],
  ['required_without_all:a,b', ABSENT, null, { a: 1 }],
];
table(dependent, dependentCases);
table(dependent, [['required_if:flag,true', ABSENT, ['The value field is required when flag is 1.'], { flag: '1' }]], { flag: 'boolean' });
dependent.run();

const crossField = suite('confirmed / same / different');
table(crossField, [
  ['confirmed', 'secret', null, { value_confirmation: 'secret' }],
  ['confirmed', 'secret', ['The value field confirmation does not match.'], { value_confirmation: 'other' }],
  ['confirmed', 'secret', ['The value field confirmation does not match.'], {}],
  ['confirmed', 1, ['The value field confirmation does not match.'], { value_confirmation: '1' }],
  ['confirmed:repeat', 'x', null, { repeat: 'x' }],
  ['same:other', 'a', null, { other: 'a' }],
  ['same:other', 'a', ['The value field must match other.'], { other: 'b' }],
  ['same:other_field', 'a', ['The value field must match other field.'], {}],
  ['same:other', [1, 2], null, { other: [1, 2] }],
  ['different:other', 'a', ['The value field and other must be different.'], { other: 'a' }],
  ['different:other', 'a', null, { other: 'b' }],
  ['different:other', 'a', null, {}],
  ['different:x,y', 'a', ['The value field and x must be different.'], { x: 'b', y: 'a' }],
]);
crossField.run();

const files = suite('uploaded files: present, not arrays, sized in kilobytes');
const photo = new UploadedFile('photo', 'a.png', 'image/png', Buffer.alloc(2048));
table(files, [
  ['required', photo, null],
  ['max:2', photo, null],
  ['max:1', photo, ['The value field must not be greater than 1 kilobytes.']],
  ['between:3,4', photo, ['The value field must be between 3 and 4 kilobytes.']],
  ['array', photo, ARRAY],
  ['list', photo, ['The value field must be a list.']],
  ['string', photo, STRING],
  ['in:a', photo, INVALID],
]);
files.run();

const many = suite('a field with many rules');
many('failures past the 32nd rule are reported in rule order', () => {
  const rules = ['string', ...Array.from({ length: 40 }, () => 'max:100'), 'max:1', 'min:1'].join('|');
  assert.equal(messagesOf(rules, 'ab'), ['The value field must not be greater than 1 characters.']);
  assert.equal(messagesOf(rules, 55), ['The value field must be a string.', 'The value field must not be greater than 1 characters.']);
});
many.run();
