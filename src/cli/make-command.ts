import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CliError } from './cli-error.js';

/** What `make:*` can write. */
export type MakeKind = 'action' | 'request' | 'controller';

interface Blueprint {
  /** Appended to the class name when it does not end with it already. */
  readonly suffix: string;
  /** Where the file goes unless `--dir` says otherwise, relative to the current directory. */
  readonly dir: string;
  readonly source: (className: string, pkg: string) => string;
}

const BLUEPRINTS: Record<MakeKind, Blueprint> = {
  action: { suffix: 'Action', dir: 'src/actions', source: actionSource },
  request: { suffix: 'Request', dir: 'src/requests', source: requestSource },
  controller: { suffix: 'Controller', dir: 'src/controllers', source: controllerSource },
};

/** Letters, digits, `-` and `_`, starting with a letter: `Echo`, `EchoAction`, `send-invoice`. */
const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * Writes a new action, form request or controller file, named and shaped as
 * in the docs (`EchoAction` in `echo-action.ts`). Never overwrites a file.
 * Returns the path written, relative to `cwd`.
 */
export function make(kind: MakeKind, name: string | undefined, dir: string | undefined, cwd: string): { file: string; className: string } {
  const blueprint = BLUEPRINTS[kind];
  if (name === undefined || name === '') throw new CliError(`Give the ${kind}'s name: switchyard make:${kind} <Name>.`, 2);
  if (!NAME.test(name)) {
    throw new CliError(
      `Invalid ${kind} name "${name}": use letters and digits, starting with a letter (e.g. Echo or Echo${blueprint.suffix}).`,
      2,
    );
  }
  const pascal = toPascalCase(name);
  const className = pascal.endsWith(blueprint.suffix) ? pascal : pascal + blueprint.suffix;
  const folder = resolve(cwd, dir ?? blueprint.dir);
  const path = join(folder, `${toKebabCase(className)}.ts`);
  const shown = relative(cwd, path) || path;
  mkdirSync(folder, { recursive: true });
  try {
    // 'wx': fails if the file exists, even if it appeared after any check of ours.
    writeFileSync(path, blueprint.source(className, packageName()), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(`${shown} already exists; it was not overwritten.`);
    throw new CliError(`Could not write ${shown}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { file: shown, className };
}

/** `send-invoice` → `SendInvoice`, `echo` → `Echo`, `EchoAction` unchanged. */
function toPascalCase(name: string): string {
  return name
    .split(/[-_]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** `EchoAction` → `echo-action`, `HTTPStatusAction` → `http-status-action`. */
function toKebabCase(className: string): string {
  return className
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** The name generated files import from: this package's own name (read once, from its package.json). */
function packageName(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name?: unknown };
    if (typeof manifest.name === 'string') return manifest.name;
  } catch {
    // Fall through: a readable default.
  }
  return 'switchyard-http';
}

/** The public action name the docs would give a class: `SendInvoiceAction` → `send-invoice`. */
function actionName(className: string): string {
  return toKebabCase(className.replace(/Action$/, '')) || 'action';
}

function actionSource(className: string, pkg: string): string {
  const name = actionName(className);
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
  return `import { Action } from '${pkg}';

/**
 * The \`${name}\` action. Register it in a controller:
 * \`actions = { ${key}: ${className} }\`.
 */
export class ${className} extends Action {
  /** The methods it accepts (GET implies HEAD). */
  override methods = ['GET'];

  /** True to answer Precognition (validation-only) requests. */
  override precognition = false;

  // To validate input, make a form request (switchyard make:request Name) and declare it:
  //   @handles() handle(request: NameRequest) { return request.validated(); }
  handle() {
    return {};
  }
}
`;
}

function requestSource(className: string, pkg: string): string {
  return `import { FormRequest, type RuleMap } from '${pkg}';

/** The input of an action: authorized, then validated, before the handler runs. */
export class ${className} extends FormRequest {
  /** Whether the caller may make this request (false: 403). */
  override authorize(): boolean {
    return true;
  }

  /** The validation rules (a failure: 422), e.g. \`{ message: 'required|string|max:255' }\`. */
  override rules(): RuleMap {
    return {};
  }
}
`;
}

function controllerSource(className: string, pkg: string): string {
  return `import { ActionController, type ActionClass } from '${pkg}';

/**
 * Maps public action names to action classes. Serve it with
 * \`router.svc('/path', ${className}, ['GET', 'POST'])\`.
 */
export class ${className} extends ActionController {
  actions: Record<string, ActionClass> = {
    // status: StatusAction,
  };
}
`;
}
