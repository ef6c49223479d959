import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compare, compareMarkdown, compareTable, describePairedCost, pairedCost, type PairedCost } from './compare.js';
import { machine, writeResult } from './machine.js';
import { memory, memoryTable, type MemoryResult } from './memory.js';
import { ECHO, STATUS } from './operations.js';
import { profile, profileTable } from './profile.js';
import { canPin, rerunOnCore0 } from './server-process.js';
import { sideBySide } from './side-by-side-pairs.js';

/**
 * `npm run bench`: the HTTP comparison (node:http, its control, Fastify,
 * Switchyard). `-- --memory`: Switchyard's RSS after 20k and 200k requests.
 * `-- --profile`: CPU profiles of the Switchyard server under load.
 *
 * The runner (and so autocannon) is pinned to core 0 by re-running itself
 * under `taskset -c 0`; servers run on core 1.
 */
const { values: args } = parseArgs({
  options: {
    memory: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '15' },
    seconds: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    'no-pin': { type: 'boolean', default: false },
    'logging-pairs': { type: 'string', default: '12' },
  },
});

// Decided once, before re-running under taskset (inside it, only one core is visible).
const pinnable =
  process.env.BENCH_PINNED === '1' || (process.env.BENCH_PINNED !== '0' && !args['no-pin'] && canPin() && cpus().length >= 2);
if (pinnable) rerunOnCore0(fileURLToPath(import.meta.url));

const serverCore = pinnable ? 1 : undefined;
const connections = Number(args.connections);
const info = machine(pinnable);
const date = new Date().toISOString();
console.log(`Switchyard benchmark, ${date}`);
console.log(
  `${info.cpu}, ${info.nproc} cores, Node ${info.node}, build ${info.build}, ${pinnable ? 'load generator on core 0, servers on core 1' : 'not pinned'}`,
);

if (args.memory) {
  const checkpoints = [20_000, 200_000];
  const results: MemoryResult[] = [];
  for (const [file, label] of [
    ['switchyard', 'switchyard'],
    ['bare', 'node:http'],
  ] as const) {
    results.push(await memory(file, label, { checkpoints, connections, core: serverCore }));
  }
  console.log('\n' + memoryTable(results));
  console.log(`\nwrote ${writeResult('memory.json', { date, machine: info, connections, results })}`);
} else if (args.profile) {
  const results = [];
  for (const file of ['switchyard', 'bare']) {
    for (const op of [STATUS, ECHO]) {
      const result = await profile(file, op, { seconds: 8, connections, core: serverCore });
      console.log('\n' + profileTable(result));
      results.push(result);
    }
  }
  console.log(`\nwrote ${writeResult('profile.json', { date, machine: info, results })}`);
} else {
  const config = {
    rounds: Number(args.rounds),
    seconds: Number(args.seconds),
    warmupSeconds: Number(args.warmup),
    connections,
    serverCore,
    budgetMs: 330_000,
  };
  console.log(
    `${config.rounds} rounds × ${config.seconds} s per contestant and operation (a fresh server each round, ${config.warmupSeconds} s of warm-up per operation), ${connections} connections, keep-alive\n`,
  );
  const { samples, summaries, aborted } = await compare(config);
  console.log('\n' + compareTable(summaries));
  console.log('\n× bare: median over rounds of the ratio to node:http measured in the same round.');
  console.log('CPU µs/req: server process user+system CPU over the run / requests answered.');
  const control = summaries.filter((s) => s.contestant === 'node:http (control)');
  const noisy =
    control.some((s) => Math.abs(s.rpsRatio - 1) > 0.05 || Math.abs(s.cpuRatio - 1) > 0.05) || summaries.some((s) => s.otherCpu > 0.2);
  if (noisy)
    console.log(
      'NOISY RUN: the control is more than 5% off 1.00, or other work used over 20% of a core; differences of that size mean nothing.',
    );
  if (aborted.length > 0) console.log(`Aborted (wrong answers or no start): ${aborted.join(', ')}`);
  const loggingCost = pairedCost(samples, 'switchyard + logging', 'switchyard');
  printLoggingCost('round by round', loggingCost, 'rounds');
  // The rounds' drift is often larger than logging's cost: measure it again with both servers loaded at once.
  const measureSideBySide = loggingCost.length > 0 && Number(args['logging-pairs']) > 0;
  const loggingCostSideBySide = measureSideBySide
    ? pairedCost(
        await sideBySide('switchyard', 'switchyard-logging', {
          pairs: Number(args['logging-pairs']),
          seconds: 2,
          connections,
          core: serverCore,
        }),
        'b',
        'a',
      )
    : [];
  printLoggingCost('side by side', loggingCostSideBySide, 'pairs');
  const path = writeResult('latest.json', {
    date,
    machine: info,
    config,
    noisy,
    aborted,
    summaries,
    samples,
    ...(loggingCost.length > 0 ? { loggingCost } : {}),
    ...(loggingCostSideBySide.length > 0 ? { loggingCostSideBySide } : {}),
    markdown: compareMarkdown(summaries),
  });
  console.log(`\nwrote ${path}`);
  if (aborted.length > 0) process.exitCode = 1;
}

/** Prints request logging's cost against Switchyard without it, per operation. */
function printLoggingCost(how: string, costs: readonly PairedCost[], unit: string): void {
  for (const cost of costs) console.log(`Request logging, ${how}, ${cost.op}: ${describePairedCost(cost, 'switchyard', unit)}`);
}
