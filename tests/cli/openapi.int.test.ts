/**
 * `switchyard openapi`, run as a child process from the build: stdout holds
 * the document alone, whatever the application prints while it loads (that
 * goes to stderr), so `switchyard openapi > openapi.json` writes a valid
 * file; `--output FILE` writes the file itself.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixture, runCli } from './run-cli.js';

const openapi = suite('switchyard openapi');

/** What the chatty fixture's document must hold: its info and its one action. */
function assertChattyDocument(text: string): void {
  const document = JSON.parse(text) as { openapi: string; info: unknown; paths: Record<string, unknown> };
  assert.match(document.openapi, /^3\.1/);
  assert.equal(document.info, { title: 'Chatty', version: '2.0.0' });
  assert.ok(
    Object.keys(document.paths).some((path) => path.startsWith('/api/ping')),
    Object.keys(document.paths).join(', '),
  );
}

openapi('an application that prints while it loads: stdout is the document alone, what it printed is on stderr', () => {
  const result = runCli(['openapi', '--app', fixture('chatty-app')], process.cwd());
  assert.is(result.status, 0, result.stderr);
  assertChattyDocument(result.stdout);
  assert.ok(result.stdout.startsWith('{\n'), result.stdout.slice(0, 100));
  assert.match(result.stderr, /connecting…/);
  assert.match(result.stderr, /building the application/);
});

openapi('--output FILE writes the document to the file, and says so on stdout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-openapi-'));
  try {
    const result = runCli(['openapi', '--app', fixture('chatty-app'), '--output', join(dir, 'openapi.json')], process.cwd());
    assert.is(result.status, 0, result.stderr);
    const text = readFileSync(join(dir, 'openapi.json'), 'utf8');
    assertChattyDocument(text);
    assert.ok(text.endsWith('}\n'));
    assert.is(result.stdout, `Wrote ${join(dir, 'openapi.json')}.\n`);
    const short = runCli(['openapi', '--app', fixture('chatty-app'), '-o', 'short.json'], dir);
    assert.is(short.status, 0, short.stderr);
    assertChattyDocument(readFileSync(join(dir, 'short.json'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

openapi('--output into a folder that does not exist: one line on stderr, exit code 1, no document anywhere', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-openapi-'));
  try {
    const target = join(dir, 'missing', 'openapi.json');
    const result = runCli(['openapi', '--app', fixture('chatty-app'), '--output', target], process.cwd());
    assert.is(result.status, 1);
    assert.is(result.stdout, '');
    assert.match(result.stderr, new RegExp(`switchyard: Writing ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} failed: ENOENT`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

openapi.run();
