import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileValidator } from '../../src/validation/compiler.js';
import type { FailCallback, RuleMap, RuleObject } from '../../src/validation/types.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

function compile(rules: RuleMap, stopOnFirstFailure = false) {
  return compileValidator(rules, { owner: 'AsyncRequest', stopOnFirstFailure });
}

/** An async rule object: fails for values in `taken`, after a real wait. */
class NotTaken implements RuleObject {
  constructor(private readonly taken: readonly string[]) {}
  async validate(_attribute: string, value: unknown, fail: FailCallback): Promise<void> {
    await tick();
    if (this.taken.includes(String(value))) fail('The :attribute has already been taken.');
  }
}

const test = suite('async custom rules');

test('a synchronous rule map answers at once; an async closure makes the validator answer with a promise', () => {
  const sync = compile({
    name: [
      'required',
      (_a: string, v: unknown, fail: FailCallback) => {
        if (v === 'x') fail('no x');
      },
    ],
  });
  assert.is(sync.async, false);
  assert.not.instance(sync.validate({ name: 'y' }), Promise);
  const async = compile({
    name: [
      'required',
      async (_a: string, v: unknown, fail: FailCallback) => {
        if (v === 'x') fail('no x');
      },
    ],
  });
  assert.is(async.async, true);
  assert.instance(async.validate({ name: 'y' }), Promise);
});

test('an async rule object fails with its message; the outcome keeps rule order within and across fields', async () => {
  const v = compile({ name: ['string', new NotTaken(['ada']), 'max:2'], email: ['required', 'email'] });
  assert.equal(await v.validate({ name: 'ada', email: 'nope' }), {
    ok: false,
    errors: {
      name: ['The name has already been taken.', 'The name field must not be greater than 2 characters.'],
      email: ['The email field must be a valid email address.'],
    },
  });
  assert.equal(await v.validate({ name: 'bo', email: 'bo@example.com' }), { ok: true, validated: { name: 'bo', email: 'bo@example.com' } });
});

test('bail stops at an async failure; other wildcard items keep their own order', async () => {
  const v = compile({ 'items.*': ['bail', new NotTaken(['a', 'c']), 'size:3'] });
  assert.equal(await v.validate({ items: ['a', 'bbb', 'c', 'dd'] }), {
    ok: false,
    errors: {
      'items.0': ['The items.0 has already been taken.'],
      'items.2': ['The items.2 has already been taken.'],
      'items.3': ['The items.3 field must be 3 characters.'],
    },
  });
});

test('stopOnFirstFailure stops after the first field an async rule failed; later rules never run', async () => {
  const seen: string[] = [];
  const v = compile(
    {
      a: [new NotTaken(['x'])],
      b: [
        (attribute: string) => {
          seen.push(attribute);
        },
      ],
    },
    true,
  );
  assert.equal(await v.validate({ a: 'x', b: 'y' }), { ok: false, errors: { a: ['The a has already been taken.'] } });
  assert.equal(seen, []);
});

test('a plain function that returns a promise is awaited too, from its first run on', async () => {
  const calls: unknown[] = [];
  const later = (_attribute: string, value: unknown, fail: FailCallback): Promise<void> => {
    calls.push(value);
    return tick().then(() => {
      if (value === 'bad') fail('The :attribute is bad.');
    });
  };
  const v = compile({ 'items.*': ['string', later] });
  assert.is(v.async, false);
  assert.equal(await v.validate({ items: ['ok', 'bad'] }), { ok: false, errors: { 'items.1': ['The items.1 is bad.'] } });
  assert.is(v.async, true);
  assert.equal(await v.validate({ items: ['fine'] }), { ok: true, validated: { items: ['fine'] } });
});

test('a rejected async rule rejects the validation (a fault, not a message)', async () => {
  const v = compile({
    a: [
      async () => {
        throw new Error('database down');
      },
    ],
  });
  let error: unknown;
  try {
    await v.validate({ a: 'x' });
  } catch (e) {
    error = e;
  }
  assert.instance(error, Error);
  assert.is((error as Error).message, 'database down');
});

test.run();
