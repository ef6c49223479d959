/**
 * Answers the differential oracle found to differ from Laravel 11 (issue
 * #11 §3), each checked against the real validator's answer.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ABSENT, run, table, type Case } from './helpers.js';

const holes = suite('validated(): no unvalidated key reaches the handler');

holes('under a bare list, only the children with rules are kept (was: the whole items)', () => {
  const outcome = run({ users: 'list', 'users.*.name': 'string' }, { users: [{ name: 'Mohamed', location: 'cairo', is_admin: true }] });
  assert.equal(outcome, { ok: true, validated: { users: [{ name: 'Mohamed' }] } });
});

holes('a bare list without child rules is kept whole, as a bare array is', () => {
  assert.equal(run({ users: 'list' }, { users: [{ a: 1 }] }), { ok: true, validated: { users: [{ a: 1 }] } });
});

holes('a skipped item leaves PHP keys 0 and 2: an object, not an array with a null in it', () => {
  const outcome = run({ items: 'array', 'items.*.name': 'string' }, { items: [{ name: 'a' }, { other: 1 }, { name: 'c' }] });
  assert.equal(outcome, { ok: true, validated: { items: { 0: { name: 'a' }, 2: { name: 'c' } } } });
  assert.is(JSON.stringify(outcome.ok && outcome.validated), '{"items":{"0":{"name":"a"},"2":{"name":"c"}}}');
});

holes.run();

const dots = suite('escaped dots: foo\\.bar is the key "foo.bar"');

dots('in a rule key: looked up as one key, reported as foo.bar', () => {
  assert.equal(run({ 'foo\\.bar': 'required' }, { foo: { bar: 'x' }, 'foo.bar': '' }), {
    ok: false,
    errors: { 'foo.bar': ['The foo.bar field is required.'] },
  });
  assert.equal(run({ 'foo\\.bar': 'in:valid' }, { 'foo.bar': 'valid' }), { ok: true, validated: { 'foo.bar': 'valid' } });
});

dots('in a parameter naming a field', () => {
  assert.equal(run({ foo: 'same:bar.foo\\.bar' }, { foo: 'v', bar: { 'foo.bar': 'v' } }), { ok: true, validated: { foo: 'v' } });
  assert.equal(run({ name: 'required_without:user\\.name' }, {}), {
    ok: false,
    errors: { name: ['The name field is required when user.name is not present.'] },
  });
});

dots.run();

const regex = suite('PCRE as PHP runs it');
const FORMAT = ['The value field format is invalid.'];
const regexCases: Case[] = [
  [['regex:/^[\\x{0600}-\\x{06FF}]+$/u'], 'بيت', null],
  [['regex:/^[\\x{0600}-\\x{06FF}]+$/u'], 'é', FORMAT],
  [['regex:/^[[:alpha:]]+$/'], 'ab', null],
  [['regex:/^[[:alpha:]]+$/'], 'é', FORMAT],
  [['regex:/^[[:alpha:]]+$/u'], 'é', null],
  [['regex:/^[[:^digit:]]+$/'], 'ab', null],
  // Without /u a pattern sees bytes: é is two.
  [['regex:/^.$/'], 'é', FORMAT],
  [['regex:/^..$/'], 'é', null],
  [['regex:/^.$/u'], 'é', null],
  // With /u, PHP turns on Unicode properties: \d is any decimal digit.
  [['regex:/^\\d{3}$/u'], '١٢٣', null],
  [['regex:/^\\d{3}$/'], '١٢٣', FORMAT],
  // \s without /u is ASCII whitespace: a no-break space is not.
  [['not_regex:/\\s/'], '\u00a0', null],
  [['regex:/\\Qa.b\\E/'], 'axb', FORMAT],
  [['regex:/ a b # comment\n/x'], 'ab', null],
  [['regex:/(?i)abc/'], 'ABC', null],
  [['regex:/^\\p{Lu}/'], 'Émile', null],
  [['regex:/a{/'], 'a{', null],
];
table(regex, regexCases);
regex.run();

const numbers = suite('numbers as PHP holds them');
const numberCases: Case[] = [
  // -2**63 is written -9223372036854776000 by JavaScript: past the bound, a float in PHP.
  ['integer', -(2 ** 63), ['The value field must be an integer.']],
  ['integer', 2 ** 63 - 1024, null],
  // 0.1 + 0.2 prints as "0.3" in PHP (14 significant digits).
  ['max:3', 0.30000000000000004, null],
  ['size:3', 0.30000000000000004, null],
  ['in:0.3', 0.30000000000000004, null],
  ['alpha_num', 1e21, ['The value field must only contain letters and numbers.']],
  ['string|max:5', 1e21, ['The value field must be a string.', 'The value field must not be greater than 5 characters.']],
  // digits reads true as "1".
  ['digits:1', true, null],
  ['digits_between:1,1', true, null],
  // Sizes compare exactly, past 2**53, and refuse exponents beyond ±1000.
  ['numeric|max:9007199254740992', '9007199254740993', ['The value field must not be greater than 9007199254740992.']],
  ['numeric|min:3', '1.0e+1001', ['The value field must be at least 3.']],
  ['numeric|max:3', '1e-1001', ['The value field must not be greater than 3.']],
];
table(numbers, numberCases);
numbers.run();

const formats = suite('email and date_format as Laravel');
const EMAIL = ['The value field must be a valid email address.'];
const formatCases: Case[] = [
  ['email', 'a@b', null],
  ['email', '"a b"@c.de', null],
  ['email', 'a@b_c.de', EMAIL],
  ['email', `${'x'.repeat(65)}@b.cd`, null],
  ['email', `a@${'x'.repeat(64)}.cd`, EMAIL],
  ['email:filter', `${'x'.repeat(65)}@b.cd`, EMAIL],
  ['email:filter', 'a@b', EMAIL],
  ['email:filter', 'a@b.c', null],
  // format('U') == '042': PHP compares two numeric strings as numbers.
  ['date_format:U', '042', null],
  ['date_format:U', '1700000000', null],
  ['date_format:U', '1.5', ['The value field must match the format U.']],
  ['email:filter_unicode', 'exämple@example.com', null],
  ['email:filter', 'exämple@example.com', EMAIL],
  // url knows Laravel's list of schemes.
  ['url', 'git+ssh://a.bc/x', ['The value field must be a valid URL.']],
  ['url', 'foo://bar', ['The value field must be a valid URL.']],
  ['url', 'HTTPS://a.bc/x', null],
  ['url', 'mailto://a.bc', null],
  ['email', ABSENT, null],
];
table(formats, formatCases);
formats.run();
