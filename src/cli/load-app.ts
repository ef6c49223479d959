import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteSource } from './describe-routes.js';
import { CliError } from './cli-error.js';

/** What the CLI needs from an application (an `Application` of this or a compatible version): its router, and `openapi()` for `switchyard openapi`. */
export interface DescribableApplication {
  readonly router: RouteSource;
  readonly openapi?: () => unknown;
}

/** Where the application module was found, and why. */
export interface AppLocation {
  readonly path: string;
  /** `--app` or the package.json that names it, for error messages. */
  readonly source: string;
}

/**
 * The application module's path: `--app` (relative to `cwd`) when given,
 * otherwise the `"switchyard": { "app": "..." }` field of the nearest
 * package.json (relative to that file).
 */
export function locateApp(cwd: string, appOption: string | undefined): AppLocation {
  if (appOption !== undefined) return { path: resolve(cwd, appOption), source: '--app' };
  const packageFile = findPackageJson(cwd);
  if (packageFile === undefined) {
    throw new CliError(`No package.json in ${cwd} or its parents: pass --app <path-to-app-module>.`);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(packageFile, 'utf8'));
  } catch (error) {
    throw new CliError(`${packageFile} could not be read: ${messageOf(error)}`);
  }
  const app = (manifest as { switchyard?: { app?: unknown } } | null)?.switchyard?.app;
  if (typeof app !== 'string' || app === '') {
    throw new CliError(
      `${packageFile} has no "switchyard": { "app": "..." } field naming the module that builds your Application: add it, or pass --app <path>.`,
    );
  }
  return { path: resolve(dirname(packageFile), app), source: relative(cwd, packageFile) || 'package.json' };
}

/**
 * Imports the application module and returns its application: the default
 * export, an Application or a function (possibly async) that returns one.
 */
export async function loadApp(location: AppLocation): Promise<DescribableApplication> {
  const { path, source } = location;
  if (/\.[cm]?ts$/.test(path)) {
    throw new CliError(`The application module ${path} (from ${source}) is TypeScript source: name the compiled .js module.`);
  }
  if (!existsSync(path)) {
    throw new CliError(
      `The application module ${path} (from ${source}) does not exist. Build it first if it is compiled (e.g. npm run build).`,
    );
  }
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    throw new CliError(`Loading ${path} failed: ${messageOf(error)}`);
  }
  let value = module.default;
  if (value === undefined) {
    throw new CliError(`${path} has no default export: export default your Application, or a function that returns one.`);
  }
  if (typeof value === 'function' && !isApplication(value)) {
    try {
      value = await (value as () => unknown)();
    } catch (error) {
      throw new CliError(`The default export of ${path} threw while building the application: ${messageOf(error)}`);
    }
  }
  if (!isApplication(value)) {
    throw new CliError(
      `The default export of ${path} is not a switchyard Application (nor a function returning one); it is ${kindOf(value)}.`,
    );
  }
  return value;
}

function isApplication(value: unknown): value is DescribableApplication {
  const router = typeof value === 'object' && value !== null ? (value as { router?: { routes?: unknown } }).router : undefined;
  return typeof router === 'object' && router !== null && typeof router.routes === 'function';
}

function findPackageJson(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object (${(value as object).constructor?.name ?? 'no prototype'})`;
  return `a ${typeof value}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
