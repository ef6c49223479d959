/**
 * One test worker: a child process of the runner that runs the test files it
 * is sent, one at a time, with uvu, and after each writes the `FILE_DONE`
 * marker line on stdout (ordered after everything the file printed). Started
 * as `node worker.js unit` (sockets, DNS and child processes refused: see
 * unit-guard.ts) or `node worker.js integration`.
 */
import { pathToFileURL } from 'node:url';
import { FILE_DONE, type FileDone, type RunFile } from './protocol.js';
import { installUnitGuard, takeViolations } from './unit-guard.js';

declare global {
  var UVU_DEFER: number | undefined;
  var UVU_INDEX: number | undefined;
  var UVU_QUEUE: unknown[][];
}

if (process.argv[2] === 'unit') installUnitGuard();

// Queue suites for exec() instead of letting each file start itself (what uvu's CLI does).
globalThis.UVU_DEFER = 1;
const uvu = await import('uvu');

async function runFile({ file, name }: RunFile): Promise<FileDone> {
  globalThis.UVU_QUEUE.length = 0;
  globalThis.UVU_INDEX = 0;
  globalThis.UVU_QUEUE.push([name]);
  process.exitCode = 0;
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    console.log(`${name}\n  FAIL  the file could not be loaded\n    ${error instanceof Error ? error.stack : String(error)}\n`);
    return { loaded: false, code: 1, violations: takeViolations() };
  }
  await uvu.exec(false);
  const code = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { loaded: true, code, violations: takeViolations() };
}

let running = Promise.resolve();
process.on('message', (message: RunFile | 'exit') => {
  running = running.then(async () => {
    if (message === 'exit') process.exit(0);
    const done = await runFile(message);
    process.stdout.write(`\n${FILE_DONE}${JSON.stringify(done)}\n`);
  });
});
// The runner went away (interrupted): stop too.
process.on('disconnect', () => process.exit(1));
