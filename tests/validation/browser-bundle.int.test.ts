/**
 * `switchyard-http/validation` as a browser bundle: esbuild packs the built
 * entry for the browser (minified, ESM) with no Node built-in and none of
 * the input/output libraries, and the bundle runs in a fresh JavaScript
 * realm that has no `require`, `process` or `Buffer` (only `URL` and
 * `TextEncoder`, which browsers have), where it answers with Laravel's own messages.
 */
import { runInContext, createContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleForBrowser, reexport, type BrowserBundle } from '../helpers/browser-bundle.js';

const test = suite('switchyard-http/validation bundle');

const entry = fileURLToPath(new URL('../../src/validation/public-api.js', import.meta.url));
/** The budget for the whole entry, minified and gzipped (measured 63.1 KB, plus about 15%). */
const BUDGET = 72 * 1024;
/** The packages that do the server's input/output: none may reach the bundle. */
const IO_PACKAGES = /node_modules\/(ajv|ajv-formats|fast-uri|file-type|image-size|bcryptjs|strtok3|@tokenizer)\//;

let built: Promise<BrowserBundle> | undefined;

/** The whole entry, bundled once for every test. */
function bundle(): Promise<BrowserBundle> {
  built ??= bundleForBrowser(reexport(entry));
  return built;
}

/** Runs `script` (an async function's body) in a new realm where the bundle's exports are `validation`; answers what it returns, through JSON. */
async function runInBrowserRealm(script: string): Promise<unknown> {
  const { code } = await bundle();
  // The same bundle, wrapped so that a plain script can run it (a realm of node:vm runs no modules).
  const wrapped = (await transform(code, { format: 'iife', globalName: 'validation', target: 'es2022' })).code;
  const realm = createContext({ URL, TextEncoder });
  runInContext(wrapped, realm);
  const answer = runInContext(`(async () => { ${script} })().then((value) => JSON.stringify(value))`, realm) as Promise<string>;
  return JSON.parse(await answer);
}

test('the bundle imports no Node built-in and holds none of the input/output packages nor the server adapters', async () => {
  const { code, inputs } = await bundle();
  assert.not.match(code, /["'`]node:/);
  assert.not.match(code, /\brequire\(|\bprocess\.|\bBuffer\b/);
  assert.equal(
    inputs.filter((input) => IO_PACKAGES.test(input)),
    [],
  );
  assert.equal(
    inputs.filter((input) =>
      /validation\/(server\/|schema-rule|services\/(defaults|node-dns|not-pwned|bcrypt))|files\/(inspect-file|pixel-size)|database\/model-tables/.test(
        input,
      ),
    ),
    [],
  );
  assert.ok(inputs.some((input) => input.endsWith('validation/compiler.js')));
});

test('minified and gzipped, it stays within its budget', async () => {
  const { code } = await bundle();
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`  switchyard-http/validation: ${code.length} bytes minified, ${gzipped} bytes gzipped`);
  assert.ok(gzipped <= BUDGET, `${gzipped} bytes gzipped, over the ${BUDGET} budget`);
});

/** What the built entry answers in this process (the server's realm), for the same script. */
async function runHere(script: string): Promise<unknown> {
  const validation: unknown = await import(entry);
  const run = new Function('validation', `return (async () => { ${script} })()`) as (validation: unknown) => Promise<unknown>;
  return JSON.parse(JSON.stringify(await run(validation)));
}

const LOCAL_RULES = `
    const { compileValidator, Rule } = validation;
    const validator = compileValidator(
      {
        name: 'required|string|max:5',
        email: 'required|email',
        age: 'nullable|integer|between:18,99',
        starts: 'required|date|after:2020-01-01',
        role: [Rule.in(['admin', 'user'])],
        'tags.*': 'distinct',
        website: 'url',
        code: 'regex:/^[A-Z]{3}$/',
      },
      { owner: 'BrowserForm', attributes: { starts: 'start date' }, messages: { 'email.required': 'We need your :attribute.' } },
    );
    return [
      validator.async,
      validator.validate({ name: 'Taylor Otwell', age: '17', starts: '2019-12-31', role: 'guest', tags: ['a', 'a'], website: 'nope', code: 'abc' }),
      validator.validate({ name: 'Tay', email: 'taylor@laravel.com', age: null, starts: '2024-02-29 10:00', role: 'admin', tags: ['a'], website: 'https://laravel.com', code: 'ABC' }),
    ];
  `;

test('in a realm without require or process, it validates with the messages Laravel gives, as on the server', async () => {
  assert.equal(await runInBrowserRealm('return [typeof require, typeof process, typeof Buffer];'), ['undefined', 'undefined', 'undefined']);
  const answer = await runInBrowserRealm(LOCAL_RULES);
  assert.equal(answer, await runHere(LOCAL_RULES));
  assert.equal(answer, [
    false,
    {
      ok: false,
      errors: {
        name: ['The name field must not be greater than 5 characters.'],
        email: ['We need your email.'],
        age: ['The age field must be between 18 and 99.'],
        starts: ['The start date field must be a date after 2020-01-01.'],
        role: ['The selected role is invalid.'],
        website: ['The website field must be a valid URL.'],
        code: ['The code field format is invalid.'],
        'tags.0': ['The tags.0 field has a duplicate value.'],
        'tags.1': ['The tags.1 field has a duplicate value.'],
      },
    },
    {
      ok: true,
      validated: {
        name: 'Tay',
        email: 'taylor@laravel.com',
        age: null,
        starts: '2024-02-29 10:00',
        role: 'admin',
        tags: ['a'],
        website: 'https://laravel.com',
        code: 'ABC',
      },
    },
  ]);
});

test('in the browser a rule that needs the server is reported, never passed unchecked', async () => {
  const answer = await runInBrowserRealm(`
    const { compileValidator, ServerRuleUnavailable } = validation;
    const rules = { email: 'required|email:rfc,dns|unique:users', avatar: 'nullable|image|max:512', name: 'required' };
    const run = compileValidator(rules, { owner: 'SignupForm' });
    // What a page has: no service bound, so each rule falls back to the server's default.
    const page = { service: (key, fallback) => fallback(), request: undefined };
    let thrown = null;
    try {
      await run.validate({ email: 'taylor@laravel.com', name: 'Taylor' }, undefined, undefined, page);
    } catch (error) {
      thrown = error instanceof ServerRuleUnavailable ? error.rule : String(error);
    }
    const skip = compileValidator(rules, { owner: 'SignupForm', serverRules: 'skip' });
    return {
      serverRules: run.serverRules,
      thrown,
      skipped: skip.validate({ email: 'not an email', name: '' }),
    };
  `);
  assert.equal(answer, {
    serverRules: [
      { field: 'email', rule: 'email:rfc,dns', needs: 'dns' },
      { field: 'email', rule: 'unique:users', needs: 'database' },
      { field: 'avatar', rule: 'image', needs: 'files' },
      { field: 'avatar', rule: 'max:512', needs: 'files' },
    ],
    thrown: 'email',
    skipped: {
      ok: false,
      errors: { email: ['The email field must be a valid email address.'], name: ['The name field is required.'] },
    },
  });
});

test.run();
