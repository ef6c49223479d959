/**
 * The destination of `logger: true` (src/logging/fd-sink.ts): every chunk
 * arrives whole and in UTF-8, however large; a full pipe is not waited for
 * (what it did not take is written later, in order; see stalled-reader.test.ts
 * for the bounded buffer and the dropped-lines count); a reader that is gone stops the writing with one warning instead of an
 * exception in the request that flushed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FdSink } from '../../src/logging/fd-sink.js';

const test = suite('logging: FdSink');

/** The descriptor of our end of a child's stdin: a pipe that libuv made non-blocking. */
function stdinFd(child: ChildProcess): number {
  return (child.stdin as unknown as { _handle: { fd: number } })._handle.fd;
}

function output(child: ChildProcess): Promise<string> {
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('close', () => resolve(out)));
}

test('chunks arrive whole and in order, in UTF-8, small ones and ones larger than its buffer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-sink-'));
  try {
    const file = join(dir, 'log');
    const fd = openSync(file, 'w');
    const sink = new FdSink(fd);
    const large = `${'é✓'.repeat(40_000)}\n`;
    assert.is(sink.write('{"a":"café"}\n'), true);
    sink.write('');
    sink.write(large);
    sink.write('end\n');
    closeSync(fd);
    assert.is(readFileSync(file, 'utf8'), `{"a":"café"}\n${large}end\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a full pipe is not waited for: the rest is written, whole and in order, once its reader takes it', async () => {
  // The reader starts 300 ms late: the 64 KiB pipe fills and the writes meet EAGAIN until then.
  const reader = `setTimeout(() => { let n = 0; process.stdin.on('data', (c) => (n += c.length)); process.stdin.on('end', () => process.stdout.write(String(n))); }, 300);`;
  const child = spawn(process.execPath, ['-e', reader], { stdio: ['pipe', 'pipe', 'inherit'] });
  const counted = output(child);
  const sink = new FdSink(stdinFd(child));
  const chunk = 'é'.repeat(100_000); // 200,000 bytes
  sink.write(chunk);
  sink.write(chunk);
  let written = false;
  const flushed = new Promise<void>((resolve) =>
    sink.flush(() => {
      written = true;
      resolve();
    }),
  );
  assert.not.ok(written, 'the writes returned before the reader took their bytes');
  await flushed;
  child.stdin!.end();
  assert.is(await counted, '400000');
});

test('a reader that is gone: one warning, no exception, later writes dropped', async () => {
  // The reader closes its end of the pipe and says so, then stays until it is killed.
  const closer = `require('fs').closeSync(0); process.stdout.write('closed'); setTimeout(() => {}, 10_000);`;
  const child = spawn(process.execPath, ['-e', closer], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on('warning', onWarning);
  try {
    const sink = new FdSink(stdinFd(child));
    sink.write('first\n');
    sink.write('second\n');
    await new Promise((resolve) => setImmediate(resolve));
    assert.is(warnings.length, 1);
    assert.match(warnings[0]!.message, /no longer written/);
    assert.match(warnings[0]!.message, /EPIPE/);
  } finally {
    process.off('warning', onWarning);
    child.kill();
  }
});

test('flush answers at once: nothing is ever waiting', () => {
  let called = 0;
  new FdSink(1).flush(() => called++);
  assert.is(called, 1);
});

test.run();
