/**
 * `node dist/bench/throttle.js`: what the `throttle` middleware costs a
 * request, in process, no sockets. The same requests go through a bare
 * `next` and through `ThrottleRequests.handle` on the memory store; the
 * difference is the middleware's own cost (key hashing, the store's hit, the
 * headers). With redis-server on PATH (or REDIS_URL set) it also times a
 * throttled request on Redis against one PING: one round trip each.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { resolveConfig } from '../src/config.js';
import { HttpRequest } from '../src/http/request.js';
import { JsonResponse } from '../src/http/response.js';
import type { Next } from '../src/http/middleware.js';
import { Limit } from '../src/rate-limiting/limit.js';
import { MemoryStore } from '../src/rate-limiting/memory-store.js';
import { RateLimiter } from '../src/rate-limiting/rate-limiter.js';
import { RedisStore } from '../src/rate-limiting/redis-store.js';
import { ThrottleRequests } from '../src/rate-limiting/throttle-requests.js';
import { startRedis } from '../tests/rate-limiting/redis-server.js';
import { median } from './stats.js';

const ITERATIONS = Number(process.env.THROTTLE_ITERATIONS ?? 200_000);
const REPETITIONS = Number(process.env.THROTTLE_REPETITIONS ?? 15);
const CLIENTS = 1000; // distinct addresses, so keys vary as in real traffic

const config = resolveConfig();
const res = {} as ServerResponse;
const raws: IncomingMessage[] = Array.from(
  { length: CLIENTS },
  (_, i) =>
    ({ method: 'GET', headers: { host: 'bench' }, socket: { remoteAddress: `10.0.${i >> 8}.${i & 255}` } }) as unknown as IncomingMessage,
);
const requestAt = (i: number) => new HttpRequest(raws[i % CLIENTS]!, res, '/api/items', 'action=status', config);

// The rest of the pipeline, answered at once (the real pipeline's next is async; its cost is not the middleware's).
const next = ((_request: HttpRequest) => new JsonResponse({ status: 'ok' })) as unknown as Next;

function timeLoop(run: (i: number) => unknown): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ITERATIONS; i++) run(i);
  return Number(process.hrtime.bigint() - t0) / ITERATIONS;
}

/** Median ns per request of each case, the cases interleaved over repetitions. */
function timeCases(cases: Record<string, (i: number) => unknown>): Record<string, number[]> {
  const names = Object.keys(cases);
  const reps: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) timeLoop(cases[name]!); // warm-up
  for (let r = 0; r < REPETITIONS; r++) for (const name of names) reps[name]!.push(timeLoop(cases[name]!));
  return reps;
}

const limiter = new RateLimiter(new MemoryStore());
limiter.for('api', (request) => Limit.perMinute(1_000_000_000).by(request.ip()));
const throttle = new ThrottleRequests(limiter);

// Check the middleware really counts and sets the headers before timing it.
const probe = throttle.handle(requestAt(0), next, '1000000000', '1') as JsonResponse;
if (probe.headers['x-ratelimit-remaining'] !== '999999999') throw new Error(`unexpected headers ${JSON.stringify(probe.headers)}`);

const reps = timeCases({
  bare: (i) => next(requestAt(i)),
  'throttle:1000000000,1': (i) => throttle.handle(requestAt(i), next, '1000000000', '1'),
  'throttle:api (named, by ip)': (i) => throttle.handle(requestAt(i), next, 'api'),
});
const bare = reps['bare']!;
console.log(
  `throttle middleware, memory store: ${ITERATIONS} requests × ${REPETITIONS} repetitions, ${CLIENTS} client addresses (Node ${process.version})`,
);
console.log(`  bare next:                         ${median(bare).toFixed(0)} ns/request`);
for (const name of Object.keys(reps).filter((name) => name !== 'bare')) {
  const own = reps[name]!.map((value, i) => value - bare[i]!);
  console.log(
    `  ${`${name}:`.padEnd(34)} +${median(own).toFixed(0)} ns/request median, +${Math.min(...own).toFixed(0)} best (paired differences)`,
  );
}
await limiter.close();

// Redis: a throttled request against one PING through a client of its own.
const external = process.env.REDIS_URL;
const server = external === undefined ? await startRedis().catch(() => undefined) : undefined;
const url = external ?? server?.url;
if (url === undefined) {
  console.log('\nRedis: skipped (no redis-server on PATH and no REDIS_URL)');
} else {
  const redisLimiter = new RateLimiter(new RedisStore({ url, timeout: 1000, prefix: `bench-${process.pid}:` }));
  const redisThrottle = new ThrottleRequests(redisLimiter);
  const ping = new Redis(url);
  const ROUNDS = 5000;
  const time = async (run: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 500; i++) await run(i); // warm-up
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < ROUNDS; i++) await run(i);
    return Number(process.hrtime.bigint() - t0) / ROUNDS / 1000;
  };
  const pings: number[] = [];
  const throttled: number[] = [];
  for (let r = 0; r < 5; r++) {
    pings.push(await time(() => ping.ping()));
    throttled.push(await time(async (i) => redisThrottle.handle(requestAt(i), next, '1000000000', '1')));
  }
  console.log(
    `\nRedis (${external === undefined ? 'redis-server started here, loopback' : 'REDIS_URL'}), ${ROUNDS} sequential requests × 5:`,
  );
  console.log(`  one PING round trip:               ${median(pings).toFixed(1)} µs`);
  console.log(`  throttle:1000000000,1 on Redis:    ${median(throttled).toFixed(1)} µs/request`);
  ping.disconnect();
  await redisLimiter.close();
  await server?.stop();
}
