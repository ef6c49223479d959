/**
 * Request logging must not change how V8 stores a field of the objects made
 * per request. A number field that first holds a small integer and later a
 * fraction (`performance.now()`) changes representation, and V8 then
 * deprecates every hidden class of that object's shape: `Request#startedAt`
 * did, deprecating 17 maps, so objects of the old shapes had to be migrated
 * (`JSObject::MigrateToMap`) and code built for them was thrown away.
 *
 * The example app with logging on answers 800 requests under
 * `--trace-generalization`, which prints each deprecation as
 * `... (+N maps) [function at file:line]`; none may come from Switchyard's code.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const FIXTURE = fileURLToPath(new URL('./fixtures/serve-logged-requests.js', import.meta.url));
const SOURCES = fileURLToPath(new URL('../../src/', import.meta.url));

test('serving logged requests deprecates no hidden class of Switchyard objects', () => {
  // Without the baseline compiler: node 20 aborts while printing a trace line for a function it compiled
  // that way (which one depends on how many modules load first), before any of Switchyard's requests.
  const run = spawnSync(process.execPath, ['--no-sparkplug', '--trace-generalization', FIXTURE], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.is(run.status, 0, run.stderr);
  const lines = run.stdout.split('\n');
  // The fixture ran (one request line each) and the flag printed its trace.
  assert.is(lines.filter((line) => line.includes('"msg":"request"')).length, 800);
  const traced = lines.filter((line) => line.startsWith('[generalizing]'));
  assert.ok(traced.length > 0, 'node printed no --trace-generalization lines: the check cannot see anything');
  const deprecations = traced.filter((line) => / \(\+\d+ maps\) /.test(line) && line.includes(SOURCES));
  assert.equal(deprecations, []);
});

test.run();
