import { median } from './stats.js';

/** A repeated asynchronous operation to time. */
export interface Case {
  label: string;
  run: () => Promise<unknown>;
}

/** ns per operation of each case: median over repetitions, the cases interleaved within each repetition. */
export interface Timed {
  label: string;
  nsPerOp: number;
  reps: number[];
}

async function timeOnce(run: () => Promise<unknown>, iterations: number): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await run();
  return Number(process.hrtime.bigint() - t0) / iterations;
}

/**
 * Times `cases` with `iterations` sequential awaited operations per
 * repetition, after one warm-up repetition each. The cases take turns
 * (A B A B ...) so drifts on a noisy machine affect them alike.
 */
export async function timeCases(cases: readonly Case[], iterations: number, repetitions: number): Promise<Timed[]> {
  for (const c of cases) await timeOnce(c.run, iterations);
  const reps = cases.map(() => [] as number[]);
  for (let r = 0; r < repetitions; r++) {
    for (let i = 0; i < cases.length; i++) {
      const k = (i + r) % cases.length;
      reps[k]!.push(await timeOnce(cases[k]!.run, iterations));
    }
  }
  return cases.map((c, i) => ({ label: c.label, nsPerOp: median(reps[i]!), reps: reps[i]! }));
}

/** Median of the per-repetition differences `a − b` (ns), the paired overhead of a over b. */
export function pairedDifference(a: Timed, b: Timed): number {
  return median(a.reps.map((value, i) => value - b.reps[i]!));
}

/** Median of the per-repetition ratios `a / b`, the paired ratio of a to b. */
export function pairedRatio(a: Timed, b: Timed): number {
  return median(a.reps.map((value, i) => value / b.reps[i]!));
}
