/** The growth-ratio helper tells linear work from quadratic work, and bounded work from linear. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertLinear, confirmedGrowth, cpuCost, growth, isLinear } from './growth.js';
import { rejected } from './plain.js';

const linear = (size: number) => {
  const values = Array.from({ length: size * 100 }, (_, i) => i);
  return () => values.reduce((sum, value) => sum + (value & 1), 0);
};
const quadratic = (size: number) => () => {
  let sum = 0;
  for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) sum += (i ^ j) & 1;
  return sum;
};
const constant = (size: number) => {
  const values = Array.from({ length: size }, (_, i) => i);
  return () => values.slice(0, 1000).reduce((sum, value) => sum + value, 0);
};

const test = suite('growth: linear time as a ratio of CPU times');

test('linear work passes: about 10 times the cost for 10 times the input', async () => {
  const measured = await assertLinear('a sum', linear, 300);
  assert.ok(measured.ratio > 3 && measured.ratio < 30, measured.text);
});

test('quadratic work fails, naming what and how it grew', async () => {
  const error = await rejected(assertLinear('a double loop', quadratic, 300));
  assert.instance(error, Error);
  assert.match((error as Error).message, /^a double loop is not linear: 10× the input took \d+\.\d× the time/);
  assert.is(isLinear(await growth(quadratic, 300)), false);
  assert.is(isLinear(await confirmedGrowth(quadratic, 300)), false);
});

test('bounded work passes a limit of 3; linear work does not', async () => {
  const bounded = await growth(constant, 100_000, { limit: 3 });
  assert.ok(isLinear(bounded), bounded.text);
  assert.is(isLinear(await growth(linear, 300, { limit: 3 })), false);
});

test('cpuCost tells a cheap piece of work from a ten times dearer one on the same input', async () => {
  const [cheap, dear] = [await cpuCost(linear(30)), await cpuCost(linear(300))];
  assert.ok(cheap * 3 < dear, `${cheap} ms and ${dear} ms`);
});

test.run();
