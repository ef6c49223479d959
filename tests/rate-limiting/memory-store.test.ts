/**
 * The memory store: fixed windows that end on whole seconds, atomic
 * capped hits, and memory that stays bounded: expired windows are dropped
 * as new ones arrive and by an idle sweep, and `maxKeys` caps the rest.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MemoryStore } from '../../src/rate-limiting/index.js';

/** A store on a clock the test moves. */
function clocked(start = 1_000_500, maxKeys?: number) {
  const clock = { now: start };
  const store = new MemoryStore({ clock: () => clock.now, ...(maxKeys === undefined ? {} : { maxKeys }) });
  return { store, clock };
}

const test = suite('MemoryStore');

test('counts within a window, refuses (without counting) past maxAttempts', async () => {
  const { store } = clocked();
  assert.equal(store.hit('k', 60, 2), { attempts: 1, resetAt: 1_060_000, counted: true });
  assert.equal(store.hit('k', 60, 2), { attempts: 2, resetAt: 1_060_000, counted: true });
  assert.equal(store.hit('k', 60, 2), { attempts: 2, resetAt: 1_060_000, counted: false });
  assert.equal(store.get('k'), { attempts: 2, resetAt: 1_060_000 });
  await store.close();
});

test('a window ends decay seconds after the start of its first second; then counting starts again', () => {
  const { store, clock } = clocked(1_000_999);
  assert.is(store.hit('k', 1, 1).resetAt, 1_001_000);
  clock.now = 1_000_999;
  assert.is(store.hit('k', 1, 1).counted, false);
  clock.now = 1_001_000;
  assert.equal(store.hit('k', 1, 1), { attempts: 1, resetAt: 1_002_000, counted: true });
  assert.is(store.size, 1, 'the ended window was replaced, not kept beside the new one');
});

test('an amount larger than the cap on a fresh key is refused and stores nothing; no cap always counts', () => {
  const { store } = clocked();
  assert.equal(store.hit('k', 60, 0), { attempts: 0, resetAt: 1_060_000, counted: false });
  assert.is(store.size, 0);
  assert.is(store.hit('k', 60, Number.POSITIVE_INFINITY, 5).attempts, 5);
  assert.is(store.hit('k', 60, Number.POSITIVE_INFINITY, -2).attempts, 3);
});

test('a key keeps the window length it started with', () => {
  const { store } = clocked();
  store.hit('k', 60, 10);
  assert.equal(store.hit('k', 1, 10), { attempts: 2, resetAt: 1_060_000, counted: true });
});

test('get / reset / clear', () => {
  const { store, clock } = clocked();
  assert.is(store.get('k'), undefined);
  store.hit('k', 60, 10);
  store.hit('k', 60, 10);
  store.reset('k');
  assert.equal(store.get('k'), { attempts: 0, resetAt: 1_060_000 }, 'reset keeps the window');
  store.clear('k');
  assert.is(store.get('k'), undefined);
  assert.is(store.size, 0);
  store.hit('k', 60, 10);
  clock.now += 60_000;
  assert.is(store.get('k'), undefined, 'an ended window reads as none');
});

test('memory stays bounded: new windows push expired ones out, prune() drops the rest', () => {
  const { store, clock } = clocked();
  for (let i = 0; i < 50_000; i++) store.hit(`old-${i}`, 1, 10);
  assert.is(store.size, 50_000);
  clock.now += 2_000;
  for (let i = 0; i < 50_000; i++) store.hit(`new-${i}`, 1, 10);
  assert.is(store.size, 50_000, 'every expired window was dropped as the new ones came');
  clock.now += 2_000;
  assert.is(store.prune(), 50_000);
  assert.is(store.size, 0);
});

test('windows of several lengths are each dropped once ended', () => {
  const { store, clock } = clocked();
  for (let i = 0; i < 100; i++) store.hit(`a-${i}`, 1, 10);
  for (let i = 0; i < 100; i++) store.hit(`b-${i}`, 3600, 10);
  clock.now += 2_000;
  assert.is(store.prune(), 100);
  assert.is(store.size, 100);
  assert.is(store.get('b-7')?.attempts, 1);
});

test('maxKeys caps live windows: past it the oldest are forgotten', () => {
  const { store } = clocked(1_000_500, 100);
  for (let i = 0; i < 1000; i++) store.hit(`k-${i}`, 60, 10);
  assert.is(store.size, 100);
  assert.is(store.get('k-0'), undefined);
  assert.is(store.get('k-999')?.attempts, 1);
});

test('left alone, the store gives ended windows back by itself (unref’d sweep, about once a second)', async () => {
  const { store, clock } = clocked();
  for (let i = 0; i < 1000; i++) store.hit(`k-${i}`, 1, 10);
  assert.is(store.size, 1000);
  clock.now += 2_000; // ended; nothing new arrives to push them out
  await new Promise((resolve) => setTimeout(resolve, 1300));
  assert.is(store.size, 0);
  await store.close();
});

test.run();
