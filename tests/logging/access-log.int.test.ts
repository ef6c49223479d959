/**
 * `logger: true`: the per-request line takes the fast path (access-log.ts)
 * to pino's own stdout destination. A child process serves a few requests
 * and exits; its stdout must hold one pino-format line per request.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { AccessLog } from '../../src/logging/access-log.js';

const SERVER = `
import { createSystemApp } from ${JSON.stringify(fileURLToPath(new URL('../../examples/system/app.js', import.meta.url)))};
const app = createSystemApp({ logger: true });
const { port } = await app.listen(0, '127.0.0.1');
const base = 'http://127.0.0.1:' + port + '/api/system';
await fetch(base + '?action=status', { headers: { 'x-request-id': 'given-id-1' } });
await fetch(base + '?action=echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"hi"}' });
await fetch(base + '?action=nope');
await fetch(base + '/caf%C3%A9"quote');
await app.close();
`;

const test = suite('logging: the fast request line of logger: true');

test('one line per request, in pino format, on stdout, flushed before exit', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { env: { ...process.env, LOG_LEVEL: 'info' } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.is(code, 0);
  const lines = out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request');
  assert.is(lines.length, 4);
  assert.equal(Object.keys(lines[0]!), [
    'level',
    'time',
    'pid',
    'hostname',
    'reqId',
    'method',
    'path',
    'action',
    'status',
    'durationMs',
    'msg',
  ]);
  assert.is(lines[0]!.level, 30);
  assert.is(lines[0]!.reqId, 'given-id-1');
  assert.is(lines[0]!.status, 200);
  assert.is(lines[1]!.action, 'echo');
  assert.is(lines[1]!.method, 'POST');
  assert.is(lines[2]!.status, 404);
  assert.is(lines[3]!.path, '/api/system/caf%C3%A9%22quote');
  assert.type(lines[0]!.durationMs, 'number');
});

test('LOG_LEVEL=warn: no request line', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { env: { ...process.env, LOG_LEVEL: 'warn' } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => child.on('close', resolve));
  assert.not.match(out, /"msg":"request"/);
});

test('durations print as pino prints milliseconds; path and action are quoted per line even when they change', () => {
  const chunks: string[] = [];
  const log = new AccessLog({ write: (chunk: string) => chunks.push(chunk) }, 30);
  const durations = [0, 5, 50, 500, 1000, 1200, 1234, 1230, 999_999, 12_345_678];
  durations.forEach((micros, i) => {
    const request = {
      requestId: `id-${i}`,
      realMethod: 'GET',
      pathInfo: i % 2 === 0 ? '/a' : '/b"c',
      selectedAction: i % 3 === 0 ? undefined : `act${i % 3}`,
      startedAt: 1000,
    };
    log.record(request, 200, 1000 + micros / 1000);
  });
  log.close();
  const lines = chunks
    .join('')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(
    lines.map((l) => l.durationMs),
    durations.map((us) => Math.round(us) / 1000),
  );
  assert.equal(
    lines.map((l) => [l.reqId, l.path, l.action]),
    durations.map((_, i) => [`id-${i}`, i % 2 === 0 ? '/a' : '/b"c', i % 3 === 0 ? undefined : `act${i % 3}`]),
  );
  assert.ok(chunks.join('').includes('"durationMs":1.2,'), 'no trailing zeros, as JSON.stringify(1.2)');
});

test('lines wait for the end of the turn, or for 64 of them, and are written in order with times that never go back', async () => {
  const chunks: string[] = [];
  const log = new AccessLog({ write: (chunk: string) => chunks.push(chunk) }, 30);
  const request = (n: number) => ({
    requestId: `id-${n}`,
    realMethod: 'GET',
    pathInfo: '/a',
    selectedAction: 'status',
    startedAt: performance.now(),
  });
  const before = Date.now();
  for (let n = 0; n < 70; n++) log.record(request(n), 200, performance.now());
  assert.is(chunks.length, 1, 'the 64th line writes the batch at once');
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(chunks.length, 2, 'the rest at the end of the turn');
  const after = Date.now();
  const lines = chunks
    .join('')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { reqId: string; time: number });
  assert.equal(
    lines.map((l) => l.reqId),
    Array.from({ length: 70 }, (_, n) => `id-${n}`),
  );
  for (let n = 1; n < lines.length; n++) assert.ok(lines[n]!.time >= lines[n - 1]!.time, `line ${n}: time went back`);
  // Between the clock read before the answers and after them (1 ms either side for rounding).
  assert.ok(lines[69]!.time >= before - 1 && lines[69]!.time <= after + 1, 'the wall-clock time of the answer');
  log.close();
});

test('each batch reads the wall clock: a rounding step back of 1 ms keeps the time before, a clock set back is followed', () => {
  const chunks: string[] = [];
  const log = new AccessLog({ write: (chunk: string) => chunks.push(chunk) }, 30);
  const request = { requestId: 'id', realMethod: 'GET', pathInfo: '/a', selectedAction: 'status', startedAt: 0 };
  const realNow = Date.now;
  const times = () =>
    chunks
      .join('')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => (JSON.parse(l) as { time: number }).time);
  try {
    const wall = realNow();
    const mono = performance.now();
    Date.now = () => wall;
    log.record(request, 200, mono);
    log.flush();
    Date.now = () => wall - 1; // the same instant, read as one millisecond less
    log.record(request, 200, mono);
    log.flush();
    Date.now = () => wall - 3_600_000; // the clock set back an hour
    log.record(request, 200, mono);
    log.flush();
  } finally {
    Date.now = realNow;
  }
  const [first, second, third] = times() as [number, number, number];
  assert.is(second, first, 'kept');
  assert.ok(Math.abs(first - third - 3_600_000) <= 2, `followed: ${first} then ${third}`);
  log.close();
});

test('the time is written digit for digit: across milliseconds and seconds, and for a clock near 1970', () => {
  const chunks: string[] = [];
  const log = new AccessLog({ write: (chunk: string) => chunks.push(chunk) }, 30);
  const request = { requestId: 'id', realMethod: 'GET', pathInfo: '/a', selectedAction: 'status', startedAt: 0 };
  const second = 1_763_872_345_000;
  const walls = [second, second + 7, second + 45, second + 999, second + 1000, second + 61_010, 999, 1000, 1001, 5, 0];
  const realNow = Date.now;
  try {
    for (const wall of walls) {
      Date.now = () => wall;
      // Half a millisecond ahead of the clock read at the flush, so the answer falls inside `wall`'s millisecond.
      log.record(request, 200, performance.now() + 0.5);
      log.flush();
    }
  } finally {
    Date.now = realNow;
  }
  const written = chunks.map((chunk) => /"time":(-?\d+),/.exec(chunk)?.[1]);
  assert.equal(
    written,
    walls.map((wall) => String(wall)),
  );
  log.close();
});

test.run();
