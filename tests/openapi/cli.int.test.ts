/**
 * `switchyard openapi`, run as a child process from the build: the document
 * of the app package.json names (what `> openapi.json` writes), `--app`, and
 * one-line errors when the app cannot be loaded or booted.
 */
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSystemApp } from '../../examples/system/app.js';
import { ROOT, runCli } from '../cli/run-cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.js`, import.meta.url));

const cli = suite('switchyard openapi');

cli('prints the example app document as indented JSON, alone on stdout', () => {
  const result = runCli(['openapi'], ROOT);
  assert.is(result.stderr, '');
  assert.is(result.status, 0);
  assert.is(result.stdout, JSON.stringify(createSystemApp().openapi(), null, 2) + '\n');
});

cli('--app: a factory module; its openapi_info is the info', () => {
  const result = runCli(['openapi', '--app', fixture('rich-app-module')], ROOT);
  assert.is(result.status, 0, result.stderr);
  const document = JSON.parse(result.stdout);
  assert.equal(document.info, { title: 'Rich', version: '0.1.0' });
  assert.ok('/api/account?action=profile.update' in document.paths);
});

cli('an app that cannot boot, or cannot be found: one line on stderr, exit code 1, nothing on stdout', () => {
  const broken = runCli(['openapi', '--app', fixture('unknown-middleware-app')], ROOT);
  assert.is(broken.status, 1);
  assert.is(broken.stdout, '');
  assert.is(
    broken.stderr,
    'switchyard: Building the OpenAPI document failed: Unknown middleware "nope": register it with aliasMiddleware().\n',
  );
  const missing = runCli(['openapi', '--app', 'nowhere.js'], ROOT);
  assert.is(missing.status, 1);
  assert.match(missing.stderr, /^switchyard: The application module .*nowhere\.js \(from --app\) does not exist/);
  const usage = runCli(['openapi', '--json'], ROOT);
  assert.is(usage.status, 2);
  assert.match(usage.stderr, /Unknown option '--json'/);
});

cli.run();
