/**
 * `x-switchyard-rules`: each operation of an action with a form request
 * carries its rule set as data (rules in Laravel's string form, messages,
 * attributes, and which rules need the server), what the typed client
 * checks in the browser.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { OpenApiDocument, OpenApiOperation } from '../../src/openapi/public-api.js';
import { BookTrip, createRulesApp } from '../client/rules-app.js';
import { ActionController, Application, type SwitchyardOptions } from '../../src/index.js';
import { compileValidator } from '../../src/validation/compiler.js';

const test = suite('x-switchyard-rules');

const document: OpenApiDocument = createRulesApp().app.openapi();
const operation = (action: string): OpenApiOperation => document.paths[`/api/forms?action=${action}`]!.post!;

test('a set the browser can check: every rule as written, one per item, with messages, names and no server rule', () => {
  assert.equal(operation('trip')['x-switchyard-rules'], {
    formRequest: 'TripRequest',
    rules: {
      name: ['required', 'string', 'max:20'],
      seats: ['nullable', 'integer', 'between:1,9'],
      starts: ['required', 'date_format:Y-m-d'],
      ends: ['required', 'date_format:Y-m-d', 'after:starts'],
      'stops.*.city': ['required_with:stops', 'string', 'distinct'],
      kind: ['required', 'in:train,coach'],
      pass: ['required_if:kind,train', 'regex:/^[A-Z]{2}\\d{4}$/'],
    },
    server: {},
    messages: { 'name.required': 'Tell us who travels.', 'stops.*.city.distinct': 'Each stop once.' },
    attributes: { starts: 'departure date' },
    stopOnFirstFailure: false,
    input: { trim: true, trimExcept: ['current_password', 'password', 'password_confirmation'], emptyToNull: true },
  });
});

test('closures and rule objects have no string form: named in server, left out of rules', () => {
  const set = operation('signup')['x-switchyard-rules']!;
  assert.equal(set.rules, {
    name: ['required', 'string', 'max:20'],
    age: ['nullable', 'integer', 'min:18'],
    code: ['required', 'string'],
    nickname: ['nullable', 'string'],
  });
  assert.equal(set.server, { code: ['closure'], nickname: ['NotReserved'] });
});

test('database, files (and sizes on a file field), DNS, passwords, enums and conditional rules need the server; the rest of those fields is kept in string form', () => {
  const set = operation('account')['x-switchyard-rules']!;
  assert.equal(set.server, {
    email: ['unique:users,NULL,NULL,id'],
    user_id: ['exists:users,id'],
    avatar: ['file', 'image'],
    password: ['Password'],
    site: ['active_url'],
    mail: ['email:rfc,dns'],
    plan: ['EnumRule'],
    coupon: ['required (conditional)'],
    scan: ['file', 'max:1024'],
  });
  assert.equal(set.rules['email'], ['required', 'email', 'unique:users,NULL,NULL,id']);
  assert.equal(set.rules['coupon'], ['string']);
  assert.equal(set.rules['title'], ['nullable', 'string', 'max:50']);
  assert.not.ok('title' in set.server);
});

test('the browser part of every set compiles with the server validator', () => {
  for (const action of ['trip', 'signup', 'account']) {
    const set = operation(action)['x-switchyard-rules']!;
    const rules: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(set.rules)) rules[field] = list.filter((rule) => !(set.server[field] ?? []).includes(rule));
    const validator = compileValidator(rules, { owner: action, messages: set.messages, attributes: set.attributes });
    assert.is(validator.async, false, action);
  }
});

test('rules that read the request, or after() hooks: the whole set is marked for the server, with no rules', () => {
  assert.equal(operation('perRequest')['x-switchyard-rules'], {
    formRequest: 'PerRequestRequest',
    rules: {},
    server: {},
    messages: {},
    attributes: {},
    stopOnFirstFailure: false,
    input: { trim: true, trimExcept: ['current_password', 'password', 'password_confirmation'], emptyToNull: true },
    serverOnly: 'request',
  });
  assert.is(operation('hooked')['x-switchyard-rules']!.serverOnly, 'hooks');
});

/** The trip action's rule set in an application built with these options, its action's `normalizeInput` as given. */
function tripSet(options: SwitchyardOptions, normalizeInput = true) {
  class Trip extends BookTrip {
    override normalizeInput = normalizeInput;
  }
  class Trips extends ActionController {
    actions = { trip: Trip };
  }
  const app = new Application(options).withRouting({ api: (router) => void router.svc('/trips', Trips, ['POST']) });
  return app.openapi().paths['/api/trips?action=trip']!.post!['x-switchyard-rules']!;
}

test('input normalisation: the options as data, none for an action that keeps its input as sent', () => {
  assert.equal(tripSet({ trim_strings: { except: ['secret'] }, convert_empty_strings_to_null: false }).input, {
    trim: true,
    trimExcept: ['current_password', 'password', 'password_confirmation', 'secret'],
    emptyToNull: false,
  });
  assert.equal(tripSet({ trim_strings: false }).input, { trim: false, trimExcept: [], emptyToNull: true });
  assert.equal(tripSet({}, false).input, { trim: false, trimExcept: [], emptyToNull: false });
});

test('normalisation decided per request (skip_when): the whole set is left to the server', () => {
  const set = tripSet({ convert_empty_strings_to_null: { skip_when: [() => false] } });
  assert.is(set.serverOnly, 'request');
  assert.equal(set.rules, {});
});

test('an action without a form request has no rule set', () => {
  assert.not.ok('x-switchyard-rules' in document.paths['/api/forms?action=ping']!.get!);
});

test.run();
