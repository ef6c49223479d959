import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

const SERVER = fileURLToPath(new URL('../../examples/system/server.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const test = suite('the example server (npm start)');

test('prints its URL, answers, and exits 0 on SIGTERM and on SIGINT', async () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the example did not start')), 10_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        const found = /http:\/\/127\.0\.0\.1:\d+\/api\/system\?action=status/.exec(chunk.toString());
        if (found) {
          clearTimeout(timer);
          resolve(found[0]);
        }
      });
    });
    const response = await request(url);
    assert.is(response.statusCode, 200);
    assert.equal(await response.body.json(), { status: 'ok' });
    child.kill(signal);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.is(code, 0, `exit code after ${signal}`);
  }
});

test('npm start: SIGTERM to the npm process stops the server (npm runs the script through a shell)', async () => {
  const port = await freePort();
  // The real `npm start`, without its prestart build (which would delete dist/ under the running tests).
  const npm = spawn('npm', ['start', '--ignore-scripts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let started: number[] = [];
  try {
    await outputIncludes(npm, `http://127.0.0.1:${port}/api/system?action=status`, 15_000);
    const response = await request(`http://127.0.0.1:${port}/api/system?action=status`);
    assert.is(response.statusCode, 200);
    await response.body.dump();
    started = descendants(npm.pid!);
    assert.ok(started.length > 0, 'npm started the server as its descendant');

    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    npm.kill('SIGTERM');
    const deadline = Date.now() + 5_000;
    await Promise.race([exited, delay(5_000)]);
    assert.is(npm.exitCode !== null || npm.signalCode !== null, true, 'npm exited');
    while (Date.now() < deadline && (started.some(isRunning) || (await answers(port)))) await delay(50);
    assert.is(await answers(port), false, 'the port stopped answering');
    assert.equal(started.filter(isRunning), [], 'no process npm started is left running');
  } finally {
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    for (const pid of started.filter(isRunning)) process.kill(pid, 'SIGKILL');
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function outputIncludes(child: ChildProcess, text: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${ms} ms: ${seen}`)), ms);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Whether something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every live process below `root` (Linux /proc): the shell npm may start, and the server. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = parentOf(Number(entry));
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The parent pid from /proc/<pid>/stat (the command name, in parentheses, may hold spaces). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Alive and not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

test.run();
