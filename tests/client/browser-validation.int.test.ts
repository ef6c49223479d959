/**
 * The server's rules in headless Chromium (Debian's `chromium`, driven by
 * puppeteer-core): the validation core and the typed client, bundled by
 * esbuild for the browser, answer a fixed sample of the validation oracle's
 * cases that need no server exactly as the server validator does in Node and
 * as Laravel 11 did (passes or fails, the errors field by field in order, the
 * 422 summary, the validated data). Through the client, a failing case
 * throws the server's ValidationFailed without a request and a passing one
 * is sent. The cases and Laravel's answers: tests/fixtures/README.md.
 * Then against the rules application on another origin: the browser asks
 * the server (Precognition) only for the fields that need it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// The server: the core with its input/output registered, as an application has it.
import '../../src/validation/server/register.js';
import { compileValidator } from '../../src/validation/compiler.js';
import type { ActionRuleSet, RuleSetsDocument } from '../../src/typing/rule-sets.js';
import { launchChromium, type Chromium } from '../helpers/browser.js';
import { bundleForBrowser } from '../helpers/browser-bundle.js';
import { rulesJson } from '../../src/cli/rules-command.js';
import { ValidationFailed, createClient } from '../../src/client/index.js';
import { createRulesApp, type FormsApi } from './rules-app.js';

const test = suite('the server rules in Chromium');

/** One case: a rule set, the input, and what Laravel answered. */
interface Case {
  readonly id: string;
  readonly rules: Record<string, string | string[]>;
  readonly data: Record<string, unknown>;
  readonly messages?: Record<string, string>;
  readonly attributes?: Record<string, string>;
  readonly stopOnFirstFailure?: boolean;
  readonly laravel: Answer;
}

/** An answer in the oracle's shape: errors as [field, messages] pairs in order. */
interface Answer {
  readonly passes: boolean;
  readonly errors: [string, string[]][];
  readonly message: string | null;
  readonly validated: unknown;
}

const CASES: Case[] = readFileSync(
  fileURLToPath(new URL('../../../tests/fixtures/browser-validation-cases.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as Case);

const CORE = fileURLToPath(new URL('../../src/validation/public-api.js', import.meta.url));
const CLIENT = fileURLToPath(new URL('../../src/client/index.js', import.meta.url));

/** The 422 summary: the first message, then `(and N more errors)`. */
function summary(errors: [string, string[]][]): string {
  const all = errors.flatMap(([, messages]) => messages);
  if (typeof all[0] !== 'string') return 'The given data was invalid.';
  const more = all.length - 1;
  return more === 0 ? all[0] : `${all[0]} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

/** PHP arrays: `[]` and `{}` are one thing, and key order does not matter. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return canonical(Object.fromEntries(value.map((item, i) => [String(i), item])));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

function comparable(answer: Answer): unknown {
  return { ...answer, validated: answer.passes ? canonical(answer.validated) : null };
}

/** The case's rule set as `switchyard rules` writes it (raw input, as the oracle compares). */
function ruleSet(c: Case): ActionRuleSet {
  const rules: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(c.rules)) rules[field] = typeof list === 'string' ? list.split('|') : list;
  return {
    formRequest: c.id,
    rules,
    server: {},
    messages: c.messages ?? {},
    attributes: c.attributes ?? {},
    stopOnFirstFailure: c.stopOnFirstFailure === true,
    input: { trim: false, trimExcept: [], emptyToNull: false },
  };
}

/** The server validator's answer, in Node. */
async function serverAnswer(c: Case): Promise<Answer> {
  const validator = compileValidator(c.rules, {
    owner: c.id,
    messages: c.messages,
    attributes: c.attributes,
    stopOnFirstFailure: c.stopOnFirstFailure,
  });
  const outcome = await validator.validate(structuredClone(c.data));
  if (outcome.ok) return { passes: true, errors: [], message: null, validated: JSON.parse(JSON.stringify(outcome.validated)) };
  const errors = Object.entries(outcome.errors);
  return { passes: false, errors, message: summary(errors), validated: null };
}

let page: Server;
let chromium: Chromium | undefined;
let pageBase = '';
let script = '';

test.before(async () => {
  const source = `export { compileValidator } from ${JSON.stringify(CORE)}; export { createClient, compileRules, ValidationFailed } from ${JSON.stringify(CLIENT)};`;
  script = (await bundleForBrowser(source, { minify: false })).code;
  page = createServer((request, response) => {
    if (request.url === '/validation.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>validation</title>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageBase = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  chromium = await launchChromium();
});

test.after(async () => {
  await chromium?.close();
  await new Promise((resolve) => page?.close(resolve));
});

test('the bundle of the core and the client needs nothing from Node', () => {
  assert.not.match(script, /\bfrom\s*["']node:|\brequire\(["']node:/);
});

test(`${CASES.length} oracle cases: the browser answers as the server validator and as Laravel, directly and through the client`, async () => {
  assert.ok(CASES.length >= 300, `${CASES.length} cases`);
  const document: RuleSetsDocument = {
    switchyardRules: 1,
    routes: Object.fromEntries(CASES.map((c, i) => [`/api/case${i}`, { '/': ruleSet(c) }])),
  };
  const tab = await chromium!.browser.newPage();
  let browser: { core: Answer; client: { sent: number; message?: string; errors?: Record<string, string[]>; validate: unknown } }[];
  try {
    await tab.goto(`${pageBase}/`);
    // Runs in the page: the function is sent as its source text.
    browser = (await tab.evaluate(
      async (cases: Case[], document: RuleSetsDocument) => {
        const bundle = '/validation.js';
        const { compileValidator, createClient, compileRules, ValidationFailed } = await import(bundle);
        let sent = 0;
        const fetch = async () => {
          sent++;
          return { status: 200, headers: { get: () => null }, text: async () => '{"sent":true}' };
        };
        const api = createClient({ baseUrl: 'http://127.0.0.1:9/api', fetch, rules: compileRules(document, compileValidator) });
        const out: unknown[] = [];
        for (let i = 0; i < cases.length; i++) {
          const c = cases[i]!;
          const validator = compileValidator(c.rules, {
            owner: c.id,
            messages: c.messages,
            attributes: c.attributes,
            stopOnFirstFailure: c.stopOnFirstFailure,
          });
          const outcome = await validator.validate(structuredClone(c.data));
          const errors = (outcome.ok ? [] : Object.entries(outcome.errors)) as [string, string[]][];
          const all = errors.flatMap(([, messages]) => messages);
          const more = all.length - 1;
          const core = outcome.ok
            ? { passes: true, errors, message: null, validated: JSON.parse(JSON.stringify(outcome.validated)) }
            : {
                passes: false,
                errors,
                message:
                  typeof all[0] !== 'string'
                    ? 'The given data was invalid.'
                    : more === 0
                      ? all[0]
                      : `${all[0]} (and ${more} more ${more === 1 ? 'error' : 'errors'})`,
                validated: null,
              };
          const action = api[`case${i}`]['/'];
          const before = sent;
          const client: Record<string, unknown> = {};
          try {
            await action(c.data);
          } catch (error) {
            if (!(error instanceof ValidationFailed)) throw error;
            client['message'] = (error as { message: string }).message;
            client['errors'] = (error as { errors: unknown }).errors;
          }
          client['validate'] = await action.validate(c.data);
          client['sent'] = sent - before;
          out.push({ core, client });
        }
        return out;
      },
      CASES as never,
      document as never,
    )) as typeof browser;
  } finally {
    await tab.close();
  }
  assert.is(browser.length, CASES.length);
  for (let i = 0; i < CASES.length; i++) {
    const c = CASES[i]!;
    const where = `${c.id} ${JSON.stringify(c.rules)} ${JSON.stringify(c.data)}`;
    const server = await serverAnswer(c);
    const { core, client } = browser[i]!;
    assert.equal(comparable(core), comparable(server), `browser core vs server: ${where}`);
    assert.equal(comparable(core), comparable(c.laravel), `browser core vs Laravel: ${where}`);
    // Through the client: a failing case is the server 422 without a request; a passing one is sent, once.
    assert.is(client.sent, server.passes ? 1 : 0, `requests: ${where}`);
    const errors = Object.fromEntries(server.errors);
    assert.equal(client.validate, errors, `validate(): ${where}`);
    if (!server.passes) {
      assert.is(client.message, server.message, `message: ${where}`);
      assert.equal(Object.entries(client.errors!), server.errors, `errors: ${where}`);
    }
  }
});

/** Inputs of the rules application's actions: a set the browser checks, one with server rules, one read per request. */
const FORMS: [action: 'trip' | 'signup' | 'perRequest', input: Record<string, unknown>, only?: string[], browserFields?: string[]][] = [
  ['trip', { name: 'Ada', starts: '2030-05-01', ends: '2030-05-03', kind: 'coach' }],
  ['trip', { name: '  ', starts: '2030-05-04', ends: '2030-05-03', kind: 'train', pass: 'x', stops: [{ city: 'A' }, { city: 'A' }] }],
  ['trip', { name: 'x'.repeat(21) }, ['name', 'stops.*.city']],
  // The call fails in the browser: it reports the fields checked there (name, age), not those only the server checks.
  ['signup', { name: '', age: 12, code: 'taken', nickname: 'admin' }, undefined, ['name', 'age']],
  ['signup', { name: 'Ada', age: 30, code: 'taken', nickname: 'admin' }],
  ['signup', { name: 'Ada', code: 'free' }, ['code']],
  ['signup', { name: '', code: 'taken' }, ['name'], ['name', 'age']],
  ['perRequest', { currency: 'EUR', amount: 500 }],
];

test('against the rules application on another origin: the browser answers as the server, asking it only for what needs it', async () => {
  const { app } = createRulesApp();
  const apiBase = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}/api`;
  try {
    const document = JSON.parse(rulesJson(app)) as RuleSetsDocument;
    const server = createClient<FormsApi>({ baseUrl: apiBase });
    const expected: unknown[] = [];
    for (const [action, input, only, browserFields] of FORMS) {
      const called = await (server.forms[action] as (input: unknown) => Promise<unknown>)(input).then(
        () => 'sent',
        (error: unknown) => (error instanceof ValidationFailed ? { message: error.message, errors: error.errors } : String(error)),
      );
      const predicted = await (server.forms[action].validate as (input: unknown, options: object) => Promise<unknown>)(input, { only });
      if (browserFields !== undefined && typeof called === 'object') {
        // A set with server rules that fails in the browser: the server's answer for the browser's fields.
        const errors = Object.fromEntries(Object.entries(called.errors).filter(([field]) => browserFields.includes(field))) as Record<
          string,
          string[]
        >;
        expected.push({ called: { message: summary(Object.entries(errors)), errors }, predicted });
      } else {
        expected.push({ called, predicted });
      }
    }
    const tab = await chromium!.browser.newPage();
    let browser: { called: unknown; predicted: unknown; asked: string[] }[];
    try {
      await tab.goto(`${pageBase}/`);
      browser = (await tab.evaluate(
        async (apiBase: string, document: RuleSetsDocument, forms: typeof FORMS) => {
          const bundle = '/validation.js';
          const { compileValidator, createClient, compileRules, ValidationFailed } = await import(bundle);
          let asked: string[] = [];
          const fetch = (url: string, init: { headers: Record<string, string> }) => {
            asked.push(init.headers['precognition'] === 'true' ? `predict ${init.headers['precognition-validate-only'] ?? '*'}` : 'call');
            return globalThis.fetch(url, init);
          };
          const api = createClient({ baseUrl: apiBase, fetch, rules: compileRules(document, compileValidator) });
          const out: unknown[] = [];
          for (const [action, input, only] of forms) {
            asked = [];
            const called = await api.forms[action](input).then(
              () => 'sent',
              (error: { message: string; errors: unknown }) =>
                error instanceof ValidationFailed ? { message: error.message, errors: error.errors } : String(error),
            );
            const predicted = await api.forms[action].validate(input, { only });
            out.push({ called, predicted, asked });
          }
          return out;
        },
        apiBase,
        document as never,
        FORMS as never,
      )) as typeof browser;
    } finally {
      await tab.close();
    }
    for (const [i, { called, predicted }] of browser.entries()) assert.equal({ called, predicted }, expected[i], JSON.stringify(FORMS[i]));
    assert.equal(
      browser.map(({ asked }) => asked),
      [
        ['call'], // a valid trip is sent; its prediction needs no request
        [],
        [],
        ['predict code,nickname'], // the call fails here; the prediction asks the server for its fields only
        ['call', 'predict code,nickname'],
        ['call', 'predict code'],
        [], // the call fails here, and only name is predicted: here too
        ['call', 'predict *'], // rules read per request: the server answers everything
      ],
    );
  } finally {
    await app.close();
  }
});

test.run();
