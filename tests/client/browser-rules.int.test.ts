/**
 * The typed client checking input with the server's own rules before it
 * sends (`rules: compileRules(document, compileValidator)`), against a real
 * server on a free port: for each input, the answer with rules equals the
 * server's (same 422 message and errors, same prediction), no request
 * reaches the server when a rule the browser runs fails, and fields that
 * need the server are asked by Precognition, and only they.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationFailed, compileRules, createClient } from '../../src/client/index.js';
import { compileValidator } from '../../src/validation/compiler.js';
import { rulesJson } from '../../src/cli/rules-command.js';
import type { RuleSetsDocument } from '../../src/typing/rule-sets.js';
import { createRulesApp, type FormsApi } from './rules-app.js';

const test = suite('switchyard-http/client: the server rules in the browser');

const { app, received } = createRulesApp();
const document = JSON.parse(rulesJson(app)) as RuleSetsDocument;
let base = '';
/** Precognition-Validate-Only of each request that reached the server, in order (`-` without the header). */
const asked: string[] = [];

test.before(async () => {
  base = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}/api`;
});
test.after(() => app.close());
test.before.each(() => {
  asked.length = 0;
});

const recording = (url: string, init: { headers: Record<string, string> }) => {
  asked.push(init.headers['precognition-validate-only'] ?? '-');
  return fetch(url, init);
};
const withRules = () => createClient<FormsApi>({ baseUrl: base, fetch: recording, rules: compileRules(document, compileValidator) });
const serverOnly = () => createClient<FormsApi>({ baseUrl: base });

/** A call's outcome as the caller sees it: the answer, or the 422's status, message and errors. */
async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return { answer: await promise };
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    return { status: error.status, message: error.message, errors: error.errors, body: error.body };
  }
}

const trip = {
  name: 'Ada',
  seats: 2,
  starts: '2030-05-01',
  ends: '2030-05-03',
  stops: [{ city: 'Lyon' }, { city: 'Turin' }],
  kind: 'train',
  pass: 'AB1234',
};
/** Passing and failing trips: sizes, dates against another field, wildcards, required_if, regex, custom messages and names, trimming. */
const trips: Record<string, unknown>[] = [
  trip,
  {},
  { ...trip, name: '' },
  { ...trip, name: '   ' },
  { ...trip, name: `  ${'x'.repeat(20)}  ` },
  { ...trip, name: 'x'.repeat(21), seats: 10 },
  { ...trip, seats: '3' },
  { ...trip, seats: 1.5 },
  { ...trip, starts: '2030-05-04' },
  { ...trip, starts: '01/05/2030', ends: 'soon' },
  { ...trip, stops: [{ city: 'Lyon' }, { city: 'Lyon' }, { city: 7 }] },
  { ...trip, stops: [{}] },
  { ...trip, kind: 'plane' },
  { ...trip, pass: undefined },
  { ...trip, kind: 'coach', pass: undefined },
  { ...trip, pass: 'ab1234' },
  { ...trip, extra: { deep: [' a '] } },
];

test('a set the browser can check: every call answers as the server does, and a failing one sends nothing', async () => {
  for (const input of trips) {
    const before = received();
    const local = await outcome(withRules().forms.trip(input as never));
    const sent = received() - before;
    const remote = await outcome(serverOnly().forms.trip(input as never));
    assert.equal(local, remote, JSON.stringify(input));
    assert.is(sent, 'answer' in (remote as object) ? 1 : 0, `requests for ${JSON.stringify(input)}`);
  }
});

test('the 422 found in the browser is a ValidationFailed with the server message, errors and body, in field order', async () => {
  const before = received();
  const error = (await outcome(withRules().forms.trip({ ...trip, name: '', seats: 0, kind: 'x' } as never))) as Record<string, unknown>;
  assert.is(received(), before);
  assert.is(error['status'], 422);
  assert.is(error['message'], 'Tell us who travels. (and 2 more errors)');
  assert.equal(Object.keys(error['errors'] as object), ['name', 'seats', 'kind']);
  assert.equal(error['body'], { message: error['message'], errors: error['errors'] });
});

test('validate() on a set the browser can check: the server prediction, with and without only, and no request', async () => {
  const before = received();
  const onlies = [undefined, ['name'], ['stops.*.city'], ['ends', 'pass'], ['nothing']] as const;
  const answers: unknown[] = [];
  for (const input of trips)
    for (const only of onlies) answers.push(await withRules().forms.trip.validate(input as never, { only: only as never }));
  assert.is(received(), before, 'no request');
  let i = 0;
  for (const input of trips) {
    for (const only of onlies) {
      const remote = await serverOnly().forms.trip.validate(input as never, { only: only as never });
      assert.equal(answers[i++], remote, `${JSON.stringify(input)} only ${JSON.stringify(only)}`);
    }
  }
});

test('a set with server rules: a failing browser field fails the call at once, with the errors the browser can see', async () => {
  const before = received();
  const error = (await outcome(withRules().forms.signup({ name: '', age: 12, code: 'taken', nickname: 'admin' }))) as Record<
    string,
    unknown
  >;
  assert.is(received(), before, 'no request');
  assert.equal(error['errors'], { name: ['The name field is required.'], age: ['The age field must be at least 18.'] });
});

test('a set with server rules: when the browser fields pass, the call goes to the server, which checks the rest', async () => {
  const input = { name: 'Ada', age: 30, code: 'taken', nickname: 'admin' };
  const before = received();
  assert.equal(await outcome(withRules().forms.signup(input)), await outcome(serverOnly().forms.signup(input)));
  assert.is(received() - before, 2, 'one call each');
  assert.equal(await outcome(withRules().forms.signup({ ...input, code: 'free', nickname: 'ada' })), {
    answer: { saved: { name: 'Ada', age: 30, code: 'free', nickname: 'ada' } },
  });
});

test('validate() with server rules: the browser checks its fields, Precognition asks only for the others; the answer is the server one', async () => {
  const inputs = [
    { name: '', age: 12, code: 'taken', nickname: 'admin' },
    { name: 'Ada', age: 30, code: 'taken', nickname: '' },
    { name: 'Ada', age: 30, code: 'free', nickname: 'ada' },
    { name: 'x'.repeat(30), code: '' },
  ];
  for (const input of inputs) {
    const [local, remote] = [await withRules().forms.signup.validate(input), await serverOnly().forms.signup.validate(input)];
    assert.equal(local, remote, JSON.stringify(input));
    assert.equal(Object.keys(local), Object.keys(remote), 'in the server order');
    assert.equal(asked.splice(0), ['code,nickname']);
    assert.equal(
      await withRules().forms.signup.validate(input, { only: ['name', 'age'] }),
      await serverOnly().forms.signup.validate(input, { only: ['name', 'age'] }),
    );
    assert.equal(asked.splice(0), [], 'browser fields only: no request');
    assert.equal(
      await withRules().forms.signup.validate(input, { only: ['name', 'code'] }),
      await serverOnly().forms.signup.validate(input, { only: ['name', 'code'] }),
    );
    assert.equal(asked.splice(0), ['code']);
  }
});

test('rules that read the request, and after() hooks: every check goes to the server', async () => {
  for (const [input, validate] of [
    [{ currency: 'EUR', amount: 500 }, (i: never) => withRules().forms.perRequest.validate(i)],
    [{ a: 'same', b: 'same' }, (i: never) => withRules().forms.hooked.validate(i)],
  ] as const) {
    const before = received();
    const errors = await validate(input as never);
    assert.is(received() - before, 1);
    assert.ok(Object.keys(errors).length > 0, JSON.stringify(errors));
    assert.equal(asked.splice(0), ['-']);
  }
  assert.equal(await withRules().forms.perRequest.validate({ currency: 'EUR', amount: 500 } as never), {
    amount: ['The amount field must not be greater than 100.'],
  });
  assert.equal(await withRules().forms.hooked.validate({ a: 'same', b: 'same' } as never), { b: ['Pick two different values.'] });
});

test('a GET call sends its input as a query (text, not JSON): the browser does not check it', async () => {
  const before = received();
  await withRules()
    .forms.trip({} as never, { method: 'GET' as never })
    .catch(() => undefined);
  assert.is(received() - before, 1);
});

test('input past the core limits (more wildcard items than it expands): the browser leaves it to the server', async () => {
  const input = { ...trip, stops: Array.from({ length: 10_001 }, (_, i) => ({ city: `c${i}` })) };
  const before = received();
  const local = await withRules()
    .forms.trip(input as never)
    .catch((error: unknown) => error);
  const remote = await serverOnly()
    .forms.trip(input as never)
    .catch((error: unknown) => error);
  assert.is(received() - before, 2, 'both sent');
  assert.is((local as { status?: number }).status, 400);
  assert.equal((local as { body?: unknown }).body, (remote as { body?: unknown }).body);
});

test('compileRules takes the type TypeScript infers for an imported rules.json (its numbers and strings widened)', () => {
  const trip = document.routes['/api/forms']!['trip']!;
  const widened = { switchyardRules: 1 as number, routes: { '/api/forms': { trip: { ...trip, serverOnly: 'hooks' as string } } } };
  const rules = compileRules(widened, compileValidator);
  assert.is(rules.action('/api/forms', 'trip') !== undefined, true);
});

test('compileRules refuses what is not a rules document, or a missing compiler', () => {
  assert.throws(() => compileRules({} as never, compileValidator), /switchyard rules/);
  assert.throws(() => compileRules(document, undefined as never), /compileValidator/);
});

test.run();
