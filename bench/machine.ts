import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';

/** Where results are written: `bench/results/` of the working directory (npm runs scripts at the package root). */
export const RESULTS_DIR = resolve(process.env.BENCH_RESULTS_DIR ?? 'bench/results') + '/';

/** The machine the figures come from. */
export interface Machine {
  nproc: number;
  cpu: string;
  node: string;
  platform: string;
  pinned: boolean;
  /** sha256 (12 hex) of the compiled Switchyard sources measured, to tell runs on different code apart. */
  build: string;
}

/** A fingerprint of the compiled `src/` next to this file's `bench/`. */
function buildHash(): string {
  const root = new URL('../src/', import.meta.url);
  const hash = createHash('sha256');
  try {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .sort();
    for (const file of files) hash.update(file).update(readFileSync(new URL(file, root)));
  } catch {
    return 'unknown';
  }
  return hash.digest('hex').slice(0, 12);
}

export function machine(pinned: boolean): Machine {
  let cpu = 'unknown';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    cpu = /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim() ?? cpu;
  } catch {
    // not Linux
  }
  return { nproc: cpus().length, cpu, node: process.version, platform: `${process.platform}-${process.arch}`, pinned, build: buildHash() };
}

/** Writes `value` as pretty JSON to `bench/results/<name>` and returns the path. */
export function writeResult(name: string, value: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = RESULTS_DIR + name;
  writeFileSync(path, JSON.stringify(value, null, 2) + '\n');
  return path;
}
