import type { PairedSample } from './compare.js';
import { load } from './load.js';
import { ECHO, OPERATIONS, STATUS } from './operations.js';
import { ServerProcess } from './server-process.js';

export interface SideBySideOptions {
  pairs: number;
  /** Measured seconds per operation and pair. */
  seconds: number;
  connections: number;
  /** The one core both servers share (undefined: not pinned). */
  core: number | undefined;
  /** Told after each pair (progress). */
  onPair?: (pair: number) => void;
}

/** The command-line options of the tools that measure side by side (`parseArgs` form), with their defaults. */
export const SIDE_BY_SIDE_ARGS = {
  pairs: { type: 'string', default: '8' },
  seconds: { type: 'string', default: '2' },
  connections: { type: 'string', default: '50' },
  core: { type: 'string', default: '1' },
} as const;

/** `SideBySideOptions` from the parsed `SIDE_BY_SIDE_ARGS`. */
export function sideBySideOptions(args: { pairs: string; seconds: string; connections: string; core: string }): SideBySideOptions {
  return { pairs: Number(args.pairs), seconds: Number(args.seconds), connections: Number(args.connections), core: Number(args.core) };
}

/**
 * Two contestant files measured side by side: both servers alive on the same
 * core and loaded at the same time, so the kernel's scheduler shares the core
 * between them and the ratio of their req/s is the inverse ratio of their CPU
 * per request, while whatever slows the machine slows both alike. Each pair
 * is a fresh pair of servers (V8 compiles each process its own way), started
 * in alternating order and warmed up together. Samples are named by side,
 * `a` for `first` and `b` for `second`, not by file, so that a control (one
 * file on both sides) pairs too; read them with `pairedCost(samples, 'b', 'a')`.
 */
export async function sideBySide(first: string, second: string, options: SideBySideOptions): Promise<PairedSample[]> {
  const { connections, core } = options;
  const samples: PairedSample[] = [];
  for (let pair = 0; pair < options.pairs; pair++) {
    const starting = pair % 2 === 0 ? [first, second] : [second, first];
    const started = await Promise.all(starting.map((file) => ServerProcess.start(file, { core })));
    const [a, b] = (pair % 2 === 0 ? started : started.reverse()) as [ServerProcess, ServerProcess];
    try {
      for (const op of [STATUS, ECHO, STATUS, ECHO]) await Promise.all([a, b].map((s) => load(s.port, op, { connections, duration: 1 })));
      for (const op of OPERATIONS) {
        const before = await Promise.all([a.usage(), b.usage()]);
        const [onA, onB] = await Promise.all([
          load(a.port, op, { connections, duration: options.seconds }),
          load(b.port, op, { connections, duration: options.seconds }),
        ]);
        const after = await Promise.all([a.usage(), b.usage()]);
        [onA, onB].forEach((result, i) => {
          const cpuMicrosPerRequest = (after[i]!.cpuMicros - before[i]!.cpuMicros) / result.requests;
          samples.push({ round: pair, contestant: i === 0 ? 'a' : 'b', op: op.name, rps: result.rps, cpuMicrosPerRequest });
        });
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    options.onPair?.(pair);
  }
  return samples;
}
