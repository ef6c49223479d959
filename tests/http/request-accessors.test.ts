/**
 * Every accessor a handler or a form request has (`REQUEST_ACCESSORS`), called
 * with the arguments a Laravel app may pass (null, undefined, arrays, numbers,
 * objects, booleans, dot and wildcard keys): none throws, on the request or on
 * a form request. Then the typed accessors on every kind of input value.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, FormRequest, json, type HttpRequest } from '../../src/index.js';
import { bindRequest } from '../../src/form-request.js';
import { HttpError } from '../../src/errors/http-error.js';
import { REQUEST_ACCESSORS, type RequestAccessors } from '../../src/http/request/accessor-names.js';

class AnyForm extends FormRequest {}

const ARGUMENTS: unknown[][] = [
  [],
  [null],
  [undefined],
  [['a', 'b']],
  [[]],
  [[null, 1, {}]],
  [0],
  [1],
  [-1],
  [1.5],
  [Number.NaN],
  [Number.POSITIVE_INFINITY],
  [true],
  [false],
  [{}],
  [{ a: 1 }],
  [''],
  ['a'],
  ['x.y'],
  ['x.*.z'],
  ['*'],
  ['.'],
  ['__proto__'],
  ['constructor'],
  ['a', null],
  ['a', 'b', 'c'],
  [null, null, null],
  ['a', () => 'called', () => 'otherwise'],
  ['a', 5],
  [Symbol('s')],
];

type Call = (subject: RequestAccessors) => string[];

/** Calls every accessor with every argument list; the names of those that threw. */
const callEverything: Call = (subject) => {
  const failures: string[] = [];
  for (const name of REQUEST_ACCESSORS) {
    for (const args of ARGUMENTS) {
      try {
        const result = (subject[name] as (...a: unknown[]) => unknown)(...args);
        // whenHas and friends may return the callbacks' results; nothing is awaited.
        void result;
      } catch (error) {
        // A client error about the input (date() of text that is no date: 400) is an answer, not a fault.
        if (error instanceof HttpError && error.status < 500) continue;
        failures.push(
          `${name}(${args.map((a) => String(typeof a === 'symbol' ? 'symbol' : JSON.stringify(a))).join(', ')}): ${(error as Error).message}`,
        );
      }
    }
  }
  return failures;
};

function makeApp(call: Call): Application {
  return new Application().withRouting({
    web(router) {
      router.addRoute(['GET', 'POST'], '/probe', async (request: HttpRequest) => {
        await request.loadBody();
        const form = new AnyForm();
        bindRequest(form, request);
        return json({ request: call(request), form: call(form) });
      });
    },
  });
}

const test = suite('request accessors take any argument');

test('no accessor throws on any argument, on the request or a form request', async () => {
  const app = makeApp(callEverything);
  for (const options of [
    { method: 'GET' as const, url: '/probe?q=1&list[]=a&x[y]=2' },
    { method: 'POST' as const, url: '/probe?q=1', payload: { a: [1, { z: null }], x: { y: 'text' }, n: null, e: '' } },
    {
      method: 'GET' as const,
      url: '/probe',
      headers: { accept: 'text/html;q=x, */*;q=0.1, ,;,', cookie: 'a=%E0%A4%A; ; =x', authorization: 'Bearer', 'x-pjax': '0' },
    },
  ]) {
    const reply = await app.inject(options);
    assert.is(reply.statusCode, 200, reply.body);
    assert.equal(reply.json(), { request: [], form: [] });
  }
});

test('typed accessors read every kind of value without throwing', async () => {
  const values = {
    s: 'text',
    e: '',
    z: '0',
    n: null,
    t: true,
    f: false,
    i: 12,
    d: 1.5,
    l: [1, 'a', null],
    o: { k: 'v' },
    big: '99999999999999999999',
  };
  const keys = Object.keys(values);
  const typed: Call = (r) => {
    const failures: string[] = [];
    for (const key of keys) {
      for (const read of [
        'boolean',
        'integer',
        'float',
        'string',
        'str',
        'array',
        'collect',
        'filled',
        'isNotFilled',
        'has',
        'only',
        'except',
        'json',
        'input',
      ] as const) {
        try {
          (r[read] as (k: string) => unknown)(key);
        } catch (error) {
          failures.push(`${read}(${key}): ${(error as Error).message}`);
        }
      }
    }
    return failures;
  };
  const reply = await makeApp(typed).inject({ method: 'POST', url: '/probe', payload: values });
  assert.equal(reply.json(), { request: [], form: [] });
  const integers = makeApp((r) => [String(r.integer('big')), String(r.float('d')), r.string('l'), String(r.boolean('t'))]);
  assert.equal((await integers.inject({ method: 'POST', url: '/probe', payload: values })).json().request, [
    '9223372036854776000',
    '1.5',
    '',
    'true',
  ]);
});

test.run();
