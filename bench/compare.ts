import { checkAnswers } from './check-answers.js';
import { hostCpu } from './host-cpu.js';
import { load, type LoadResult } from './load.js';
import { OPERATIONS, type Operation } from './operations.js';
import { ServerProcess } from './server-process.js';
import { fixed, median, range } from './stats.js';
import { markdown, table } from './table.js';

/** A server to compare; `file` is its module under `contestants/`. */
export interface Contestant {
  label: string;
  file: string;
}

/** The baseline first: every ratio is to it. */
export const CONTESTANTS: readonly Contestant[] = [
  { label: 'node:http', file: 'bare' },
  { label: 'node:http (control)', file: 'bare' },
  { label: 'fastify', file: 'fastify' },
  { label: 'switchyard', file: 'switchyard' },
  // BENCH_LOGGING=1: also the example with request logging on (logger: true), for docs/deployment.md.
  ...(process.env.BENCH_LOGGING === '1' ? [{ label: 'switchyard + logging', file: 'switchyard-logging' }] : []),
];

export interface CompareOptions {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Core for the servers (undefined: not pinned). */
  serverCore: number | undefined;
  /** Stop starting new rounds after this many ms from the start. */
  budgetMs: number;
}

/** One measurement: client figures plus the server's CPU per request. */
export interface Sample extends LoadResult {
  round: number;
  contestant: string;
  op: string;
  cpuMicrosPerRequest: number;
  /**
   * Cores' worth of CPU busy with anything but the server and load generator
   * processes during the run (other work on the machine, and kernel network
   * time not charged to either): the noise indicator.
   */
  otherCpu: number;
}

/** Medians over rounds for one contestant and operation. */
export interface Summary {
  contestant: string;
  op: string;
  rounds: number;
  rps: number;
  rpsRange: [number, number];
  p50: number;
  p99: number;
  cpuMicrosPerRequest: number;
  loadCpu: number;
  otherCpu: number;
  /** Medians of the per-round ratios to node:http in the same round. */
  rpsRatio: number;
  rpsRatioRange: [number, number];
  p99Ratio: number;
  cpuRatio: number;
}

type Measured = LoadResult & { cpuMicrosPerRequest: number; otherCpu: number };

async function measure(server: ServerProcess, op: Operation, seconds: number, connections: number): Promise<Measured> {
  const before = await server.usage();
  const host0 = hostCpu();
  const result = await load(server.port, op, { duration: seconds, connections });
  const host1 = hostCpu();
  const after = await server.usage();
  const serverSeconds = (after.cpuMicros - before.cpuMicros) / 1e6;
  const otherCpu = host0 && host1 ? Math.max(0, (host1.busy - host0.busy - serverSeconds) / result.seconds - result.loadCpu) : NaN;
  return { ...result, cpuMicrosPerRequest: (serverSeconds * 1e6) / result.requests, otherCpu };
}

/**
 * Starts each contestant once and checks its answers; a contestant that does
 * not start or answers wrongly is dropped with the reasons. The checked
 * servers are stopped again: the rounds start their own.
 */
async function checkAll(contestants: readonly Contestant[], core: number | undefined): Promise<Contestant[]> {
  const checked: Contestant[] = [];
  for (const contestant of contestants) {
    let server: ServerProcess;
    try {
      server = await ServerProcess.start(contestant.file, { core });
    } catch (error) {
      console.error(`ABORTED ${contestant.label}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const failures = await checkAnswers(server.port);
    await server.stop();
    if (failures.length > 0) {
      console.error(`ABORTED ${contestant.label}: wrong answers, it is not loaded:\n  - ${failures.join('\n  - ')}`);
      continue;
    }
    console.log(`  ${contestant.label}: answers checked`);
    checked.push(contestant);
  }
  return checked;
}

/**
 * The comparison. Each round starts every contestant in a fresh server
 * process (rotating who goes first, so slow drifts of a noisy machine hit
 * every contestant alike), warms it up, loads each operation and stops it:
 * only one server is alive at a time. On the benchmark machine, server
 * processes started while four others were alive and loaded ran 1.5–2× slower
 * per request for their whole life, whatever their code (docs/performance.md,
 * "One server at a time"); with every contestant alive at once, the last one
 * started paid for it.
 */
export async function compare(options: CompareOptions): Promise<{ samples: Sample[]; summaries: Summary[]; aborted: string[] }> {
  const started = Date.now();
  const active = await checkAll(CONTESTANTS, options.serverCore);
  const aborted = CONTESTANTS.filter((c) => !active.includes(c)).map((c) => c.label);
  const baseline = CONTESTANTS[0]!;
  if (!active.includes(baseline)) throw new Error('The node:http baseline failed; nothing to compare against.');
  const samples: Sample[] = [];
  console.log(`  each round: a fresh server per contestant, ${options.warmupSeconds} s of warm-up per operation, then the measurement`);
  for (let round = 0; round < options.rounds; round++) {
    if (Date.now() - started > options.budgetMs) {
      console.warn(`  time budget reached: stopping after ${round} rounds`);
      break;
    }
    const order = active.map((_, i) => active[(i + round) % active.length]!);
    const line: string[] = [];
    for (const c of order) {
      const server = await ServerProcess.start(c.file, { core: options.serverCore });
      try {
        for (const op of OPERATIONS) await load(server.port, op, { duration: options.warmupSeconds, connections: options.connections });
        for (const op of OPERATIONS) {
          const m = await measure(server, op, options.seconds, options.connections);
          if (m.errors > 0 || m.non2xx > 0) console.warn(`  ${c.label} ${op.name}: ${m.errors} errors, ${m.non2xx} non-2xx`);
          samples.push({ ...m, round, contestant: c.label, op: op.name });
          line.push(`${c.label} ${op.name} ${Math.round(m.rps)}`);
        }
      } finally {
        await server.stop();
      }
    }
    console.log(`  round ${round + 1}/${options.rounds}: ${line.join(', ')} req/s`);
  }
  return {
    samples,
    summaries: summarise(
      samples,
      active.map((c) => c.label),
      baseline.label,
    ),
    aborted,
  };
}

function summarise(samples: readonly Sample[], labels: readonly string[], baseline: string): Summary[] {
  const summaries: Summary[] = [];
  for (const op of OPERATIONS) {
    const base = new Map(samples.filter((s) => s.op === op.name && s.contestant === baseline).map((s) => [s.round, s]));
    for (const label of labels) {
      const mine = samples.filter((s) => s.op === op.name && s.contestant === label);
      if (mine.length === 0) continue;
      const paired = mine.filter((s) => base.has(s.round));
      const ratio = (f: (s: Sample) => number) => paired.map((s) => f(s) / f(base.get(s.round)!));
      const rpsRatios = ratio((s) => s.rps);
      summaries.push({
        contestant: label,
        op: op.name,
        rounds: mine.length,
        rps: median(mine.map((s) => s.rps)),
        rpsRange: range(mine.map((s) => s.rps)),
        p50: median(mine.map((s) => s.p50)),
        p99: median(mine.map((s) => s.p99)),
        cpuMicrosPerRequest: median(mine.map((s) => s.cpuMicrosPerRequest)),
        loadCpu: median(mine.map((s) => s.loadCpu)),
        otherCpu: median(mine.map((s) => s.otherCpu)),
        rpsRatio: median(rpsRatios),
        rpsRatioRange: range(rpsRatios),
        p99Ratio: median(ratio((s) => s.p99)),
        cpuRatio: median(ratio((s) => s.cpuMicrosPerRequest)),
      });
    }
  }
  return summaries;
}

/** What `pairedCost` reads of a sample: a round of `npm run bench`, or a pair of `bench:side`. */
export type PairedSample = Pick<Sample, 'round' | 'contestant' | 'op' | 'rps' | 'cpuMicrosPerRequest'>;

/** What one contestant costs against another, paired by round (the same machine state), per operation. */
export interface PairedCost {
  op: string;
  rounds: number;
  /** Median of the per-round ratios of requests per second (below 1: slower). */
  rpsRatio: number;
  rpsRatioRange: [number, number];
  /** Median of the per-round differences of server CPU per request, in µs. */
  cpuMicrosMore: number;
}

/**
 * `label` against `against`, round by round: the request logging figure of
 * docs/deployment.md (switchyard + logging against switchyard). Pairing by
 * round cancels most of the drift of a noisy machine, which the ratios to
 * node:http carry twice.
 */
export function pairedCost(samples: readonly PairedSample[], label: string, against: string): PairedCost[] {
  const costs: PairedCost[] = [];
  for (const op of OPERATIONS) {
    const base = new Map(samples.filter((s) => s.op === op.name && s.contestant === against).map((s) => [s.round, s]));
    const paired = samples.filter((s) => s.op === op.name && s.contestant === label && base.has(s.round));
    if (paired.length === 0) continue;
    const ratios = paired.map((s) => s.rps / base.get(s.round)!.rps);
    costs.push({
      op: op.name,
      rounds: paired.length,
      rpsRatio: median(ratios),
      rpsRatioRange: range(ratios),
      cpuMicrosMore: median(paired.map((s) => s.cpuMicrosPerRequest - base.get(s.round)!.cpuMicrosPerRequest)),
    });
  }
  return costs;
}

/** One cost as printed: `0.951 × switchyard's req/s (0.92–0.98, 12 pairs), 1.8 µs more CPU per request`. */
export function describePairedCost(cost: PairedCost, against: string, unit: string): string {
  const [low, high] = cost.rpsRatioRange;
  return `${fixed(cost.rpsRatio, 3)} × ${against}'s req/s (${fixed(low, 2)}–${fixed(high, 2)}, ${cost.rounds} ${unit}), ${fixed(cost.cpuMicrosMore, 1)} µs more CPU per request`;
}

const HEADER = [
  'contestant',
  'op',
  'req/s',
  '× bare',
  '× bare range',
  'p50 ms',
  'p99 ms',
  'p99 × bare',
  'CPU µs/req',
  'CPU × bare',
  'loadgen CPU',
  'other CPU',
];

function rows(summaries: readonly Summary[]): string[][] {
  return summaries.map((s) => [
    s.contestant,
    s.op,
    fixed(s.rps, 0),
    fixed(s.rpsRatio, 3),
    `${fixed(s.rpsRatioRange[0], 2)}–${fixed(s.rpsRatioRange[1], 2)}`,
    fixed(s.p50, 2),
    fixed(s.p99, 2),
    fixed(s.p99Ratio, 2),
    fixed(s.cpuMicrosPerRequest, 1),
    fixed(s.cpuRatio, 2),
    `${fixed(s.loadCpu * 100, 0)}%`,
    `${fixed(s.otherCpu * 100, 0)}%`,
  ]);
}

/** The summary as a plain-text table. */
export function compareTable(summaries: readonly Summary[]): string {
  return table(HEADER, rows(summaries));
}

/** The summary as a Markdown table. */
export function compareMarkdown(summaries: readonly Summary[]): string {
  return markdown(HEADER, rows(summaries));
}
