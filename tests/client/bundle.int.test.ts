import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser, reexport } from '../helpers/browser-bundle.js';

/**
 * `switchyard-http/client` as a browser bundle: esbuild bundles the built entry
 * for the browser (a Node import would not resolve), minified, and the
 * result gzipped must stay within 5 KB. Unused parts must fall away.
 */
const test = suite('switchyard-http/client bundle');

const entry = fileURLToPath(new URL('../../src/client/index.js', import.meta.url));
/** The budget: 5 KB minified and gzipped. */
const BUDGET = 5 * 1024;

async function bundle(contents: string): Promise<string> {
  return (await bundleForBrowser(contents)).code;
}

test('the whole client, minified and gzipped, is within 5 KB, and needs nothing from Node', async () => {
  const code = await bundle(reexport(entry));
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`  switchyard-http/client: ${code.length} bytes minified, ${gzipped} bytes gzipped`);
  assert.ok(gzipped <= BUDGET, `${gzipped} bytes gzipped, over the ${BUDGET} budget`);
  assert.not.match(code, /\bnode:|\brequire\(|\bprocess\.|\bBuffer\b/);
  assert.match(code, /precognition-validate-only/);
});

test('tree-shaking: an import for nothing bundles nothing; one error class does not bring the client', async () => {
  assert.is((await bundle(`import ${JSON.stringify(entry)};`)).trim(), '');
  const one = await bundle(`export { NotFound } from ${JSON.stringify(entry)};`);
  assert.match(one, /NotFound/);
  assert.not.match(one, /precognition/);
  assert.ok(one.length < 1000, `${one.length} bytes`);
});

test('createClient alone leaves out the browser rules and the trim table: they come with compileRules', async () => {
  const alone = await bundle(`export { createClient } from ${JSON.stringify(entry)};`);
  assert.not.match(alone, /switchyard rules/);
  assert.not.match(alone, /12288/, 'the table of Str::trim (U+3000)');
  const withRules = await bundle(`export { createClient, compileRules } from ${JSON.stringify(entry)};`);
  assert.match(withRules, /switchyard rules/);
  assert.match(withRules, /12288/);
});

test.run();
