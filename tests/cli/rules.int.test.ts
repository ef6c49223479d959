/**
 * `switchyard rules`, run as a child process from the build: every action's
 * form request as data, route path → action name, alone on stdout or in the
 * file of `--output`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixture, runCli } from './run-cli.js';
import type { RuleSetsDocument } from '../../src/typing/rule-sets.js';

const rules = suite('switchyard rules');

function assertRulesDocument(text: string): void {
  const document = JSON.parse(text) as RuleSetsDocument;
  assert.is(document.switchyardRules, 1);
  assert.equal(Object.keys(document.routes), ['/api/forms']);
  // Each action with a form request once (not once per method); ping has none.
  assert.equal(Object.keys(document.routes['/api/forms']!).sort(), ['account', 'hooked', 'perRequest', 'signup', 'trip']);
  const trip = document.routes['/api/forms']!['trip']!;
  assert.is(trip.formRequest, 'TripRequest');
  assert.equal(trip.rules['ends'], ['required', 'date_format:Y-m-d', 'after:starts']);
  assert.equal(trip.attributes, { starts: 'departure date' });
  assert.equal(document.routes['/api/forms']!['signup']!.server, { code: ['closure'], nickname: ['NotReserved'] });
  assert.is(document.routes['/api/forms']!['perRequest']!.serverOnly, 'request');
}

rules('prints the rule sets of every action as JSON, alone on stdout', () => {
  const result = runCli(['rules', '--app', fixture('rules-app')], process.cwd());
  assert.is(result.status, 0, result.stderr);
  assertRulesDocument(result.stdout);
  assert.ok(result.stdout.startsWith('{\n') && result.stdout.endsWith('}\n'));
});

rules('--output FILE writes the document to the file, and says so', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-rules-'));
  try {
    const result = runCli(['rules', '--app', fixture('rules-app'), '-o', 'rules.json'], dir);
    assert.is(result.status, 0, result.stderr);
    assert.is(result.stdout, `Wrote ${join(dir, 'rules.json')}.\n`);
    assertRulesDocument(readFileSync(join(dir, 'rules.json'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

rules('an application without form requests: an empty document', () => {
  const result = runCli(['rules', '--app', fixture('plain-app')], process.cwd());
  assert.is(result.status, 0, result.stderr);
  assert.equal(JSON.parse(result.stdout), { switchyardRules: 1, routes: {} });
});

rules('an unknown option is a usage error (exit code 2)', () => {
  const result = runCli(['rules', '--app', fixture('rules-app'), '--json'], process.cwd());
  assert.is(result.status, 2);
  assert.is(result.stdout, '');
  assert.match(result.stderr, /Unknown option '--json'/);
});

rules.run();
