import { plainLogger } from '../src/logging/create-logger.js';
import { openSync, readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { pino } from 'pino';
import { createSystemApp } from '../examples/system/app.js';
import { exchange, fakeRequest, type Listener } from './fake-http.js';
import { OPERATIONS, type Operation } from './operations.js';
import { fixed, median } from './stats.js';
import { table } from './table.js';

/**
 * The per-request cost of request logging, in process (no sockets), run
 * once by hand — not part of `npm run bench`:
 *
 *   npm run build && node dist/bench/logging-cost.js
 *
 * The example app with logging off, with a logger whose level hides the
 * request line (the stage alone: id, header, timing), and with one line per
 * request to /dev/null through pino destinations: asynchronous (pino's
 * default for stdout), asynchronous buffered (minLength 4 KiB) and
 * synchronous. Cases take turns; each repetition measures this process's
 * CPU time (not wall time, so other processes on a busy machine count less)
 * over ITERATIONS sequential requests. Costs are median paired differences
 * with logging off, compared with the server CPU of one echo request over
 * the wire in the last full benchmark (bench/results/latest.json).
 */
const ITERATIONS = Number(process.env.MICRO_ITERATIONS ?? 5_000);
const REPETITIONS = Number(process.env.MICRO_REPETITIONS ?? 21);

const devNull = (options: { sync: boolean; minLength?: number }) => pino.destination({ dest: '/dev/null', ...options });
const CASES: [string, Listener][] = [
  ['off', createSystemApp().listener],
  ['stage only', createSystemApp({ logger: pino({ level: 'warn' }, devNull({ sync: false })) }).listener],
  ['line, async', createSystemApp({ logger: pino({ level: 'info' }, devNull({ sync: false })) }).listener],
  ['line, async 4 KiB', createSystemApp({ logger: pino({ level: 'info' }, devNull({ sync: false, minLength: 4096 })) }).listener],
  ['line, sync', createSystemApp({ logger: pino({ level: 'info' }, devNull({ sync: true })) }).listener],
  // What `logger: true` makes (src/logging/create-logger.ts), with /dev/null in place of stdout.
  ['line, logger: true', createSystemApp({ logger: plainLogger(pino, 'info', openSync('/dev/null', 'w')) }).listener],
];

const request = (op: Operation) => fakeRequest(op.method, op.path, op.headers, op.body);

// Every case answers correctly, and only the logging ones send a request id.
for (const [label, listener] of CASES) {
  for (const op of OPERATIONS) {
    const answer = await exchange(listener, request(op));
    if (answer.status !== 200) throw new Error(`${label} ${op.name}: ${answer.status} ${answer.body}`);
    if ((label !== 'off') !== 'x-request-id' in answer.headers) throw new Error(`${label} ${op.name}: X-Request-Id is wrong`);
  }
}

/** Lets pending I/O callbacks run: an asynchronous destination writes only when the event loop turns. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** CPU time of this process per request, ns, over `ITERATIONS` sequential requests. */
async function cpuPerRequest(listener: Listener, op: Operation): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) {
    await exchange(listener, request(op));
    if (i % 64 === 63) await turn(); // like a server between socket reads; without it the buffers only grow
  }
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / ITERATIONS;
}

const wireEchoCpuUs = (() => {
  try {
    const latest = JSON.parse(readFileSync(new URL('../../bench/results/latest.json', import.meta.url), 'utf8')) as {
      summaries: { contestant: string; op: string; cpuMicrosPerRequest: number }[];
    };
    return latest.summaries.find((s) => s.contestant === 'switchyard' && s.op === 'echo')?.cpuMicrosPerRequest;
  } catch {
    return undefined;
  }
})();

console.log(
  `Request logging cost: CPU time, ${ITERATIONS} sequential requests × ${REPETITIONS} repetitions, median (Node ${process.version})\n`,
);
const rows: string[][] = [];
for (const op of OPERATIONS) {
  for (const [, listener] of CASES) await cpuPerRequest(listener, op); // warm-up
  const reps = CASES.map(() => [] as number[]);
  for (let r = 0; r < REPETITIONS; r++) {
    for (let i = 0; i < CASES.length; i++) {
      const k = (i + r) % CASES.length;
      reps[k]!.push(await cpuPerRequest(CASES[k]![1], op));
    }
  }
  const off = reps[0]!;
  for (const [k, [label]] of CASES.entries()) {
    const cost = k === 0 ? 0 : median(reps[k]!.map((value, i) => value - off[i]!));
    rows.push([
      op.name,
      label,
      fixed(median(reps[k]!), 0),
      k === 0 ? '' : fixed(cost / 1000, 2),
      k === 0 ? '' : `${fixed((cost / median(off)) * 100, 1)}%`,
      k === 0 || wireEchoCpuUs === undefined ? '' : `${fixed((cost / 1000 / wireEchoCpuUs) * 100, 1)}%`,
    ]);
  }
}
console.log(table(['op', 'case', 'CPU ns/req', 'cost µs/req', 'of in-process op', 'of wire echo CPU'], rows));

/**
 * A yardstick under the same conditions: what turning on Fastify's own
 * request logging costs (two lines per request, to /dev/null), against what
 * turning on Switchyard's costs (one line), both through light-my-request.
 */
function fastify(logger: boolean) {
  const app = Fastify(logger ? { loggerInstance: pino({ level: 'info' }, devNull({ sync: false })) } : { logger: false });
  app.get('/api/system', async () => ({ status: 'ok' }));
  return app;
}
const fastifyOff = fastify(false);
const fastifyOn = fastify(true);
await Promise.all([fastifyOff.ready(), fastifyOn.ready()]);
const switchyardOff = createSystemApp();
const switchyardOn = createSystemApp({ logger: pino({ level: 'info' }, devNull({ sync: false })) });
const injected: [string, () => Promise<unknown>][] = [
  ['fastify off', () => fastifyOff.inject({ method: 'GET', url: '/api/system?action=status' })],
  ['fastify logger', () => fastifyOn.inject({ method: 'GET', url: '/api/system?action=status' })],
  ['switchyard off', () => switchyardOff.inject({ method: 'GET', url: '/api/system?action=status' })],
  ['switchyard logger', () => switchyardOn.inject({ method: 'GET', url: '/api/system?action=status' })],
];
const injectedReps = injected.map(() => [] as number[]);
const cpuOf = async (run: () => Promise<unknown>): Promise<number> => {
  const before = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) {
    await run();
    if (i % 64 === 63) await turn();
  }
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / ITERATIONS;
};
for (const [, run] of injected) await cpuOf(run);
for (let r = 0; r < REPETITIONS; r++) {
  for (let i = 0; i < injected.length; i++) {
    const k = (i + r) % injected.length;
    injectedReps[k]!.push(await cpuOf(injected[k]![1]));
  }
}
const pairCost = (on: number, off: number) => median(injectedReps[on]!.map((value, i) => value - injectedReps[off]![i]!));
console.log(
  `\nYardstick, GET status through inject(): turning logging on costs Fastify ${fixed(pairCost(1, 0) / 1000, 2)} µs/req` +
    ` (${fixed(median(injectedReps[0]!), 0)} → ${fixed(median(injectedReps[1]!), 0)} ns), Switchyard ${fixed(pairCost(3, 2) / 1000, 2)} µs/req` +
    ` (${fixed(median(injectedReps[2]!), 0)} → ${fixed(median(injectedReps[3]!), 0)} ns).`,
);
console.log(
  `\ncost: median paired difference with "off". wire echo CPU: ${wireEchoCpuUs === undefined ? 'unknown' : `${fixed(wireEchoCpuUs, 2)} µs`}` +
    ' of server CPU per echo request over sockets in the last full benchmark (a quiet machine; compare on the same machine when possible).',
);
