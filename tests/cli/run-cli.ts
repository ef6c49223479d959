import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI, as npm links it for `switchyard`. */
export const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/** The repository root (where package.json names the example app). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A fixture module's path (compiled next to this file). */
export const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}.js`, import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `switchyard ...args` in `cwd` as a child process (bounded: 20 s). */
export function runCli(args: string[], cwd: string): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
