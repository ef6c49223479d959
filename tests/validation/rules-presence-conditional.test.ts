/**
 * The conditional presence rules of issue #11: accepted_if, declined_if,
 * required_if_accepted / _declined, missing*, present_*, prohibited*,
 * prohibits — each passing, failing, and its message as Laravel words it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ABSENT, run, table, type Case } from './helpers.js';

const accepted = suite('accepted_if / declined_if / required_if_accepted / required_if_declined');
table(accepted, [
  ['accepted_if:other,a', ABSENT, ['The value field must be accepted when other is a.'], { other: 'a' }],
  ['accepted_if:other,a', 'no', ['The value field must be accepted when other is a.'], { other: 'a' }],
  ['accepted_if:other,a', 'yes', null, { other: 'a' }],
  ['accepted_if:other,a', ABSENT, null, { other: 'b' }],
  ['accepted_if:other,true', 'no', ['The value field must be accepted when other is true.'], { other: true }],
  ['declined_if:other,1', 'yes', ['The value field must be declined when other is 1.'], { other: 1 }],
  ['declined_if:other,1', 'off', null, { other: '1' }],
  ['required_if_accepted:other', ABSENT, ['The value field is required when other is accepted.'], { other: 'yes' }],
  ['required_if_accepted:other', ABSENT, null, { other: 'no' }],
  ['required_if_accepted:other', 'x', null, { other: true }],
  ['required_if_declined:other', '', ['The value field is required when other is declined.'], { other: false }],
  ['required_if_declined:other', ABSENT, null, {}],
] satisfies Case[]);
accepted.run();

const missing = suite('missing / missing_if / missing_unless / missing_with / missing_with_all');
table(missing, [
  ['missing', ABSENT, null],
  ['missing', null, ['The value field must be missing.']],
  ['missing', '', ['The value field must be missing.']],
  ['missing_if:other,a', 'x', ['The value field must be missing when other is a.'], { other: 'a' }],
  ['missing_if:other,a', 'x', null, { other: 'b' }],
  ['missing_unless:other,a', 'x', ['The value field must be missing unless other is a.'], { other: 'b' }],
  ['missing_unless:other,a', 'x', null, { other: 'a' }],
  ['missing_with:other,third', 'x', ['The value field must be missing when other / third is present.'], { third: null }],
  ['missing_with:other', 'x', null, {}],
  ['missing_with_all:other,third', 'x', ['The value field must be missing when other / third are present.'], { other: 1, third: '' }],
  ['missing_with_all:other,third', 'x', null, { other: 1 }],
] satisfies Case[]);
missing.run();

const present = suite('present_if / present_unless / present_with / present_with_all');
table(present, [
  ['present_if:other,a', ABSENT, ['The value field must be present when other is a.'], { other: 'a' }],
  ['present_if:other,a', null, null, { other: 'a' }],
  ['present_if:other,a', ABSENT, null, { other: 'b' }],
  ['present_unless:other,a', ABSENT, ['The value field must be present unless other is a.'], { other: 'b' }],
  ['present_unless:other,a', ABSENT, null, { other: 'a' }],
  ['present_with:other', ABSENT, ['The value field must be present when other is present.'], { other: '' }],
  ['present_with:other', '', null, { other: 'x' }],
  ['present_with_all:other,third', ABSENT, ['The value field must be present when other / third are present.'], { other: 1, third: 2 }],
  ['present_with_all:other,third', ABSENT, null, { other: 1 }],
] satisfies Case[]);
present.run();

const prohibited = suite('prohibited / prohibited_if / prohibited_unless / prohibited_if_accepted / _declined / prohibits');
table(prohibited, [
  ['prohibited', ABSENT, null],
  ['prohibited', '', null],
  ['prohibited', null, null],
  ['prohibited', [], null],
  ['prohibited', 'x', ['The value field is prohibited.']],
  ['prohibited_if:other,a', 'x', ['The value field is prohibited when other is a.'], { other: 'a' }],
  ['prohibited_if:other,a', 'x', null, { other: 'b' }],
  ['prohibited_unless:other,a,b', 'x', ['The value field is prohibited unless other is in a, b.'], { other: 'c' }],
  ['prohibited_unless:other,a,b', 'x', null, { other: 'b' }],
  ['prohibited_if_accepted:other', 'x', ['The value field is prohibited when other is accepted.'], { other: 'on' }],
  ['prohibited_if_accepted:other', 'x', null, { other: 'off' }],
  ['prohibited_if_declined:other', 'x', ['The value field is prohibited when other is declined.'], { other: 0 }],
  ['prohibited_if_declined:other', 'x', null, {}],
  ['prohibits:other,third', 'x', ['The value field prohibits other / third from being present.'], { third: 'y' }],
  ['prohibits:other', 'x', null, { other: '' }],
  ['prohibits:other', ABSENT, null, { other: 'y' }],
] satisfies Case[]);
prohibited.run();

const booleanOther = suite('required_if reads true/false as booleans only for a rule written boolean');

booleanOther('the bool alias and Boolean are not "boolean" to shouldConvertToBoolean (in_array on the rule strings)', () => {
  const required = { ok: false, errors: { password: ['The password field is required when tags is 1.'] } };
  assert.equal(run({ tags: 'boolean', password: 'required_if:tags,true' }, { tags: 1 }), required);
  assert.equal(run({ tags: 'bool', password: 'required_if:tags,true' }, { tags: 1 }), { ok: true, validated: { tags: 1 } });
  assert.equal(run({ tags: 'Boolean', password: 'required_if:tags,true' }, { tags: 1 }), { ok: true, validated: { tags: 1 } });
});

booleanOther.run();
