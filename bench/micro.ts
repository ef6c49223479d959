import { isDeepStrictEqual } from 'node:util';
import { createSystemApp } from '../examples/system/app.js';
import { bareHandler } from './contestants/bare-handler.js';
import { exchange, fakeRequest, type Listener } from './fake-http.js';
import { machine, writeResult } from './machine.js';
import { ECHO, OPERATIONS, STATUS, type Operation } from './operations.js';
import { fixed } from './stats.js';
import { table } from './table.js';
import { pairedDifference, timeCases, type Timed } from './timing.js';

/**
 * `npm run bench:micro`: no sockets. Synthetic requests go straight into
 * Switchyard's `app.listener` and into a bare handler that does the same
 * work (split the URL, read the query, parse and validate the body with ajv,
 * JSON.stringify), in the same process. The difference is Switchyard's own
 * per-request cost.
 */
const ITERATIONS = Number(process.env.MICRO_ITERATIONS ?? 5_000);
const REPETITIONS = Number(process.env.MICRO_REPETITIONS ?? 41);

const request =
  (op: Operation, body = op.body) =>
  () =>
    fakeRequest(op.method, op.path, op.headers, body);

/** Checks a listener's answers to both operations and the 422 cases before timing it. */
async function check(label: string, listener: Listener): Promise<void> {
  const cases: [Operation, string | undefined, number, unknown][] = [
    [STATUS, undefined, 200, STATUS.expected],
    [ECHO, ECHO.body, 200, ECHO.expected],
    [ECHO, '{}', 422, undefined],
    [ECHO, JSON.stringify({ message: 1 }), 422, undefined],
    [ECHO, JSON.stringify({ message: 'x'.repeat(256) }), 422, undefined],
  ];
  for (const [op, body, status, expected] of cases) {
    const answer = await exchange(listener, request(op, body)());
    const ok = answer.status === status && (expected === undefined || isDeepStrictEqual(JSON.parse(answer.body), expected));
    if (!ok) throw new Error(`${label} ${op.name} ${body ?? ''}: expected ${status}, got ${answer.status} ${answer.body.slice(0, 200)}`);
  }
}

const switchyard = createSystemApp().listener;
await check('switchyard', switchyard);
await check('bare', bareHandler);

console.log(`Micro-benchmark: ${ITERATIONS} sequential requests × ${REPETITIONS} repetitions, median (Node ${process.version})\n`);
const results: { op: string; bare: Timed; switchyard: Timed; overheadNs: number }[] = [];
for (const op of OPERATIONS) {
  const make = request(op);
  const [bare, sy] = await timeCases(
    [
      { label: 'bare', run: () => exchange(bareHandler, make()) },
      { label: 'switchyard', run: () => exchange(switchyard, make()) },
    ],
    ITERATIONS,
    REPETITIONS,
  );
  results.push({ op: op.name, bare: bare!, switchyard: sy!, overheadNs: pairedDifference(sy!, bare!) });
}

console.log(
  table(
    ['op', '', 'bare ns/op', 'switchyard ns/op', 'ratio', 'overhead µs/req'],
    results.map((r) => [
      r.op,
      '',
      fixed(r.bare.nsPerOp, 0),
      fixed(r.switchyard.nsPerOp, 0),
      fixed(r.switchyard.nsPerOp / r.bare.nsPerOp, 2),
      fixed(r.overheadNs / 1000, 2),
    ]),
  ),
);
console.log('\nns/op includes building the synthetic request (the same for both); overhead is the median paired difference.');
console.log(
  `wrote ${writeResult('micro.json', { date: new Date().toISOString(), machine: machine(false), iterations: ITERATIONS, repetitions: REPETITIONS, results })}`,
);
