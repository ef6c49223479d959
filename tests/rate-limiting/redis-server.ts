/**
 * A real `redis-server` for the tests that prove the Redis store: started on
 * a free loopback port in a temporary directory, with no persistence, and
 * stopped by its PID. No mock stands in for Redis anywhere.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/apps.js';

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  /** SIGSTOP: the process keeps its socket open but answers nothing. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** Sends one inline command and resolves with the raw reply (e.g. `+PONG\r\n`). */
  command(line: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    pause: () => process.kill(child.pid!, 'SIGSTOP'),
    resume: () => process.kill(child.pid!, 'SIGCONT'),
    command: (line) => send(port, line),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid!, 'SIGCONT'); // a paused server cannot act on SIGTERM
        process.kill(child.pid!, 'SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.race([waitForPong(port), spawnError]);
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw new Error(`redis-server did not start (is it installed? apt-get install redis-server): ${(error as Error).message}`);
  }
  return server;
}

async function waitForPong(port: number): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      if ((await send(port, 'PING')).startsWith('+PONG')) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('no PONG within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function send(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no reply within 1 s'));
    }, 1000);
    socket.on('connect', () => socket.write(`${line}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.endsWith('\r\n')) {
        clearTimeout(timer);
        socket.end();
        resolve(reply);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
