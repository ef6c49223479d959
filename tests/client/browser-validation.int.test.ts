/**
 * The server's rules in headless Chromium (Debian's `chromium`, driven by
 * puppeteer-core): the validation core and the typed client, bundled by
 * esbuild for the browser, answer a fixed sample of the validation oracle's
 * cases that need no server exactly as the server validator does in Node and
 * as Laravel 11 did (passes or fails, the errors field by field in order, the
 * 422 summary, the validated data). Through the client, a failing case
 * throws the server's ValidationFailed without a request and a passing one
 * is sent. The cases and Laravel's answers: tests/fixtures/README.md.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
// The server: the core with its input/output registered, as an application has it.
import '../../src/validation/server/register.js';
import { compileValidator } from '../../src/validation/compiler.js';
import type { ActionRuleSet, RuleSetsDocument } from '../../src/typing/rule-sets.js';
import { launchChromium, type Chromium } from '../helpers/browser.js';

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
  const bundled = await build({
    stdin: {
      contents: `export { compileValidator } from ${JSON.stringify(CORE)}; export { createClient, compileRules, ValidationFailed } from ${JSON.stringify(CLIENT)};`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  script = bundled.outputFiles[0]!.text;
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

test.run();
