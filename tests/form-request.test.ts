/**
 * The form request's own accessors over its validated data: `validated(key,
 * fallback)` reads a dot path as the host framework's `data_get` does, and
 * `safe()` gives them as its `ValidatedInput`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ServerResponse } from 'node:http';
import { HttpRequest } from '../src/http/request.js';
import { resolveConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { FormRequest } from '../src/form-request.js';
import { planFormRequest } from '../src/routing/action-table.js';
import { resolveFormRequest } from '../src/pipeline/resolve-form-request.js';
import { jsonIncoming } from './helpers/fake-request.js';
import { plain } from './helpers/plain.js';

class NestedRequest extends FormRequest {
  override rules() {
    return {
      name: 'required|string',
      'nested.foo': 'required|string',
      'nested.empty': 'nullable',
      'items.*.id': 'integer',
      'groups.*.tags.*': 'string',
    };
  }
}

const container = createContainer();

async function validatedForm(body: unknown): Promise<FormRequest> {
  const request = new HttpRequest(jsonIncoming(JSON.stringify(body)), {} as ServerResponse, '/x', '', resolveConfig());
  await request.loadBody();
  return resolveFormRequest(planFormRequest(container, NestedRequest), request);
}

const BODY = {
  name: 'ada',
  nested: { foo: 'bar', empty: null, extra: 'dropped' },
  items: [{ id: 1 }, { id: 2, x: 'dropped' }],
  groups: [{ tags: ['a', 'b'] }, { tags: ['c'] }],
};

const test = suite('FormRequest accessors');

test('validated(key) reads a dot path into the validated data', async () => {
  const form = await validatedForm(BODY);
  assert.is(form.validated('name'), 'ada');
  assert.is(form.validated('nested.foo'), 'bar');
  assert.is(form.validated('items.1.id'), 2);
  assert.equal(plain(form.validated('nested')), { foo: 'bar', empty: null });
});

test('validated(key) never reads input that has no rule', async () => {
  const form = await validatedForm(BODY);
  assert.is(form.validated('nested.extra'), undefined);
  assert.is(form.validated('items.1.x'), undefined);
});

test('validated(key, fallback) answers the fallback for an absent path only', async () => {
  const form = await validatedForm(BODY);
  assert.is(form.validated('nested.missing', 'fallback'), 'fallback');
  assert.is(form.validated('name.deeper', 'fallback'), 'fallback');
  assert.is(form.validated('items.5.id', 0), 0);
  assert.is(form.validated('nested.empty', 'fallback'), null);
  assert.is(
    form.validated('absent', () => 'computed'),
    'computed',
  );
});

test('validated(key) with * gathers each item, a second * flattens, {first}/{last} pick keys', async () => {
  const form = await validatedForm(BODY);
  assert.equal(form.validated('items.*.id'), [1, 2]);
  assert.equal(form.validated('groups.*.tags.*'), ['a', 'b', 'c']);
  assert.is(form.validated('items.{first}.id'), 1);
  assert.is(form.validated('items.{last}.id'), 2);
  assert.is(form.validated('name.*', 'no items'), 'no items');
});

test('safe() reads and narrows the validated fields by dot path, as ValidatedInput', async () => {
  const form = await validatedForm(BODY);
  const safe = form.safe();
  assert.is(safe.input('nested.foo'), 'bar');
  assert.is(safe.input('nested.extra', 'fallback'), 'fallback');
  assert.equal(safe.input('items.*.id'), [1, 2]);
  assert.equal(plain(safe.only(['name', 'nested.foo', 'nested.empty', 'nested.missing'])), {
    name: 'ada',
    nested: { foo: 'bar', empty: null },
  });
  assert.equal(plain(form.safe(['name', 'absent'])), { name: 'ada' });
  assert.equal(plain(safe.except(['items', 'groups', 'nested.foo'])), { name: 'ada', nested: { empty: null } });
  assert.equal(
    (plain(safe.except(['items.0'])) as { items: unknown }).items,
    { 1: { id: 2 } },
    'an item before the end leaves a hole, as unset',
  );
  assert.ok(safe.has('name', 'nested.empty'));
  assert.ok(safe.missing('nested.extra'));
  assert.equal(plain(safe.merge({ extra: 1 }).only(['extra', 'name'])), { extra: 1, name: 'ada' });
  assert.equal((plain(form.validated()) as { items: unknown }).items, [{ id: 1 }, { id: 2 }], 'the validated data is not changed');
});

test.run();
