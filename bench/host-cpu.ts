import { readFileSync } from 'node:fs';

/** Busy and total CPU time of the whole machine, in seconds, from /proc/stat (undefined off Linux). */
export function hostCpu(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    const idle = ticks[3]! + ticks[4]!;
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return undefined;
  }
}
