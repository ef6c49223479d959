/**
 * How the `logger` option becomes a pino logger: `LOG_LEVEL` is respected,
 * the options' own `level` wins over it, a logger of your own is used as it
 * is, and a bad level is a LogicException that names it.
 */
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LogicException } from '../../src/index.js';
import { createLogger } from '../../src/logging/create-logger.js';

const test = suite('createLogger');

test('false: no logger', () => {
  assert.is(createLogger(false, {}), undefined);
});

test('true: level info by default, LOG_LEVEL when set', () => {
  assert.is(createLogger(true, {})?.level, 'info');
  assert.is(createLogger(true, { LOG_LEVEL: '' })?.level, 'info', 'an empty LOG_LEVEL is unset');
  assert.is(createLogger(true, { LOG_LEVEL: 'warn' })?.level, 'warn');
  assert.is(createLogger(true, { LOG_LEVEL: 'silent' })?.level, 'silent');
});

test('pino options: their level wins over LOG_LEVEL; without one, LOG_LEVEL applies', () => {
  assert.is(createLogger({ level: 'debug' }, { LOG_LEVEL: 'error' })?.level, 'debug');
  assert.is(createLogger({ name: 'api' }, { LOG_LEVEL: 'error' })?.level, 'error');
});

test('a logger of your own is used as it is, whatever LOG_LEVEL says', () => {
  const mine = pino({ level: 'trace' }, new Writable({ write: (_c, _e, done) => done() }));
  assert.is(createLogger(mine, { LOG_LEVEL: 'error' }), mine);
  assert.is(mine.level, 'trace');
});

test('an unknown level is a LogicException naming it', () => {
  assert.throws(
    () => createLogger(true, { LOG_LEVEL: 'loud' }),
    (error: unknown) => error instanceof LogicException && (error as Error).message.includes('"loud"'),
  );
});

test.run();
