import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pairedCost, type PairedSample } from './compare.js';
import { load } from './load.js';
import { ECHO, OPERATIONS, STATUS } from './operations.js';
import { canPin, rerunOnCore0, ServerProcess } from './server-process.js';
import { fixed } from './stats.js';

/**
 * `node dist/bench/side-by-side.js <a> <b>`: the cost of `b` against `a`
 * (two contestant files, e.g. `switchyard switchyard-logging`) measured with
 * both servers alive on the same core and loaded at the same time. The
 * kernel's scheduler shares that core between them, so the ratio of their
 * req/s is the inverse ratio of their CPU per request, and whatever slows
 * the machine slows both alike. `npm run bench` measures contestants one
 * after another, and the host's drift between two of them often exceeds a
 * few percent; here two copies of one contestant agree within 7% in every
 * pair and 1% in the median (2026-11-23). Each pair is a fresh pair of servers
 * (V8 compiles each process its own way), started in alternating order.
 *
 * Two servers on one core evict each other's caches, and the load
 * generator works for both at once: read it as a precise comparison of two
 * builds, next to the benchmark's own figure, not instead of it.
 */
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pairs: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    core: { type: 'string', default: '1' },
  },
});
const [first, second] = positionals;
if (first === undefined || second === undefined) {
  console.error('usage: node dist/bench/side-by-side.js <contestant a> <contestant b> [--pairs 8] [--seconds 2]');
  process.exit(2);
}
// The load generator on core 0, as in `npm run bench` (run.ts): re-run under taskset.
if (canPin()) rerunOnCore0(fileURLToPath(import.meta.url));
const pairs = Number(args.pairs);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const core = Number(args.core);

const samples: PairedSample[] = [];
for (let pair = 0; pair < pairs; pair++) {
  const starting = pair % 2 === 0 ? [first, second] : [second, first];
  const started = await Promise.all(starting.map((file) => ServerProcess.start(file, { core })));
  const [a, b] = (pair % 2 === 0 ? started : started.reverse()) as [ServerProcess, ServerProcess];
  try {
    for (const op of [STATUS, ECHO, STATUS, ECHO]) await Promise.all([a, b].map((s) => load(s.port, op, { connections, duration: 1 })));
    for (const op of OPERATIONS) {
      const before = await Promise.all([a.usage(), b.usage()]);
      const [onA, onB] = await Promise.all([
        load(a.port, op, { connections, duration: seconds }),
        load(b.port, op, { connections, duration: seconds }),
      ]);
      const after = await Promise.all([a.usage(), b.usage()]);
      // Named by side, not by file: a control runs one file on both.
      [onA, onB].forEach((result, i) => {
        const cpuMicrosPerRequest = (after[i]!.cpuMicros - before[i]!.cpuMicros) / result.requests;
        samples.push({ round: pair, contestant: i === 0 ? 'a' : 'b', op: op.name, rps: result.rps, cpuMicrosPerRequest });
      });
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
  process.stderr.write(`pair ${pair + 1}/${pairs}\n`);
}
for (const cost of pairedCost(samples, 'b', 'a')) {
  const [low, high] = cost.rpsRatioRange;
  console.log(
    `${cost.op}: ${second} at ${fixed(cost.rpsRatio, 3)} × ${first}'s req/s (${fixed(low, 3)}–${fixed(high, 3)}, ${cost.rounds} pairs), ${fixed(cost.cpuMicrosMore, 2)} µs more CPU per request`,
  );
}
