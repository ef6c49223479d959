/**
 * `switchyard routes`, run as a child process from the build: the aligned
 * table and `--json` for this repository's example (named by package.json),
 * every kind of route and middleware of a richer fixture, and a clear
 * one-line error with exit code 1 whenever the application cannot be found
 * or is not an Application.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixture, ROOT, runCli } from './run-cli.js';

const EXAMPLE_TABLE = `METHOD         PATH         NAME    ACTION  HANDLER           FORM REQUEST    PRECOGNITION  MIDDLEWARE
GET|HEAD|POST  /api/system  system          SystemController
GET|HEAD                            status  StatusAction
POST                                echo    EchoAction        MessageRequest  yes

Showing 1 route with 2 actions.
`;

const routes = suite('switchyard routes');

routes('with no flags in this repository: the example app named by package.json, as an aligned table', () => {
  const result = runCli(['routes'], ROOT);
  assert.is(result.stderr, '');
  assert.is(result.status, 0);
  assert.is(result.stdout, EXAMPLE_TABLE);
});

routes('--json: one item per route, each svc action with methods, form request and middleware', () => {
  const result = runCli(['routes', '--json'], ROOT);
  assert.is(result.status, 0, result.stderr);
  assert.equal(JSON.parse(result.stdout), [
    {
      methods: ['GET', 'HEAD', 'POST'],
      path: '/api/system',
      name: 'system',
      handler: 'SystemController',
      middleware: [],
      actions: [
        {
          name: 'status',
          class: 'StatusAction',
          methods: ['GET', 'HEAD'],
          formRequest: null,
          precognition: false,
          middleware: [],
          bodyLimit: null,
          timeout: null,
        },
        {
          name: 'echo',
          class: 'EchoAction',
          methods: ['POST'],
          formRequest: 'MessageRequest',
          precognition: true,
          middleware: [],
          bodyLimit: null,
          timeout: null,
        },
      ],
    },
  ]);
});

routes('--app: an async factory; default and fallback actions, plain routes, every kind of middleware', () => {
  const result = runCli(['routes', '--json', '--app', fixture('rich-app')], ROOT);
  assert.is(result.status, 0, result.stderr);
  const [notes, health, signed] = JSON.parse(result.stdout);
  const middleware = ['api', 'throttle:60,1', 'Audit', 'tenant', 'Closure'];
  assert.equal(notes.middleware, middleware);
  assert.equal(
    notes.actions.map((a: { name: string; class: string; methods: string[]; formRequest: string | null; middleware: string[] }) => [
      a.name,
      a.class,
      a.methods.join('|'),
      a.formRequest,
      a.middleware,
    ]),
    [
      ['/', 'NotesHome', 'GET|HEAD', null, middleware],
      ['list', 'ListNotes', 'GET|HEAD', null, middleware],
      ['notes.create', 'CreateNote', 'POST', 'NoteRequest', middleware],
      ['*', 'NotFoundNote', 'GET|HEAD|POST', null, middleware],
    ],
  );
  assert.equal(health, { methods: ['GET', 'HEAD'], path: '/api/health', name: null, handler: 'health', middleware: [], actions: null });
  assert.equal(signed.middleware, ['signed:relative']);
  assert.is(signed.name, null);

  const text = runCli(['routes', '--app', fixture('rich-app')], ROOT);
  assert.is(text.status, 0, text.stderr);
  assert.match(text.stdout, /^GET\|HEAD\s+\/ \(default\)\s+NotesHome\s+api, throttle:60,1, Audit, tenant, Closure$/m);
  assert.match(text.stdout, /^GET\|HEAD\|POST\s+\* \(fallback\)\s+NotFoundNote/m);
  assert.match(text.stdout, /^POST\s+notes\.create\s+CreateNote\s+NoteRequest\s+yes\s+api/m);
  assert.match(text.stdout, /^GET\|HEAD\s+\/api\/health\s+health$/m);
  assert.match(text.stdout, /\n\nShowing 3 routes with 8 actions\.\n$/);
  for (const line of text.stdout.split('\n')) assert.is(line, line.trimEnd(), 'no trailing spaces');
});

routes('an Application instance as the default export; no routes is said plainly', () => {
  const result = runCli(['routes', '--app', fixture('plain-app')], ROOT);
  assert.is(result.status, 0, result.stderr);
  assert.is(result.stdout, 'The application has no routes.\n');
  const json = runCli(['routes', '--json', '--app', fixture('plain-app')], ROOT);
  assert.is(json.stdout, '[]\n');
});

routes('an app module that keeps the event loop busy: the command still ends', () => {
  const result = runCli(['routes', '--app', fixture('keeps-running')], ROOT);
  assert.is(result.status, 0, result.stderr);
});

routes.run();

// ---------------------------------------------------------------------------
const errors = suite('switchyard routes: cannot find or load the application');
let dir = '';

errors.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-cli-'));
});
errors.after.each(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Exit code 1, nothing on stdout, one `switchyard: ...` message on stderr matching `message`. */
function assertFails(result: ReturnType<typeof runCli>, message: RegExp): void {
  assert.is(result.status, 1, `exit code (stderr: ${result.stderr})`);
  assert.is(result.stdout, '');
  assert.match(result.stderr, /^switchyard: /);
  assert.match(result.stderr, message);
  assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
}

errors('package.json without a "switchyard" field', () => {
  writeFileSync(join(dir, 'package.json'), '{ "name": "my-api" }');
  assertFails(runCli(['routes'], dir), /has no "switchyard": \{ "app": "\.\.\." \} field.*--app/);
});

errors('package.json names a module that does not exist (not built yet)', () => {
  writeFileSync(join(dir, 'package.json'), '{ "switchyard": { "app": "dist/app.js" } }');
  assertFails(runCli(['routes'], dir), /dist\/app\.js \(from package\.json\) does not exist\. Build it first/);
});

errors('the field is read relative to package.json, from a sub-directory too', () => {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ switchyard: { app: relative(dir, fixture('plain-app')) } }));
  const sub = join(dir, 'src', 'deep');
  mkdirSync(sub, { recursive: true });
  const result = runCli(['routes'], sub);
  assert.is(result.status, 0, result.stderr);
  assert.is(result.stdout, 'The application has no routes.\n');
});

errors('--app naming a TypeScript source: the compiled module is asked for', () => {
  writeFileSync(join(dir, 'app.ts'), 'export default 1;');
  assertFails(runCli(['routes', '--app', 'app.ts'], dir), /app\.ts \(from --app\) is TypeScript source: name the compiled \.js module\./);
});

errors('--app naming a missing file', () => {
  assertFails(runCli(['routes', '--app', 'nope.js'], dir), /nope\.js \(from --app\) does not exist/);
});

errors('a default export that is not an Application', () => {
  assertFails(runCli(['routes', '--app', fixture('not-an-app')], dir), /is not a switchyard Application.*an object \(Object\)/);
});

errors('no default export', () => {
  assertFails(runCli(['routes', '--app', fixture('no-default')], dir), /has no default export/);
});

errors('a module that throws while loading, or a factory that throws', () => {
  assertFails(runCli(['routes', '--app', fixture('throws-on-load')], dir), /Loading .*throws-on-load\.js failed: DATABASE_URL is not set/);
  assertFails(runCli(['routes', '--app', fixture('factory-throws')], dir), /threw while building the application: APP_KEY is missing/);
});

errors.run();
