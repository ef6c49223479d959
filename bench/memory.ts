import { checkAnswers } from './check-answers.js';
import { load } from './load.js';
import { ECHO, STATUS } from './operations.js';
import { ServerProcess, type Usage } from './server-process.js';
import { fixed } from './stats.js';
import { table } from './table.js';

/** RSS of one server after the first and after all requests. */
export interface MemoryResult {
  contestant: string;
  checkpoints: {
    requests: number;
    rssMiB: number;
    rssAfterGcMiB: number | undefined;
    heapUsedMiB: number;
    heapAfterGcMiB: number | undefined;
  }[];
  /** rss(last) / rss(first) − 1. */
  growth: number;
}

const MiB = 1024 * 1024;

/**
 * Memory: sends half status, half echo requests in steps up to the
 * checkpoints (20,000 then 200,000 requests in total) and records the
 * server's RSS at each. The server runs with `--expose-gc`; RSS is read
 * before and after a full GC.
 */
export async function memory(
  file: string,
  label: string,
  options: { checkpoints: readonly number[]; connections: number; core: number | undefined },
): Promise<MemoryResult> {
  const server = await ServerProcess.start(file, { core: options.core, nodeArgs: ['--expose-gc'] });
  try {
    const failures = await checkAnswers(server.port);
    if (failures.length > 0) throw new Error(`${label}: wrong answers:\n  - ${failures.join('\n  - ')}`);
    const checkpoints: MemoryResult['checkpoints'] = [];
    let sent = 0;
    for (const target of options.checkpoints) {
      const half = Math.round((target - sent) / 2);
      for (const op of [STATUS, ECHO]) {
        const r = await load(server.port, op, { amount: half, connections: options.connections });
        sent += r.requests;
        if (r.errors > 0 || r.non2xx > 0) console.warn(`  ${label} ${op.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      }
      const u: Usage = await server.usage();
      checkpoints.push({
        requests: sent,
        rssMiB: u.rss / MiB,
        rssAfterGcMiB: u.rssAfterGc === undefined ? undefined : u.rssAfterGc / MiB,
        heapUsedMiB: u.heapUsed / MiB,
        heapAfterGcMiB: u.heapAfterGc === undefined ? undefined : u.heapAfterGc / MiB,
      });
      console.log(`  ${label}: ${sent} requests, RSS ${fixed(u.rss / MiB, 1)} MiB`);
    }
    const first = checkpoints[0]!.rssMiB;
    const last = checkpoints[checkpoints.length - 1]!.rssMiB;
    return { contestant: label, checkpoints, growth: last / first - 1 };
  } finally {
    await server.stop();
  }
}

export function memoryTable(results: readonly MemoryResult[]): string {
  const rows = results.flatMap((r) =>
    r.checkpoints.map((c, i) => [
      r.contestant,
      String(c.requests),
      fixed(c.rssMiB, 1),
      c.rssAfterGcMiB === undefined ? 'n/a' : fixed(c.rssAfterGcMiB, 1),
      fixed(c.heapUsedMiB, 1),
      c.heapAfterGcMiB === undefined ? 'n/a' : fixed(c.heapAfterGcMiB, 1),
      i === r.checkpoints.length - 1 ? `${r.growth >= 0 ? '+' : ''}${fixed(r.growth * 100, 1)}%` : '',
    ]),
  );
  return table(['server', 'requests', 'RSS MiB', 'RSS after GC', 'heap used', 'heap after GC', 'RSS growth'], rows);
}
