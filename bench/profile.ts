import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { load } from './load.js';
import type { Operation } from './operations.js';
import { byArea, selfTimes, type SelfTime } from './profile-summary.js';
import { ServerProcess } from './server-process.js';
import { fixed } from './stats.js';
import { table } from './table.js';

export interface ProfileResult {
  contestant: string;
  op: string;
  file: string;
  areas: Record<string, number>;
  top: SelfTime[];
}

/**
 * Runs contestant `file` under `node --cpu-prof` while loading one
 * operation, then summarises the profile's self time per function.
 */
export async function profile(
  file: string,
  op: Operation,
  options: { seconds: number; connections: number; core: number | undefined },
): Promise<ProfileResult> {
  // Profiles are large: they go to the temp directory; only the summary is kept in bench/results.
  const dir = `${tmpdir()}/switchyard-bench-profiles/${file}-${op.name}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = await ServerProcess.start(file, { core: options.core, nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir] });
  try {
    await load(server.port, op, { duration: options.seconds, connections: options.connections });
  } finally {
    await server.stop();
  }
  const written = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (written.length === 0) throw new Error(`${file}: no profile was written to ${dir}`);
  const list = selfTimes(`${dir}/${written[0]}`);
  return { contestant: file, op: op.name, file: `${dir}/${written[0]}`, areas: byArea(list), top: list.slice(0, 40) };
}

export function profileTable(result: ProfileResult, count = 20): string {
  const areas = Object.entries(result.areas)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${fixed(v * 100, 1)}%`)
    .join(', ');
  const rows = result.top.slice(0, count).map((e) => [e.fn, e.where, fixed(e.selfMs, 0), `${fixed(e.share * 100, 1)}%`]);
  return `${result.contestant} ${result.op} — share of busy time: ${areas}\n` + table(['function', 'where', 'self ms', 'share'], rows);
}
