/**
 * `Precognition-Validate-Only` over a real socket (security review, issue #8):
 * the names are capped (1,000, of which 20 may have a `*` inside a segment;
 * more is a 400 JSON answer, and the handler never runs), and filtering is
 * linear, so a full header against 10,000 wildcard items answers at once.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest } from '../../src/index.js';
import { serve } from '../helpers/apps.js';
import { assertLinear } from '../helpers/growth.js';

let ran = 0;

class ItemsRequest extends FormRequest {
  override rules() {
    return { title: 'required|string', 'items.*.name': 'required|string' };
  }
}

class SaveItems extends Action {
  override methods = ['POST'];
  override precognition = true;
  static override formRequest = ItemsRequest;
  handle() {
    ran++;
    return { saved: true };
  }
}

class EscapedDotRequest extends FormRequest {
  override rules() {
    return { 'escaped\\.dot': 'required', 'nested.dot': 'required' };
  }
}

class SaveEscaped extends Action {
  override methods = ['POST'];
  override precognition = true;
  static override formRequest = EscapedDotRequest;
  handle() {
    ran++;
    return { saved: true };
  }
}

class ItemsController extends ActionController {
  override actions = { save: SaveItems, escaped: SaveEscaped };
}

const test = suite('Precognition-Validate-Only: capped and linear');
const served = serve(test, () => new Application().withRouting({ api: (router) => void router.svc('/items', ItemsController, ['POST']) }));

const PATH = '/api/items?action=save';
const names = (count: number, name: (i: number) => string): string => Array.from({ length: count }, (_, i) => name(i)).join(',');

function predict(only: string, json: unknown) {
  return served.http.send('POST', PATH, { json, headers: { precognition: 'true', 'precognition-validate-only': only } });
}

test('more than 1,000 names: 400 with a clear message, as a prediction, without running the handler', async () => {
  ran = 0;
  const reply = await predict(
    names(1001, (i) => `f${i}`),
    {},
  );
  assert.is(reply.status, 400);
  assert.equal(reply.body, { message: 'The Precognition-Validate-Only header lists 1001 fields; at most 1000 are allowed.' });
  assert.is(reply.headers['precognition'], 'true');
  assert.is(ran, 0);
});

test('more than 20 names with a * inside a segment: 400', async () => {
  const reply = await predict(
    names(21, (i) => `items.${i}*.name`),
    {},
  );
  assert.is(reply.status, 400);
  assert.match(reply.body.message, /more than 20 fields with a "\*" inside a segment/);
});

test('1,000 names (20 of them globs) against 10,000 wildcard items: answered fast, listed fields only', async () => {
  const itemsOf = (count: number) => Array.from({ length: count }, () => ({ name: 1 }));
  const onlyOf = (count: number) => names(count, (i) => (i < 20 ? `items.${i}*.name` : `items.${i}.name`));
  const [items, only] = [itemsOf(10_000), onlyOf(1000)];
  const reply = await predict(only, { items });
  assert.is(reply.status, 422);
  // A tenth of the names and items, then all of them: linear costs 10 times as much, names × items 100 times.
  await assertLinear(
    'the prediction',
    (count) => {
      const [json, listed] = [{ items: itemsOf(count * 10) }, onlyOf(count)];
      return () => predict(listed, json);
    },
    100,
  );
  const keys = Object.keys(reply.body.errors);
  assert.is(keys.includes('title'), false, 'title is not listed');
  assert.ok(keys.includes('items.20.name'));
  assert.ok(keys.includes('items.100.name'), 'items.1*.name covers items.100.name');
});

test('a wildcard name covers every item, a concrete name one', async () => {
  const items = [{ name: 'ok' }, {}, { name: 2 }];
  const all = await predict('items.*.name', { items });
  assert.equal(Object.keys(all.body.errors), ['items.1.name', 'items.2.name']);
  const one = await predict('items.2.name', { items });
  assert.equal(Object.keys(one.body.errors), ['items.2.name']);
  const none = await predict('title', { title: 'x', items });
  assert.is(none.status, 204);
  assert.is(none.headers['precognition-success'], 'true');
});

test('an empty header validates nothing: 204 with Precognition-Success (Laravel testClientCanSpecifyNoInputsToValidate)', async () => {
  ran = 0;
  const reply = await predict('', { items: [{}] });
  assert.is(reply.status, 204);
  assert.is(reply.headers['precognition-success'], 'true');
  assert.is(reply.headers['precognition'], 'true');
  assert.is(ran, 0);
});

const ESCAPED = '/api/items?action=escaped';
function predictEscaped(only: string, json: unknown) {
  return served.http.send('POST', ESCAPED, { json, headers: { precognition: 'true', 'precognition-validate-only': only } });
}

test('escaped\\.dot names the field escaped.dot: missing, 422 (Laravel testItCanFilterRulesWithEscapedDotsUsingFormRequest)', async () => {
  const reply = await predictEscaped('escaped\\.dot', {});
  assert.is(reply.status, 422);
  assert.equal(reply.body, {
    message: 'The escaped.dot field is required.',
    errors: { 'escaped.dot': ['The escaped.dot field is required.'] },
  });
  assert.is(reply.headers['precognition'], 'true');
  assert.is(reply.headers['precognition-success'], undefined);
});

test('escaped\\.dot present: 204 (Laravel testItCanPassValidationForEscapedDotsAfterFilteringWithPrecognition)', async () => {
  const reply = await predictEscaped('escaped\\.dot', { 'escaped.dot': 'value' });
  assert.is(reply.status, 204);
  assert.is(reply.headers['precognition-success'], 'true');
});

test('an unescaped name is a path: escaped.dot does not name the escaped field', async () => {
  const path = await predictEscaped('escaped.dot', {});
  assert.is(path.status, 204, 'escaped.dot is the path escaped → dot, which has no rule');
  const nested = await predictEscaped('nested.dot', {});
  assert.is(nested.status, 422);
  assert.equal(Object.keys(nested.body.errors), ['nested.dot']);
  const star = await predictEscaped('*.dot', {});
  assert.equal(Object.keys(star.body.errors), ['escaped.dot', 'nested.dot'], 'a * takes any characters but a dot, the backslash included');
});

test.run();
