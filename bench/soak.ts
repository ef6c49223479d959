/**
 * `npm run soak`: a bounded load (127.0.0.1 only, ~60 s by default,
 * SOAK_SECONDS overrides) against the example application served by
 * `app.createServer()`, mixing valid, invalid and precognitive requests,
 * with a hostile share beside it on raw sockets (bench/hostile.ts: the
 * bad-input corpus, one-byte chunks, slow heads and bodies, abandoned
 * uploads). Reports throughput, answers by status, unexpected answers
 * (anything but the status each request must get, or a socket error/timeout;
 * must be 0), the hostile exchanges and their unexpected answers (must be 0)
 * and the server's memory at the start and end after a forced GC: live heap
 * (the leak test) and RSS.
 */
import autocannon from 'autocannon';

/** autocannon's callback form with per-request `onResponse` (not in the shared declaration). */
type Run = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: { errors: number; timeouts: number }) => void,
) => { stop(): void };
const cannon = autocannon as unknown as Run;
import { type HostileResult, startHostile } from './hostile.js';
import { ServerProcess, canPin } from './server-process.js';

interface Mixed {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  expect: number;
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const MIX: Mixed[] = [
  { method: 'GET', path: '/api/system?action=status', expect: 200 },
  { method: 'POST', path: '/api/system?action=echo', headers: JSON_HEADERS, body: '{"message":"hello world"}', expect: 200 },
  { method: 'POST', path: '/api/system?action=echo', headers: JSON_HEADERS, body: '{}', expect: 422 },
  { method: 'POST', path: '/api/system?action=echo', headers: JSON_HEADERS, body: `{"message":"${'x'.repeat(256)}"}`, expect: 422 },
  {
    method: 'POST',
    path: '/api/system?action=echo',
    headers: { ...JSON_HEADERS, precognition: 'true' },
    body: '{"message":"hi"}',
    expect: 204,
  },
  {
    method: 'POST',
    path: '/api/system?action=echo',
    headers: { ...JSON_HEADERS, precognition: 'true', 'precognition-validate-only': 'message' },
    body: '{"message":5}',
    expect: 422,
  },
  { method: 'POST', path: '/api/system?action=status', expect: 405 },
  { method: 'GET', path: '/api/system?action=nope', expect: 404 },
  { method: 'POST', path: '/api/system?action=echo', headers: JSON_HEADERS, body: '{"message":', expect: 400 },
  { method: 'POST', path: '/api/system?action=echo', headers: { 'content-type': 'text/plain' }, body: 'hi', expect: 415 },
];

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
// Shorter than the defaults (10 s, 30 s) so slow clients are cut off many times in a run.
const TIMEOUTS = { headersTimeout: 2000, requestTimeout: 5000 };

async function main(): Promise<void> {
  const pin = canPin();
  process.env.SWITCHYARD_BENCH_OPTIONS = JSON.stringify({
    headers_timeout: TIMEOUTS.headersTimeout,
    request_timeout: TIMEOUTS.requestTimeout,
  });
  const server = await ServerProcess.start('switchyard-app', { ...(pin ? { core: 1 } : {}), nodeArgs: ['--expose-gc'] });
  try {
    // Warm up (both kinds of traffic), so the start figure is the steady state, not the boot.
    await runBoth(server.port, 5);
    const start = await server.usage();
    const [result, hostile] = await runBoth(server.port, seconds);
    const end = await server.usage();
    const startRss = start.rssAfterGc ?? start.rss;
    const endRss = end.rssAfterGc ?? end.rss;
    const growth = (endRss - startRss) / startRss;
    console.log(
      `\nSwitchyard soak: ${seconds} s, ${MIX.length} request kinds, 50 connections, 7 hostile clients, ` +
        `headers_timeout ${TIMEOUTS.headersTimeout} ms, request_timeout ${TIMEOUTS.requestTimeout} ms, ` +
        `server ${pin ? 'pinned to core 1' : 'unpinned'}`,
    );
    console.log(`  requests:          ${result.total}`);
    console.log(`  throughput:        ${Math.round(result.total / seconds)} req/s`);
    console.log(`  by status:         ${list(result.byStatus)}`);
    console.log(`  unexpected:        ${result.unexpected} (errors ${result.errors}, timeouts ${result.timeouts})`);
    const hostileTotal = Object.values(hostile.byKind).reduce((a, b) => a + b, 0);
    console.log(`  hostile exchanges: ${hostileTotal} (${list(hostile.byKind)})`);
    console.log(`  hostile answers:   ${list(hostile.byAnswer)}`);
    console.log(`  hostile unexpected: ${hostile.unexpected}`);
    for (const example of hostile.examples) console.log(`    - ${example}`);
    const startHeap = start.heapAfterGc ?? start.heapUsed;
    const endHeap = end.heapAfterGc ?? end.heapUsed;
    const heapGrowth = (endHeap - startHeap) / startHeap;
    console.log(`  RSS after GC:      start ${mb(startRss)} MiB, end ${mb(endRss)} MiB (${(growth * 100).toFixed(1)}%)`);
    console.log(`  heap after GC:     start ${mb(startHeap)} MiB, end ${mb(endHeap)} MiB (${(heapGrowth * 100).toFixed(1)}%)`);
    // Live objects (heap after a full GC) show a leak; RSS also holds pages V8 keeps for reuse.
    const flat = heapGrowth < 0.1;
    const pass = result.unexpected === 0 && hostile.unexpected === 0 && flat;
    console.log(`  verdict:           ${pass ? 'PASS' : 'FAIL'} (0 unexpected, 0 hostile unexpected, heap after GC growth < 10%)`);
    if (!pass) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, n]) => `${key}: ${n}`)
    .join(', ');

/** The autocannon mix and the hostile clients side by side; the hostile ones finish their exchanges in flight. */
async function runBoth(port: number, duration: number): Promise<[SoakResult, HostileResult]> {
  const hostile = startHostile(port, TIMEOUTS);
  const result = await run(port, duration);
  return [result, await hostile.stop()];
}

interface SoakResult {
  total: number;
  byStatus: Record<string, number>;
  unexpected: number;
  errors: number;
  timeouts: number;
}

function run(port: number, duration: number): Promise<SoakResult> {
  const byStatus: Record<string, number> = {};
  let unexpected = 0;
  let total = 0;
  return new Promise((resolve, reject) => {
    const instance = cannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 50,
        duration,
        timeout: 10,
        requests: MIX.map((item) => ({
          method: item.method,
          path: item.path,
          ...(item.headers ? { headers: item.headers } : {}),
          ...(item.body !== undefined ? { body: item.body } : {}),
          onResponse: (status: number) => {
            total++;
            byStatus[status] = (byStatus[status] ?? 0) + 1;
            if (status !== item.expect) unexpected++;
          },
        })),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          total,
          byStatus,
          unexpected: unexpected + result.errors + result.timeouts,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    process.once('SIGINT', () => instance.stop());
  });
}

await main();
