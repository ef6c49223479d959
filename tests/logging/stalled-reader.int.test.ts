/**
 * A log reader that stops reading (a container's log driver, a full pipe)
 * must never stop the server: lines wait in a bounded buffer, those past it
 * are dropped and counted, and the count is written as a log line once the
 * reader takes lines again.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const FIXTURE = fileURLToPath(new URL('./fixtures/serve-to-stalled-pipe.js', import.meta.url));
/** Requests sent while nobody reads: their lines (some 230 bytes each) are several times a 64 KiB pipe and the buffer. */
const REQUESTS = 600;
const BUFFER_BYTES = 16 * 1024;

const test = suite('logging: a log reader that stalls');

/** A FIFO whose read end the test holds (non-blocking: reading never waits) and whose write end becomes the child's stdout. */
function fifo(dir: string): { readFd: number; writeFd: number } {
  const path = join(dir, 'stdout');
  execFileSync('mkfifo', [path]);
  const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeFd = openSync(path, constants.O_WRONLY);
  return { readFd, writeFd };
}

function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk) => {
      err += chunk;
      const match = /^(\d+)\n/.exec(err);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${err}`)));
  });
}

/** Reads what the pipe holds until `done` says enough arrived; fails after `ms` without it. */
async function readUntil(fd: number, done: (text: string) => boolean, ms: number): Promise<string> {
  const buffer = Buffer.alloc(64 * 1024);
  const chunks: Buffer[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    let read = 0;
    try {
      read = readSync(fd, buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
    if (read > 0) chunks.push(Buffer.from(buffer.subarray(0, read)));
    const text = Buffer.concat(chunks).toString('utf8');
    if (done(text)) return text;
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms; read so far: ${text.slice(-500)}`);
    if (read === 0) await sleep(20);
  }
}

test('/up and actions answer while the reader is stalled; once it reads again, the lines kept and a dropped count arrive', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stalled-log-'));
  const { readFd, writeFd } = fifo(dir);
  const child = spawn(process.execPath, [FIXTURE, String(BUFFER_BYTES)], { stdio: ['ignore', writeFd, 'pipe'] });
  closeSync(writeFd);
  // A server that stops answering fails these requests instead of hanging the suite.
  const agent = new Agent({ headersTimeout: 10_000, bodyTimeout: 10_000, connections: 8 });
  try {
    const base = `http://127.0.0.1:${await portOf(child)}`;
    const get = async (path: string) => {
      const response = await request(base + path, { dispatcher: agent });
      return { status: response.statusCode, body: (await response.body.json()) as unknown };
    };
    for (let sent = 0; sent < REQUESTS; sent += 20) {
      const replies = await Promise.all(Array.from({ length: 20 }, () => get('/api/system?action=status')));
      for (const reply of replies) assert.equal(reply, { status: 200, body: { status: 'ok' } }, `after ${sent} requests`);
    }
    // Nobody has read a byte: the server still answers its health check and its actions.
    assert.equal(await get('/up'), { status: 200, body: { status: 'up' } });
    const echo = await request(`${base}/api/system?action=echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":"still here"}',
      dispatcher: agent,
    });
    assert.is(echo.statusCode, 200);
    assert.equal(await echo.body.json(), { message: 'still here' });

    // The reader resumes: the buffered lines, then one line counting the dropped ones.
    const text = await readUntil(readFd, (seen) => /"dropped":\d+[^\n]*\n/.test(seen), 20_000);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => line['msg'] === 'request').length;
    const notice = lines.find((line) => typeof line['dropped'] === 'number')!;
    assert.is(notice['level'], 40, 'a warning');
    assert.match(String(notice['msg']), /dropped/);
    assert.ok((notice['dropped'] as number) > 0, 'lines were dropped');
    assert.is(requests + (notice['dropped'] as number), REQUESTS + 1, 'every answered request is either logged or counted');
    assert.ok(requests > (64 * 1024) / 300, `the lines that fit were kept (${requests})`);
  } finally {
    child.kill('SIGTERM');
    await agent.close();
    closeSync(readFd);
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
