/**
 * The runner's worker pool counts every way a test file can fail, including
 * the ones uvu itself reports as a success (exit 0): tests counted but never
 * run because a `before` hook threw, a suite never run. The unit tier refuses
 * a socket. Runs the fixtures in tests/runner/fixtures in real workers.
 */
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestFile, Tier } from './find-tests.js';
import { tierOf } from './find-tests.js';
import { runPool } from './pool.js';

const fixture = (name: string): TestFile => ({ file: fileURLToPath(new URL(`./fixtures/${name}.js`, import.meta.url)), name });

async function run(names: string[], tier: Tier = 'integration') {
  let output = '';
  const counts = await runPool(names.map(fixture), { tier, workers: 2, fileTimeoutMs: 30_000, write: (text) => (output += text) });
  return { ...counts, output: output.replace(/\x1b\[[0-9;]*m/g, '') };
}

const pool = suite('test runner: the worker pool');

pool('passing files: their tests counted, no failure', async () => {
  const result = await run(['passes', 'passes']);
  assert.equal([result.passed, result.failed, result.failedFiles], [4, 0, []]);
});

pool('a failing test fails its file, the other tests still count', async () => {
  const result = await run(['passes', 'fails']);
  assert.equal([result.passed, result.failed, result.failedFiles], [3, 1, ['fails']]);
  assert.match(result.output, /FAIL .*"fails"/);
});

pool('tests counted but never run (a before hook threw) are failures, said so', async () => {
  const result = await run(['before-hook-throws']);
  assert.equal([result.passed, result.failed, result.failedFiles], [0, 3, ['before-hook-throws']]);
  assert.match(result.output, /3 test\(s\) counted but never run/);
});

pool('a file that throws on load, one that runs no test and one that ends its worker each fail; the next file still runs', async () => {
  const result = await run(['throws-on-load', 'no-test', 'exits', 'passes']);
  assert.equal([result.passed, result.failed], [2, 3]);
  assert.equal(result.failedFiles.sort(), ['exits', 'no-test', 'throws-on-load']);
  assert.match(result.output, /throws-on-load: could not be loaded/);
  assert.match(result.output, /the file throws on load/);
  assert.match(result.output, /no-test: ran no test/);
  assert.match(result.output, /exits: its worker exited/);
});

pool('tests a file registered before it failed to load never run with the next file of its worker', async () => {
  let output = '';
  const counts = await runPool(['throws-on-load', 'passes'].map(fixture), {
    tier: 'integration',
    workers: 1,
    fileTimeoutMs: 30_000,
    write: (text) => (output += text),
  });
  assert.equal([counts.passed, counts.failedFiles], [2, ['throws-on-load']], output);
});

pool('the unit tier refuses a socket and says to rename the file; the integration tier allows it', async () => {
  const unit = await run(['listens'], 'unit');
  assert.equal([unit.passed, unit.failed], [0, 1]);
  assert.match(unit.output, /a unit test listens on a socket: name its file \*\.int\.test\.ts/);
  const integration = await run(['listens'], 'integration');
  assert.equal([integration.passed, integration.failed], [1, 0]);
});

pool('tiers by name: *.int.test.js is integration, any other test file unit', () => {
  assert.is(tierOf('e2e/system.int.test.js'), 'integration');
  assert.is(tierOf('validation/url.test.js'), 'unit');
  assert.is(tierOf('validation/int.test.js'), 'unit');
});

pool.run();
