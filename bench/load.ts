import autocannon from 'autocannon';
import type { Operation } from './operations.js';
import { quantileSorted } from './stats.js';

/** What one load run measured (client side). */
export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Latency percentiles in milliseconds, from every 2xx response (µs precision). */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU the load generator used, as a share of one core (1 = saturated). */
  loadCpu: number;
}

export interface LoadOptions {
  connections: number;
  /** Seconds of load; or use `amount`. */
  duration?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
}

/**
 * Loads `op` on 127.0.0.1:`port` with autocannon (keep-alive, no
 * pipelining). Latencies are collected from autocannon's `response` events
 * rather than its histogram, which rounds to whole milliseconds.
 */
export async function load(port: number, op: Operation, options: LoadOptions): Promise<LoadResult> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: options.connections,
    pipelining: 1,
    timeout: 10,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.duration ?? 3 }),
    requests: [{ method: op.method, path: op.path, headers: op.headers, ...(op.body !== undefined ? { body: op.body } : {}) }],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status < 200 || status >= 300) return;
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = ms;
  });
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const result = await instance;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const sorted = latencies.subarray(0, count).sort();
  return {
    requests: result.requests.total,
    seconds,
    rps: result.requests.total / seconds,
    p50: quantileSorted(sorted, 0.5),
    p99: quantileSorted(sorted, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    loadCpu: (cpu.user + cpu.system) / 1e6 / seconds,
  };
}
