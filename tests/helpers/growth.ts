/**
 * Linear time without a wall-clock limit: a test times the work on an input
 * of size n and of size 10n and asserts how the cost grows. Linear work takes
 * about 10 times as long on 10 times the input, quadratic work about 100
 * times, catastrophic backtracking far more; a loaded or slow machine changes
 * both timings alike and not their ratio.
 *
 * Timings are the process's CPU time (`process.cpuUsage`), not the clock: a
 * process that waits for a core, on a machine running other work, does not
 * count that wait. Each size is timed several times and the fastest taken, so
 * a pause (a GC, a cache thrashed by another process) does not count either.
 */

export interface GrowthOptions {
  /** How many times larger the large input is (default 10). */
  readonly factor?: number;
  /**
   * The ratio at or above which the test fails (default 3 × factor: 30 for 10×, where quadratic work gives
   * about 100). Below `factor` it asserts bounded work: the cost must not grow with the input at all.
   */
  readonly limit?: number;
  /** Timings of each size (default 5). */
  readonly repeats?: number;
}

export interface Growth {
  /** CPU ms of one run on the small input, and on the large one (fastest of the runs). */
  readonly small: number;
  readonly large: number;
  /** large / small; 0 when one run on the large input was too quick to be anything but linear. */
  readonly ratio: number;
  readonly limit: number;
  /** A line for an assertion message. */
  readonly text: string;
}

/** The work on an input of the given size; whatever builds the input runs before, outside the timing. */
export type Prepare = (size: number) => () => unknown;

const SAMPLE_MS = 1;

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** How many runs in a row make one timing last at least `SAMPLE_MS`, so the timer's resolution does not count. */
async function loopsFor(run: () => unknown): Promise<number> {
  let loops = 1;
  while (loops < 1_000_000 && (await timed(run, loops)) * loops < SAMPLE_MS) loops *= 4;
  return loops;
}

async function timed(run: () => unknown, loops: number): Promise<number> {
  const start = cpuMs();
  for (let i = 0; i < loops; i++) {
    const result = run();
    if (result instanceof Promise) await result;
  }
  return (cpuMs() - start) / loops;
}

/**
 * Below this many CPU nanoseconds per unit of input, one run on the large
 * input cannot be quadratic: 50 ns per character of a 100 KB value is 5 ms,
 * where a quadratic pass over it would be 10^10 steps (sound from 10,000
 * units up). Such work passes without the ratio (it is only ever a reason to
 * pass, never to fail), unless the limit asks for bounded work.
 */
const QUICK_NS_PER_UNIT = 50;

/**
 * Times `prepare(n)` and `prepare(n × factor)`, each run repeated in a row
 * until one timing lasts a millisecond or more. The large input stops being timed as soon as one run shows
 * a linear ratio, or when warm runs still show ten times the limit.
 */
export async function growth(prepare: Prepare, n: number, options: GrowthOptions = {}): Promise<Growth> {
  const factor = options.factor ?? 10;
  const limit = options.limit ?? 3 * factor;
  const repeats = options.repeats ?? 5;
  const large = prepare(n * factor);
  const first = await timed(large, 1);
  const text = (small: number, large: number, ratio: number) =>
    `${factor}× the input took ${ratio === 0 ? 'one quick run' : `${ratio.toFixed(1)}× the time`} (${small.toPrecision(3)} → ${large.toPrecision(3)} ms CPU; linear ≈ ${factor}, quadratic ≈ ${factor * factor}, limit ${limit})`;
  const quick = limit >= factor && n * factor >= 10_000 && first * 1e6 < QUICK_NS_PER_UNIT * n * factor;
  if (quick) return { small: 0, large: first, ratio: 0, limit, text: text(0, first, 0) };

  const small = prepare(n);
  await timed(small, 1); // warm up: compile the code paths the small input takes
  const loops = await loopsFor(small);
  let smallBest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeats; i++) smallBest = Math.min(smallBest, await timed(small, loops));
  smallBest = Math.max(smallBest, 1e-6);

  // The first run on the large input was cold; after two warm timings, ten times the limit is no accident.
  const largeLoops = await loopsFor(large);
  let largeBest = largeLoops === 1 ? first : Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeats; i++) {
    const ratio = largeBest / smallBest;
    if (ratio < limit || (i >= 2 && ratio >= 10 * limit)) break;
    largeBest = Math.min(largeBest, await timed(large, largeLoops));
  }
  const ratio = largeBest / smallBest;
  return { small: smallBest, large: largeBest, ratio, limit, text: text(smallBest, largeBest, ratio) };
}

/**
 * The CPU ms of one run of `run`: the fastest of `repeats` timings, each long
 * enough for the timer. For comparing two pieces of work on the
 * same input (one must cost a fraction of the other), not for a fixed bound.
 */
export async function cpuCost(run: () => unknown, repeats = 5): Promise<number> {
  await timed(run, 1);
  const loops = await loopsFor(run);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeats; i++) best = Math.min(best, await timed(run, loops));
  return best;
}

/** True when the work grew linearly (or less) from n to n × factor. */
export const isLinear = (measured: Growth): boolean => measured.ratio < measured.limit;

/** Measurements made before a growth over the limit counts. */
const ATTEMPTS = 3;

/**
 * `growth`, measured again when it is over the limit: the first measurement
 * within the limit, else the last. Work that is not linear is over the limit
 * every time (quadratic work by three times or more); a busy machine that
 * slowed one measurement's large runs more than its small ones does not
 * slow all three alike.
 */
export async function confirmedGrowth(prepare: Prepare, n: number, options?: GrowthOptions): Promise<Growth> {
  let measured = await growth(prepare, n, options);
  for (let attempt = 1; attempt < ATTEMPTS && !isLinear(measured); attempt++) measured = await growth(prepare, n, options);
  return measured;
}

/** Fails, naming `what`, unless the work grows linearly from n to n × factor. */
export async function assertLinear(what: string, prepare: Prepare, n: number, options?: GrowthOptions): Promise<Growth> {
  const measured = await confirmedGrowth(prepare, n, options);
  if (!isLinear(measured)) throw new Error(`${what} is not linear: ${measured.text}`);
  return measured;
}
