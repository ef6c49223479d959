import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The compiled tree's root (`dist/`), stripped from profile URLs: `src/...` is Switchyard. */
const OUT_ROOT = fileURLToPath(new URL('../', import.meta.url));

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One function's self time in a profile. */
export interface SelfTime {
  fn: string;
  where: string;
  selfMs: number;
  share: number;
}

/** Self time per function (summed over its call sites) from a `.cpuprofile`, largest first. */
export function selfTimes(path: string): SelfTime[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const micros = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    micros.set(id, (micros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...micros.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, SelfTime>();
  for (const [id, us] of micros) {
    const frame = byId.get(id)!.callFrame;
    const fn = frame.functionName || '(anonymous)';
    const file = frame.url
      .replace(/^file:\/\//, '')
      .replace(OUT_ROOT, '')
      .replace(process.cwd() + '/', '');
    const where = file ? `${file}:${frame.lineNumber + 1}` : '';
    const key = `${fn}@${where}`;
    const entry = byFunction.get(key) ?? { fn, where, selfMs: 0, share: 0 };
    entry.selfMs += us / 1000;
    byFunction.set(key, entry);
  }
  const list = [...byFunction.values()].sort((a, b) => b.selfMs - a.selfMs);
  for (const entry of list) entry.share = entry.selfMs / (total / 1000);
  return list;
}

/**
 * Self time grouped by source — Switchyard's src, the example/bench code,
 * node internals, node_modules, native, GC/program — as shares of the busy
 * (non-idle) time.
 */
export function byArea(list: readonly SelfTime[]): Record<string, number> {
  const areas: Record<string, number> = {};
  const idle = list.filter((e) => e.fn === '(idle)').reduce((a, e) => a + e.share, 0);
  for (const e of list) {
    if (e.fn === '(idle)') continue;
    const area = e.where.startsWith('src/')
      ? 'switchyard src'
      : e.where.startsWith('examples/') || e.where.startsWith('bench/')
        ? 'example/bench code'
        : e.where.startsWith('node:')
          ? 'node internals (JS)'
          : e.where.includes('node_modules/')
            ? 'node_modules'
            : e.fn.startsWith('(')
              ? e.fn
              : 'native/other';
    areas[area] = (areas[area] ?? 0) + e.share / (1 - idle);
  }
  return areas;
}
