/**
 * The bounds on one validation run (security review, issue #8): at most
 * `max_validation_errors` messages are collected (then validation stops),
 * and a wildcard rule expands to at most `max_wildcard_items` attributes
 * (more is a 400). Before, a 586 KB body of 150,000 failing items made a
 * 9-15 MiB 422 in about a second, growing RSS by 200 MiB or more.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, ValidationError } from '../../src/index.js';
import { LogicException } from '../../src/errors/logic-exception.js';
import { compileSync } from './helpers.js';
import { DEFAULT_LIMITS, TooManyItemsError } from '../../src/validation/limits.js';
import type { ValidationOutcome } from '../../src/validation/types.js';
import { client } from '../helpers/http.js';
import { assertLinear } from '../helpers/growth.js';

const INTEGER = (attribute: string) => `The ${attribute} field must be an integer.`;
const strings = (count: number) => Array.from({ length: count }, () => 'x');

function errorsOf(outcome: ValidationOutcome): Record<string, string[]> {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.errors;
}

const errors = suite('max_validation_errors');
const items = compileSync({ 'items.*': 'integer' }, { owner: 'Items' });

errors('by default at most 200 messages, the first ones in validation order', () => {
  const collected = errorsOf(items.validate({ items: strings(250) }));
  const keys = Object.keys(collected);
  assert.is(keys.length, 200);
  assert.is(keys[0], 'items.0');
  assert.is(keys[199], 'items.199');
  assert.is(DEFAULT_LIMITS.max_validation_errors, 200);
});

errors("the summary counts what was collected, in Laravel's words", () => {
  const error = new ValidationError(errorsOf(items.validate({ items: strings(250) })));
  assert.is(error.message, `${INTEGER('items.0')} (and 199 more errors)`);
});

errors('validation stops at the cap: later attributes are not checked', () => {
  let calls = 0;
  const counting = compileSync(
    {
      'items.*': [
        (_attribute: string, _value: unknown, fail: (message: string) => void) => {
          calls++;
          fail('Bad :attribute.');
        },
      ],
    },
    { owner: 'Counting' },
  );
  errorsOf(counting.validate({ items: strings(1000) }, undefined, { max_validation_errors: 10, max_wildcard_items: 0 }));
  assert.is(calls, 10);
});

errors('a field with several messages is cut to fit the cap exactly', () => {
  const v = compileSync({ a: 'integer|min:5|in:9', b: 'integer' }, { owner: 'Cut' });
  const limits = { max_validation_errors: 2, max_wildcard_items: 0 };
  assert.equal(errorsOf(v.validate({ a: 'x', b: 'y' }, undefined, limits)), {
    a: [INTEGER('a'), 'The a field must be at least 5.'],
  });
});

errors('0 turns the cap off', () => {
  const collected = errorsOf(items.validate({ items: strings(250) }, undefined, { max_validation_errors: 0, max_wildcard_items: 0 }));
  assert.is(Object.keys(collected).length, 250);
});

errors.run();

const wildcards = suite('max_wildcard_items');

wildcards('by default a wildcard rule expands to at most 10,000 attributes; more is a 400', () => {
  assert.is(DEFAULT_LIMITS.max_wildcard_items, 10_000);
  const ok = compileSync({ 'items.*': 'string' }, { owner: 'Items' });
  assert.is(ok.validate({ items: strings(10_000) }).ok, true);
  try {
    ok.validate({ items: strings(10_001) });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, TooManyItemsError);
    assert.is((error as TooManyItemsError).status, 400);
    assert.is((error as TooManyItemsError).message, 'The input has too many items for "items.*": at most 10000 are validated.');
  }
});

wildcards('nested wildcards count every attribute they expand to', () => {
  const v = compileSync({ 'a.*.b.*': 'string' }, { owner: 'Nested' });
  const limits = { max_validation_errors: 0, max_wildcard_items: 4 };
  assert.is(v.validate({ a: [{ b: ['x', 'y'] }, { b: ['z', 'w'] }] }, undefined, limits).ok, true);
  assert.throws(
    () => v.validate({ a: [{ b: ['x', 'y'] }, { b: ['z', 'w', 'v'] }] }, undefined, limits),
    (e: unknown) => e instanceof TooManyItemsError && e.message.includes('"a.*.b.*": at most 4'),
  );
});

wildcards('0 turns the cap off', () => {
  const v = compileSync({ 'items.*': 'string' }, { owner: 'Items' });
  assert.is(v.validate({ items: strings(10_001) }, undefined, { max_validation_errors: 200, max_wildcard_items: 0 }).ok, true);
});

wildcards.run();

const options = suite('the application options');

options('defaults, and whole numbers only', () => {
  const app = new Application();
  assert.is(app.config.max_validation_errors, 200);
  assert.is(app.config.max_wildcard_items, 10_000);
  assert.is(new Application({ max_validation_errors: 0, max_wildcard_items: 5 }).config.max_wildcard_items, 5);
  assert.is(app.config.max_dns_lookups, 100);
  assert.is(new Application({ max_dns_lookups: 0 }).config.max_dns_lookups, 0);
  assert.throws(
    () => new Application({ max_dns_lookups: -5 }),
    (e: unknown) => e instanceof LogicException,
  );
  assert.throws(
    () => new Application({ max_validation_errors: -1 }),
    (e: unknown) => e instanceof LogicException,
  );
  assert.throws(
    () => new Application({ max_wildcard_items: 1.5 }),
    (e: unknown) => e instanceof LogicException,
  );
});

options.run();

const attack = suite('a 586 KB body of 150,000 failing items, over HTTP');

class ItemsRequest extends FormRequest {
  override rules() {
    return { 'items.*': 'integer' };
  }
}

class SaveItems extends Action {
  override methods = ['POST'];
  static override formRequest = ItemsRequest;
  handle() {
    return { saved: true };
  }
}

class ItemsController extends ActionController {
  override actions = { save: SaveItems };
}

const bodyOf = (count: number) => `{"items":[${Array(count).fill('"x"').join(',')}]}`;
const BODY = bodyOf(150_000);

async function post(app: Application, body = BODY) {
  app.withRouting({ api: (router) => void router.svc('/items', ItemsController, ['POST']) });
  const { port } = await app.listen(0, '127.0.0.1');
  const http = client(`http://127.0.0.1:${port}`);
  try {
    return { reply: await http.send('POST', '/api/items?action=save', { body, headers: { 'content-type': 'application/json' } }) };
  } finally {
    await http.close();
    await app.close();
  }
}

attack('with the defaults: a small 400 at once (more items than max_wildcard_items)', async () => {
  assert.ok(BODY.length > 580_000);
  const { reply } = await post(new Application());
  assert.is(reply.status, 400);
  assert.equal(reply.body, { message: 'The input has too many items for "items.*": at most 10000 are validated.' });
  // 15,000 items and 150,000: both over the cap, answered in time linear in the body.
  await assertLinear(
    'the 400 for too many items',
    (count) => {
      const body = bodyOf(count);
      return () => post(new Application(), body);
    },
    15_000,
  );
});

attack('without the wildcard cap: a 422 of the first 200 errors, small and fast', async () => {
  const { reply } = await post(new Application({ max_wildcard_items: 0 }));
  assert.is(reply.status, 422);
  assert.is(Object.keys(reply.body.errors).length, 200);
  assert.is(reply.body.message, `${INTEGER('items.0')} (and 199 more errors)`);
  assert.ok(reply.text.length < 20_000, `${reply.text.length} bytes`);
  await assertLinear(
    'the 422 for 15,000 and 150,000 invalid items',
    (count) => {
      const body = bodyOf(count);
      return () => post(new Application({ max_wildcard_items: 0 }), body);
    },
    15_000,
  );
});

attack.run();
