/**
 * `node --expose-gc dist/bench/throttle-memory.js`: the memory store's
 * footprint with 1,000,000 distinct keys (40-hex-character keys, as the
 * `throttle` middleware stores its SHA-1 signatures), and proof that it
 * stays bounded: once those windows have ended, another 1,000,000 keys take
 * their place instead of adding to them, and an idle prune gives the heap back.
 * Bounded: two million keys, one process, a few seconds.
 */
import { createHash } from 'node:crypto';
import { MemoryStore } from '../src/rate-limiting/memory-store.js';

const KEYS = Number(process.env.THROTTLE_MEMORY_KEYS ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

const clock = { now: 1_700_000_000_000 };
const store = new MemoryStore({ clock: () => clock.now, maxKeys: 10 * KEYS });
const key = (generation: number, i: number) => createHash('sha1').update(`${generation}:${i}`).digest('hex');

function snapshot(label: string, baseline?: { rss: number; heap: number }) {
  gc!();
  gc!();
  const { rss, heapUsed } = process.memoryUsage();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const extra = baseline === undefined ? '' : `  (+${mb(rss - baseline.rss)} RSS, +${mb(heapUsed - baseline.heap)} heap over the start)`;
  console.log(
    `${label.padEnd(58)} windows ${String(store.size).padStart(8)}  RSS ${mb(rss).padStart(7)}  heap ${mb(heapUsed).padStart(7)}${extra}`,
  );
  return { rss, heap: heapUsed };
}

console.log(`Memory store, ${KEYS.toLocaleString('en-US')} distinct keys of 40 hex characters (Node ${process.version})\n`);
const start = snapshot('start');

for (let i = 0; i < KEYS; i++) store.hit(key(1, i), 60, 60);
const full = snapshot('1M live windows (60 s)', start);
console.log(`${''.padEnd(58)} ≈ ${((full.heap - start.heap) / KEYS).toFixed(0)} bytes of heap per window\n`);

clock.now += 61_000; // every window has ended; nothing has been pruned yet
for (let i = 0; i < KEYS; i++) store.hit(key(2, i), 60, 60);
snapshot('after they ended, 1M new keys (the old ones pushed out)', start);

clock.now += 61_000;
const started = performance.now();
const dropped = store.prune();
console.log(`${''.padEnd(58)} prune(): ${dropped.toLocaleString('en-US')} ended windows in ${(performance.now() - started).toFixed(0)} ms`);
snapshot('after those ended too and an idle prune', start);
await store.close();
