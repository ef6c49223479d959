/** At most `max` tasks at once, first come first served; withdrawn tasks never run. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { InFlightLimit } from '../../../src/validation/services/in-flight-limit.js';

const test = suite('InFlightLimit');

test('never more than max running; every task runs, in order', async () => {
  const limit = new InFlightLimit(3);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (n: number) => async () => {
    most = Math.max(most, ++running);
    order.push(n);
    await new Promise((resolve) => setTimeout(resolve, 1));
    running--;
    return n;
  };
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      limit.run(
        task(n),
        () => false,
        () => new Error('skipped'),
      ),
    ),
  );
  assert.equal(results, [...Array(20).keys()]);
  assert.equal(order, [...Array(20).keys()]);
  assert.is(most, 3);
});

test('100,000 withdrawn tasks are skipped without running, and the next live one runs', async () => {
  const limit = new InFlightLimit(1);
  let release!: () => void;
  const blocker = limit.run(
    () => new Promise<void>((resolve) => (release = resolve)),
    () => false,
    () => new Error('skipped'),
  );
  let ran = 0;
  const withdrawn = Array.from({ length: 100_000 }, () =>
    limit
      .run(
        async () => {
          ran++;
        },
        () => true,
        () => new Error('skipped'),
      )
      .then(
        () => 'ran',
        (e: Error) => e.message,
      ),
  );
  const live = limit.run(
    async () => 'live',
    () => false,
    () => new Error('skipped'),
  );
  release();
  await blocker;
  const outcomes = await Promise.all(withdrawn);
  assert.ok(outcomes.every((o) => o === 'skipped'));
  assert.is(ran, 0);
  assert.is(await live, 'live');
});

test.run();
