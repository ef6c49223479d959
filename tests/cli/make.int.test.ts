/**
 * `switchyard make:action | make:request | make:controller`, run as child
 * processes in temporary directories: files named and shaped as the docs
 * say, `--dir`, never overwriting, clear usage errors; and the generated
 * files type-check and serve once wired into an application.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, runCli } from './run-cli.js';

/** The package name the generated files import from: this package's own (it follows a rename). */
const PACKAGE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;

const make = suite('switchyard make:*');
let dir = '';

make.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-make-'));
});
make.after.each(() => {
  rmSync(dir, { recursive: true, force: true });
});

const read = (path: string) => readFileSync(join(dir, path), 'utf8');

make('make:action Echo: src/actions/echo-action.ts with class EchoAction', () => {
  const result = runCli(['make:action', 'Echo'], dir);
  assert.is(result.status, 0, result.stderr);
  assert.is(result.stdout, 'Created src/actions/echo-action.ts (EchoAction).\n');
  const source = read('src/actions/echo-action.ts');
  assert.ok(source.startsWith(`import { Action } from '${PACKAGE}';\n`), source);
  assert.match(source, /^export class EchoAction extends Action \{$/m);
  assert.match(source, /actions = \{ echo: EchoAction \}/);
});

make('make:request and make:controller go to src/requests and src/controllers', () => {
  assert.is(runCli(['make:request', 'Message'], dir).stdout, 'Created src/requests/message-request.ts (MessageRequest).\n');
  assert.match(read('src/requests/message-request.ts'), /^export class MessageRequest extends FormRequest \{$/m);
  assert.is(runCli(['make:controller', 'System'], dir).stdout, 'Created src/controllers/system-controller.ts (SystemController).\n');
  assert.match(read('src/controllers/system-controller.ts'), /^export class SystemController extends ActionController \{$/m);
});

make('names: the suffix is not doubled; kebab-case names become PascalCase classes', () => {
  assert.is(runCli(['make:action', 'EchoAction'], dir).stdout, 'Created src/actions/echo-action.ts (EchoAction).\n');
  assert.is(runCli(['make:action', 'send-invoice'], dir).stdout, 'Created src/actions/send-invoice-action.ts (SendInvoiceAction).\n');
  assert.match(read('src/actions/send-invoice-action.ts'), /actions = \{ 'send-invoice': SendInvoiceAction \}/);
  assert.is(
    runCli(['make:request', 'HTTPStatusRequest'], dir).stdout,
    'Created src/requests/http-status-request.ts (HTTPStatusRequest).\n',
  );
});

make('--dir chooses the directory (created when missing)', () => {
  const result = runCli(['make:action', 'Status', '--dir', 'app/system/actions'], dir);
  assert.is(result.status, 0, result.stderr);
  assert.is(result.stdout, 'Created app/system/actions/status-action.ts (StatusAction).\n');
  assert.ok(existsSync(join(dir, 'app/system/actions/status-action.ts')));
});

make('an existing file is never overwritten: exit code 1 and a clear message', () => {
  mkdirSync(join(dir, 'src/actions'), { recursive: true });
  writeFileSync(join(dir, 'src/actions/echo-action.ts'), '// mine\n');
  const result = runCli(['make:action', 'Echo'], dir);
  assert.is(result.status, 1);
  assert.is(result.stdout, '');
  assert.is(result.stderr, 'switchyard: src/actions/echo-action.ts already exists; it was not overwritten.\n');
  assert.is(read('src/actions/echo-action.ts'), '// mine\n');
});

make('bad names and missing names are usage errors (exit code 2) that write nothing', () => {
  for (const args of [
    ['make:action'],
    ['make:action', '../evil'],
    ['make:action', 'Echo Action'],
    ['make:request', '1st'],
    ['make:controller', 'a', 'b'],
  ]) {
    const result = runCli(args, dir);
    assert.is(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, /^switchyard: /);
  }
  assert.equal(readdirSync(dir), [], 'nothing written');
});

make('unknown options and commands are usage errors; --help prints the usage', () => {
  const option = runCli(['make:action', 'Echo', '--force'], dir);
  assert.is(option.status, 2);
  assert.match(option.stderr, /Unknown option '--force'/);
  const unknown = runCli(['make:model', 'User'], dir);
  assert.is(unknown.status, 2);
  assert.match(unknown.stderr, /Unknown command "make:model"/);
  const none = runCli([], dir);
  assert.is(none.status, 2);
  assert.match(none.stderr, /Usage: switchyard <command>/);
  const help = runCli(['--help'], dir);
  assert.is(help.status, 0);
  assert.match(help.stdout, /^Usage: switchyard <command> \[options\]/);
  assert.match(help.stdout, /make:controller <Name>/);
  assert.match(help.stdout, /openapi \[--app <path>\]/);
});

make('the generated files type-check under strict, and once wired up `switchyard routes` lists them', () => {
  assert.is(runCli(['make:action', 'Echo'], dir).status, 0);
  assert.is(runCli(['make:request', 'Message'], dir).status, 0);
  assert.is(runCli(['make:controller', 'System'], dir).status, 0);
  // What a user does next: give the action its form request, list it in the controller, load the routes.
  const action = join(dir, 'src/actions/echo-action.ts');
  writeFileSync(
    action,
    readFileSync(action, 'utf8')
      .replace(
        `import { Action } from '${PACKAGE}';`,
        `import { Action, handles } from '${PACKAGE}';\nimport { MessageRequest } from '../requests/message-request.js';`,
      )
      .replace("override methods = ['GET'];", "override methods = ['POST'];")
      .replace('handle() {\n    return {};', '@handles()\n  handle(request: MessageRequest) {\n    return request.validated();'),
  );
  const controller = join(dir, 'src/controllers/system-controller.ts');
  writeFileSync(
    controller,
    readFileSync(controller, 'utf8')
      .replace('import { ActionController', "import { EchoAction } from '../actions/echo-action.js';\nimport { ActionController")
      .replace('// status: StatusAction,', 'echo: EchoAction,'),
  );
  writeFileSync(
    join(dir, 'src/app.ts'),
    `import { Application } from '${PACKAGE}';
import { SystemController } from './controllers/system-controller.js';

export default () => new Application().withRouting({ api: (router) => void router.svc('/system', SystemController, ['POST']) });
`,
  );
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', switchyard: { app: 'out/app.js' } }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noImplicitOverride: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        rootDir: 'src',
        outDir: 'out',
      },
      include: ['src'],
    }),
  );
  mkdirSync(join(dir, 'node_modules'));
  mkdirSync(dirname(join(dir, 'node_modules', PACKAGE)), { recursive: true }); // a scoped name has a folder
  symlinkSync(ROOT, join(dir, 'node_modules', PACKAGE), 'dir');
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.is(tsc.status, 0, `tsc: ${tsc.stdout}${tsc.stderr}`);
  const routes = runCli(['routes'], dir);
  assert.is(routes.status, 0, routes.stderr);
  assert.match(routes.stdout, /^POST\s+\/api\/system\s+SystemController$/m);
  assert.match(routes.stdout, /^POST\s+echo\s+EchoAction\s+MessageRequest$/m);
});

make.run();
