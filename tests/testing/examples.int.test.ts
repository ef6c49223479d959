/**
 * The testing examples of docs/testing.md run and pass: the uvu file as a
 * plain script, the node:test file under `node --test`. Each runs in its own
 * process, as a user would run it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const examples = fileURLToPath(new URL('../../examples/testing/', import.meta.url));

function runNode(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, args, {
    cwd: examples,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const test = suite('docs/testing.md examples');

test('the uvu example passes all its tests', () => {
  const { status, output } = runNode(['uvu-example.js']);
  assert.is(status, 0, output);
  assert.match(output, /Total:\s+4/);
  assert.match(output, /Passed:\s+4/);
});

test('the node:test example passes all its tests', () => {
  const { status, output } = runNode(['--test', 'node-test-example.js']);
  assert.is(status, 0, output);
  assert.match(output, /# pass 5/);
  assert.match(output, /# fail 0/);
});

test.run();
