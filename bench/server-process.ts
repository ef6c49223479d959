import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromServer, ToServer } from './contestants/serve.js';

/** Whether `taskset` can pin processes here (Linux with util-linux, 2+ cores). */
export function canPin(): boolean {
  return process.platform === 'linux' && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
}

/**
 * Re-runs the calling benchmark script (`script`, its `import.meta.url` as a path) under
 * `taskset -c 0`, so the load generator keeps to core 0 while servers run on core 1, and exits
 * with its status. Does nothing inside that re-run (`BENCH_PINNED=1`).
 */
export function rerunOnCore0(script: string): void {
  if (process.env.BENCH_PINNED === '1') return;
  const child = spawnSync('taskset', ['-c', '0', process.execPath, ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  process.exit(child.status ?? 1);
}

/** The names of the variants of bench/variants/pieces.ts. */
const VARIANT_NAME = /^(switchyard-without|bare-with)-[a-z-]+$/;

/** Resource use reported by a contestant. */
export type Usage = Extract<FromServer, { type: 'usage' }>;

/**
 * One contestant server in its own process, optionally pinned to a core with
 * `taskset`, talking to the runner over IPC.
 */
export class ServerProcess {
  readonly port: number;
  readonly pid: number;
  readonly #child: ChildProcess;

  private constructor(child: ChildProcess, port: number) {
    this.#child = child;
    this.port = port;
    this.pid = child.pid!;
  }

  /**
   * Starts `contestants/<file>.js` and resolves once it listens. A variant's name
   * (`switchyard-without-<piece>`, `bare-with-<piece>`: bench/variants/pieces.ts) starts `contestants/variant.js <name>`.
   */
  static start(file: string, options: { core?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
    const variant = VARIANT_NAME.test(file);
    const script = fileURLToPath(new URL(`./contestants/${variant ? 'variant' : file}.js`, import.meta.url));
    const node = [process.execPath, ...(options.nodeArgs ?? []), script, ...(variant ? [file] : [])];
    const [command, ...args] = options.core === undefined ? node : ['taskset', '-c', String(options.core), ...node];
    const child = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`${file}: did not start listening within 15 s`));
      }, 15_000);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${file}: exited before listening (code ${code}, signal ${signal})`));
      });
      child.once('message', (message: FromServer) => {
        clearTimeout(timer);
        if (message.type !== 'ready') return reject(new Error(`${file}: unexpected first message ${JSON.stringify(message)}`));
        child.removeAllListeners('exit');
        resolve(new ServerProcess(child, message.port));
      });
    });
  }

  /** CPU time (µs) and memory of the server process, as it reports them. */
  usage(): Promise<Usage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server ${this.pid}: no usage answer`)), 10_000);
      this.#child.once('message', (message: FromServer) => {
        clearTimeout(timer);
        if (message.type === 'usage') resolve(message);
        else reject(new Error(`server ${this.pid}: unexpected message ${JSON.stringify(message)}`));
      });
      this.#child.send({ type: 'usage' } satisfies ToServer);
    });
  }

  /** Asks the server to exit cleanly (so profiles are written); kills it after 5 s. */
  stop(): Promise<void> {
    const child = this.#child;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (child.connected) child.send({ type: 'exit' } satisfies ToServer);
      else child.kill();
    });
  }
}
