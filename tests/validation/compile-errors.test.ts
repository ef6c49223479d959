import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LogicException } from '../../src/errors/logic-exception.js';
import { compilationCount, compileValidator } from '../../src/validation/compiler.js';
import { ajv } from '../../src/validation/schema-rule.js';
import type { FieldRules, RuleMap } from '../../src/validation/types.js';
// The rules' input/output (uploads, DNS, bcrypt, ajv, the database) as the server registers it.
import '../../src/validation/server/register.js';

const errors = suite('bad rule definitions throw LogicException at compile time');

function compileError(rules: RuleMap): LogicException {
  try {
    compileValidator(rules, { owner: 'SignupRequest' });
  } catch (error) {
    assert.instance(error, LogicException);
    return error as LogicException;
  }
  assert.unreachable('expected a LogicException');
  throw new Error('unreachable');
}

const cases: ReadonlyArray<readonly [FieldRules, string]> = [
  ['required|emial', 'unknown rule "emial"'],
  ['max', '"max" needs 1 parameter'],
  ['max:abc', '"max" needs a number'],
  ['between:1', '"between" needs 2 parameters'],
  ['size:', '"size" needs a number'],
  ['in', '"in" needs 1 parameter'],
  ['in:', '"in" needs at least one value'],
  ['not_in:', '"not_in" needs at least one value'],
  ['regex:/(unclosed/', 'regex'],
  ['regex:abc', 'delimiters'],
  ['regex:/a/U', 'modifier "U"'],
  ['regex:/a++b/', 'regex'],
  ['regex:/(?>a)/', 'regex'],
  ['regex:/a(?i)b/', 'regex'],
  ['regex:/^\\X$/u', 'PCRE escape'],
  ['regex:/\\K/', 'PCRE escape'],
  ['regex:/(?1)/', 'regex'],
  [['regex:/^(a|b$/'], 'regex'],
  // PCRE refuses a range from or to a class; so does Switchyard.
  ['regex:/^[\\d-z]+$/', 'regex'],
  ['regex:/^[[:alpha:]-z]+$/', 'regex'],
  ['required_if:type', '"required_if" needs 2 parameters'],
  ['same', '"same" needs 1 parameter'],
  ['date_format:X-m-d', 'format character "X"'],
  ['date_format:N', 'format character "N"'],
  ['digits:-1', 'whole number'],
  ['distinct:sometimes', 'unknown "distinct" option'],
  ['starts_with:', 'at least one value'],
  [[{ schema: { type: 'nope' } }], 'JSON Schema'],
  [[{ schema: { minimumm: 3 } }], 'JSON Schema'],
  [[42 as unknown as string], 'a rule must be'],
  [['required|string'], 'unknown rule "required|string"'],
];

for (const [rules, reason] of cases) {
  errors(`${JSON.stringify(rules)} → ${reason}`, () => {
    const error = compileError({ email: rules });
    assert.is(error.name, 'LogicException');
    assert.match(error.message, 'SignupRequest');
    assert.match(error.message, 'field "email"');
    assert.match(error.message, reason);
  });
}

errors('the message names the rule as written', () => {
  assert.match(compileError({ name: 'required|Emial:3' }).message, 'rule "Emial:3"');
});

errors('an empty field name', () => {
  assert.match(compileError({ '': 'required' }).message, 'empty field name');
});

errors('rule names are case- and separator-insensitive, as PHP method names', () => {
  const v = compileValidator({ a: 'Required|requiredIf:b,1|REQUIRED-WITH:c' }, { owner: 'R' });
  assert.equal(v.validate({}), { ok: false, errors: { a: ['The a field is required.'] } });
});

errors('a valid definition never throws at request time, whatever the input', () => {
  const v = compileValidator(
    {
      a: 'required|string|max:3|regex:/^a/|date|date_format:Y-m-d|after:b|in:x',
      'b.*.c': 'integer|distinct|same:b.*.d|confirmed',
      c: 'array:x|list|json|email|url|uuid|ulid|ip|starts_with:a|digits:3|alpha|between:1,2',
    },
    { owner: 'R' },
  );
  const inputs: unknown[] = [null, 1, 'x', [], {}, [[1]], { x: { y: 1 } }, true, '😀'.repeat(3), '\u0000'];
  for (const a of inputs) for (const b of inputs) for (const c of inputs) v.validate({ a, b, c });
});

errors.run();

const counting = suite('compilationCount');

counting('one per compileValidator call, none per validate call', () => {
  const before = compilationCount();
  const v = compileValidator({ message: 'required|string|max:255' }, { owner: 'EchoRequest' });
  assert.is(compilationCount(), before + 1);
  for (let i = 0; i < 10; i++) v.validate({ message: `hello ${i}` });
  v.validate({});
  assert.is(compilationCount(), before + 1);
  compileValidator({ message: 'required|string|max:255' }, { owner: 'OtherRequest' });
  assert.is(compilationCount(), before + 2);
});

counting('a definition that throws is not counted', () => {
  const before = compilationCount();
  assert.throws(() => compileValidator({ a: 'nope' }, { owner: 'R' }));
  assert.is(compilationCount(), before);
});

counting('validate() never compiles a schema', () => {
  const v = compileValidator(
    { a: 'required|string|max:3', 'b.*': 'integer|after:2024-01-01', c: [{ schema: { type: 'string' } }] },
    { owner: 'R' },
  );
  const original = ajv.compile.bind(ajv);
  let calls = 0;
  ajv.compile = ((schema: never, meta?: boolean) => {
    calls++;
    return original(schema, meta);
  }) as typeof ajv.compile;
  try {
    v.validate({ a: 'abcd', b: ['x', 1], c: 1 });
    v.validate({ a: 'ab', b: [], c: 'x' });
  } finally {
    ajv.compile = original;
  }
  assert.is(calls, 0);
});

counting.run();
