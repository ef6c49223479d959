import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describePairedCost, pairedCost } from './compare.js';
import { canPin, rerunOnCore0 } from './server-process.js';
import { SIDE_BY_SIDE_ARGS, sideBySide, sideBySideOptions } from './side-by-side-pairs.js';

/**
 * `node dist/bench/side-by-side.js <a> <b>`: the cost of `b` against `a`
 * (two contestant files, e.g. `switchyard switchyard-logging`), both servers
 * on one core and loaded at once (side-by-side-pairs.ts). `npm run bench`
 * measures contestants one after another, and the host's drift between two
 * of them often exceeds a few percent; here two copies of one contestant
 * agree within 7% in every pair and 1% in the median (2026-11-23).
 *
 * Two servers on one core evict each other's caches, and the load
 * generator works for both at once: read it as a precise comparison of two
 * builds, next to the benchmark's own figure, not instead of it. The core is
 * shared per thread: a contestant with a busy second thread gets more of it,
 * so check the CPU difference printed beside the ratio.
 */
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: SIDE_BY_SIDE_ARGS,
});
const [first, second] = positionals;
if (first === undefined || second === undefined) {
  console.error('usage: node dist/bench/side-by-side.js <contestant a> <contestant b> [--pairs 8] [--seconds 2]');
  process.exit(2);
}
// The load generator on core 0, as in `npm run bench` (run.ts): re-run under taskset.
if (canPin()) rerunOnCore0(fileURLToPath(import.meta.url));
const samples = await sideBySide(first, second, {
  ...sideBySideOptions(args),
  onPair: (pair) => process.stderr.write(`pair ${pair + 1}/${args.pairs}\n`),
});
for (const cost of pairedCost(samples, 'b', 'a')) console.log(`${cost.op}: ${second} at ${describePairedCost(cost, first, 'pairs')}`);
