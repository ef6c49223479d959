/**
 * Runs test files in a few worker processes at once: each worker takes the
 * next file when it finishes one, the runner prints each file's output whole
 * when it is done, and counts it. A file fails when a test in it failed, when
 * uvu counted tests it never ran (a failing `before` hook leaves them unrun
 * while uvu itself exits 0), when it could not be loaded, when it ran no test
 * at all, when its worker died, or when it ran longer than `fileTimeoutMs`.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestFile, Tier } from './find-tests.js';
import { FILE_DONE, type FileDone, type RunFile } from './protocol.js';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Names of the files with a failure. */
  failedFiles: string[];
  /** How long each file took, from sending it to its worker to its end. */
  seconds: Map<string, number>;
}

export interface PoolOptions {
  readonly tier: Tier;
  readonly workers: number;
  readonly fileTimeoutMs: number;
  /** Where the files' output goes (default: stdout). */
  readonly write?: (text: string) => void;
}

const workerScript = fileURLToPath(new URL('./worker.js', import.meta.url));
const ansi = /\x1b\[[0-9;]*m/g;
// uvu's closing block after each file; the runner prints one summary instead.
const uvuTotals = /\n?[^\n]*Total:[^\n]*\n[^\n]*Passed:[^\n]*\n[^\n]*Skipped:[^\n]*\n[^\n]*Duration:[^\n]*\n\n?/;

function countsOf(output: string): { total: number; passed: number; skipped: number } {
  const plain = output.replace(ansi, '');
  const count = (label: string) => Number(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(plain)?.[1] ?? 0);
  return { total: count('Total'), passed: count('Passed'), skipped: count('Skipped') };
}

export function runPool(files: readonly TestFile[], options: PoolOptions): Promise<Counts> {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, failedFiles: [], seconds: new Map() };
  const queue = [...files];
  let live = 0;
  const write = options.write ?? ((text: string) => process.stdout.write(text));

  /** Counts a finished file; true when its worker must not run another (see `retire` below). */
  const record = (test: TestFile, output: string, done: FileDone | string, started: number): boolean => {
    counts.seconds.set(test.name, (performance.now() - started) / 1000);
    const { total, passed, skipped } = countsOf(output);
    let failed = total - passed - skipped;
    const notes: string[] = [];
    if (typeof done === 'string') notes.push(done);
    else {
      notes.push(...done.violations);
      if (!done.loaded) notes.push('could not be loaded');
      else if (total === 0 && skipped === 0) notes.push('ran no test (does it call .run() on its suites?)');
      const unrun = total - passed - skipped - (output.replace(ansi, '').match(/^\s*FAIL /gm)?.length ?? 0);
      if (unrun > 0) notes.push(`${unrun} test(s) counted but never run: a before hook threw (uvu does not show its error)`);
    }
    if (notes.length > 0 || (typeof done !== 'string' && done.code !== 0)) failed = Math.max(failed, 1);
    write(output.replace(uvuTotals, '\n'));
    for (const note of notes) write(`  FAIL  ${test.name}: ${note}\n`);
    if (notes.length > 0) write('\n');
    counts.passed += passed;
    counts.skipped += skipped;
    counts.failed += failed;
    if (failed > 0) counts.failedFiles.push(test.name);
    // A file that failed to load, or registered tests without running them, leaves them in uvu's suites
    // (module state of the worker): they would run with the next file. Its worker is retired.
    return typeof done !== 'string' && (!done.loaded || total === 0);
  };

  return new Promise((resolve) => {
    const startWorker = (): void => {
      const child: ChildProcess = fork(workerScript, [options.tier], {
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
        env: process.stdout.isTTY && process.env['NO_COLOR'] === undefined ? { FORCE_COLOR: '1', ...process.env } : process.env,
      });
      live++;
      let current: TestFile | undefined;
      let output = '';
      let timer: NodeJS.Timeout | undefined;
      let started = 0;

      const next = (): void => {
        current = queue.shift();
        if (current === undefined) {
          child.send('exit');
          return;
        }
        const message: RunFile = { file: current.file, name: current.name };
        started = performance.now();
        child.send(message);
        timer = setTimeout(() => {
          if (current === undefined) return;
          record(current, output, `still running after ${options.fileTimeoutMs / 1000} s: stopped`, started);
          current = undefined;
          child.kill('SIGKILL');
        }, options.fileTimeoutMs);
      };

      // A send to a worker that just died: its 'close' below counts the file.
      child.on('error', () => undefined);
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        output += chunk;
        for (let at = output.indexOf(FILE_DONE); at !== -1; at = output.indexOf(FILE_DONE)) {
          const end = output.indexOf('\n', at);
          if (end === -1) return;
          const done = JSON.parse(output.slice(at + FILE_DONE.length, end)) as FileDone;
          clearTimeout(timer);
          const retire = current !== undefined && record(current, output.slice(0, at), done, started);
          output = output.slice(end + 1);
          if (retire) {
            current = undefined;
            child.send('exit'); // its 'close' starts a fresh worker for the files left
            return;
          }
          next();
        }
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (current !== undefined) {
          record(current, output, `its worker exited (${signal ?? `code ${code}`}) before the file finished`, started);
          current = undefined;
        }
        live--;
        if (queue.length > 0) startWorker();
        else if (live === 0) resolve(counts);
      });
      next();
    };

    const workers = Math.max(1, Math.min(options.workers, files.length));
    if (files.length === 0) resolve(counts);
    else for (let i = 0; i < workers; i++) startWorker();
  });
}
