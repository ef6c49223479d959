import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FailCallback, RuleObject } from '../../src/validation/types.js';
import { run } from './helpers.js';

class Uppercase implements RuleObject {
  validate(_attribute: string, value: unknown, fail: FailCallback): void {
    if (typeof value !== 'string' || value !== value.toUpperCase()) fail('The :attribute field must be uppercase.');
  }
}

const objects = suite('rule objects and closures');

objects('a rule object reports its message with :attribute replaced', () => {
  assert.equal(run({ code: ['required', new Uppercase()] }, { code: 'abc' }), {
    ok: false,
    errors: { code: ['The code field must be uppercase.'] },
  });
  assert.equal(run({ code: ['required', new Uppercase()] }, { code: 'ABC' }), { ok: true, validated: { code: 'ABC' } });
});

objects('messages() can override a rule object by its class name', () => {
  const outcome = run({ code: [new Uppercase()] }, { code: 'abc' }, { messages: { 'code.Uppercase': 'Shout the :attribute.' } });
  assert.equal(outcome, { ok: false, errors: { code: ['Shout the code.'] } });
});

objects('a closure receives the concrete attribute and the value; each fail() is one message', () => {
  const seen: Array<[string, unknown]> = [];
  const closure = (attribute: string, value: unknown, fail: FailCallback): void => {
    seen.push([attribute, value]);
    if (value === 'bad') {
      fail('The :attribute is bad.');
      fail('Really, :attribute (:input) is bad.');
    }
  };
  const outcome = run({ 'items.*.code': ['string', closure] }, { items: [{ code: 'ok' }, { code: 'bad' }] });
  assert.equal(seen, [
    ['items.0.code', 'ok'],
    ['items.1.code', 'bad'],
  ]);
  assert.equal(outcome, { ok: false, errors: { 'items.1.code': ['The items.1.code is bad.', 'Really, items.1.code (bad) is bad.'] } });
});

objects('closures are not implicit: skipped for a missing or blank value', () => {
  let calls = 0;
  const closure = (): void => {
    calls++;
  };
  assert.ok(run({ a: [closure], b: [closure] }, { b: '  ' }).ok);
  assert.is(calls, 0);
});

objects('an implicit rule object runs for a missing value', () => {
  const implicit: RuleObject = {
    implicit: true,
    validate(attribute, value, fail) {
      if (value === undefined) fail(`The :attribute field is needed (${attribute}).`);
    },
  };
  assert.equal(run({ token: [implicit] }, {}), { ok: false, errors: { token: ['The token field is needed (token).'] } });
});

objects('rule order, bail and the implicit stop apply to custom rules', () => {
  const failing = (_a: string, _v: unknown, fail: FailCallback): void => fail(':attribute custom failure');
  assert.equal(run({ a: ['string', failing, 'min:5'] }, { a: 'abc' }), {
    ok: false,
    errors: { a: ['a custom failure', 'The a field must be at least 5 characters.'] },
  });
  assert.equal(run({ a: ['bail', failing, 'min:5'] }, { a: 'abc' }), { ok: false, errors: { a: ['a custom failure'] } });
  assert.equal(run({ a: ['required', failing] }, {}), { ok: false, errors: { a: ['The a field is required.'] } });
});

objects.run();

const schema = suite('raw JSON Schema rules');

schema('the value must match; default message', () => {
  const rules = { tags: ['required', { schema: { type: 'array', items: { type: 'string' }, uniqueItems: true } }] };
  assert.equal(run(rules, { tags: ['a', 'b'] }), { ok: true, validated: { tags: ['a', 'b'] } });
  assert.equal(run(rules, { tags: ['a', 'a'] }), { ok: false, errors: { tags: ['The tags field format is invalid.'] } });
  assert.equal(run(rules, { tags: [1] }), { ok: false, errors: { tags: ['The tags field format is invalid.'] } });
});

schema('one message per schema rule, in rule order with the others', () => {
  const rules = { code: ['string', { schema: { minLength: 3, pattern: '^[a-z]+$' } }, 'max:2'] };
  assert.equal(run(rules, { code: 'AB9Z' }), {
    ok: false,
    errors: { code: ['The code field format is invalid.', 'The code field must not be greater than 2 characters.'] },
  });
});

schema('pattern and patternProperties run in linear time: a catastrophic pattern answers at once', () => {
  const hanging = `${'a'.repeat(40)}!`;
  const rules = { code: [{ schema: { type: 'string', pattern: '^([a-z]+)*$' } }] };
  assert.equal(run(rules, { code: hanging }), { ok: false, errors: { code: ['The code field format is invalid.'] } });
  assert.equal(run(rules, { code: 'abc' }), { ok: true, validated: { code: 'abc' } });
  const keys = { o: [{ schema: { type: 'object', patternProperties: { '^(a|aa)+$': { type: 'integer' } } } }] };
  assert.equal(run(keys, { o: { [`${'a'.repeat(60)}!`]: 'x', aaa: 'y' } }), {
    ok: false,
    errors: { o: ['The o field format is invalid.'] },
  });
  assert.equal(run(keys, { o: { [`${'a'.repeat(60)}!`]: 'x', aaa: 1 } }), {
    ok: true,
    validated: { o: { [`${'a'.repeat(60)}!`]: 'x', aaa: 1 } },
  });
});

schema('a schema rule can carry its own message', () => {
  const rules = { n: [{ schema: { type: 'integer', multipleOf: 5 }, message: 'The :attribute field must be a multiple of 5.' }] };
  assert.equal(run(rules, { n: 7 }), { ok: false, errors: { n: ['The n field must be a multiple of 5.'] } });
});

schema('schemas never coerce, default or strip the input', () => {
  const input = { o: { a: '1' } };
  const rules = {
    o: [{ schema: { type: 'object', properties: { a: { type: 'string' }, b: { default: 2 } }, additionalProperties: true } }],
  };
  assert.equal(run(rules, input), { ok: true, validated: { o: { a: '1' } } });
  assert.equal(input, { o: { a: '1' } });
});

schema.run();

const refs = suite('raw schemas are their own root');
refs('$ref to #/$defs resolves inside the rule schema', () => {
  const rules = {
    point: [
      {
        schema: {
          $defs: { coord: { type: 'number' } },
          type: 'object',
          properties: { x: { $ref: '#/$defs/coord' }, y: { $ref: '#/$defs/coord' } },
          required: ['x', 'y'],
        },
      },
    ],
  };
  assert.ok(run(rules, { point: { x: 1, y: 2 } }).ok);
  assert.equal(run(rules, { point: { x: 1, y: 'a' } }), { ok: false, errors: { point: ['The point field format is invalid.'] } });
});
refs.run();
