/**
 * The commands of `switchyard`: `routes` lists the application's routes and
 * actions; `openapi` prints its OpenAPI document; `make:action`,
 * `make:request` and `make:controller` write new files; `rules` prints the
 * actions' rule sets as data for the typed client. Plain Node
 * (`node:util` parseArgs).
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './cli-error.js';
import { loadApp, locateApp } from './load-app.js';
import { routesAsJson, routesAsText } from './routes-command.js';
import { describeRoutes } from './describe-routes.js';
import { make, type MakeKind } from './make-command.js';
import { openapiJson, writeDocument } from './openapi-command.js';
import { rulesJson } from './rules-command.js';

const USAGE = `Usage: switchyard <command> [options]

Commands:
  routes [--json] [--app <path>]      List routes, and each svc route's actions
  make:action <Name> [--dir <dir>]    Write an action class (default dir: src/actions)
  make:request <Name> [--dir <dir>]   Write a form request class (default dir: src/requests)
  make:controller <Name> [--dir <dir>]
                                      Write an action controller (default dir: src/controllers)
  openapi [--app <path>] [--output <file>]
                                      Print the OpenAPI 3.1 document (JSON) of the routes and actions,
                                      or write it to <file> (-o)
  rules [--app <path>] [--output <file>]
                                      Print every action's validation rules as data (JSON) for the typed
                                      client to check input in the browser, or write them to <file> (-o)

The application module is named by package.json ("switchyard": { "app": "dist/app.js" })
or by --app. Its default export is an Application, or a function that returns one.
What the application prints while it loads goes to stderr: stdout holds the command's output alone.
`;

const MAKE_KINDS = new Map<string, MakeKind>([
  ['make:action', 'action'],
  ['make:request', 'request'],
  ['make:controller', 'controller'],
]);

/** Runs one command; resolves with its exit code (0), or rejects with a `CliError` (exit code 1 or 2). */
export async function run(argv: string[], cwd: string, out: (text: string) => void): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new CliError(`Give a command.\n\n${USAGE.trimEnd()}`, 2);
  if (command === '--help' || command === '-h' || command === 'help' || rest.includes('--help') || rest.includes('-h')) {
    out(USAGE);
    return 0;
  }
  if (command === 'routes') {
    const { values } = parse({ args: rest, options: { json: { type: 'boolean' }, app: { type: 'string' } } });
    const app = await loadApp(locateApp(cwd, values.app));
    const routes = describeRoutes(app.router);
    out(values.json === true ? routesAsJson(routes) : routesAsText(routes));
    return 0;
  }
  const kind = MAKE_KINDS.get(command);
  if (kind !== undefined) {
    const { values, positionals } = parse({ args: rest, options: { dir: { type: 'string' } }, allowPositionals: true });
    if (positionals.length > 1) throw new CliError(`make:${kind} takes one name; got ${positionals.length}.`, 2);
    const { file, className } = make(kind, positionals[0], values.dir, cwd);
    out(`Created ${file} (${className}).\n`);
    return 0;
  }
  if (command === 'openapi' || command === 'rules') {
    const { values } = parse({ args: rest, options: { app: { type: 'string' }, output: { type: 'string', short: 'o' } } });
    const app = await loadApp(locateApp(cwd, values.app));
    const document = command === 'openapi' ? openapiJson(app) : rulesJson(app);
    if (values.output === undefined) {
      out(document);
      return 0;
    }
    out(`Wrote ${writeDocument(resolve(cwd, values.output), document)}.\n`);
    return 0;
  }
  throw new CliError(`Unknown command "${command}".\n\n${USAGE.trimEnd()}`, 2);
}

/** parseArgs, strict: an unknown option or a missing value is a usage error (exit code 2). */
function parse<T extends ParseArgsConfig>(config: T) {
  try {
    return parseArgs<T>({ ...config, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE.trimEnd()}`, 2);
  }
}
