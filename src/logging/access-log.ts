import { hostname } from 'node:os';

/** Where the batched lines go: pino's own destination (a SonicBoom), so they interleave with its lines whole. */
export interface LineSink {
  write(chunk: string): unknown;
}

const BATCH = 16 * 1024;

/**
 * `.xyz` for 0–999 thousandths, trailing zeros dropped as JavaScript prints
 * a number (`1.2`, not `1.200`): a double's toString costs ~0.6 µs, a
 * lookup nothing.
 */
const THOUSANDTHS: readonly string[] = Array.from({ length: 1000 }, (_, n) =>
  n === 0 ? '' : `.${String(n).padStart(3, '0').replace(/0+$/, '')}`,
);
const live = new Set<AccessLog>();
let exitHookArmed = false;

/**
 * The per-request line of a logger Switchyard made itself (`logger: true`
 * or `{ level }`), built by hand in pino's exact format and written in
 * batches: a pino call costs ~3.6 µs on the benchmark machine, most of it in
 * the destination's per-line write; this costs ~0.35 µs. Lines are flushed
 * when 16 KiB are waiting, once per turn of the event loop, and at exit.
 * Loggers given by the user (their own destination, transports,
 * serializers...) keep going through pino.
 */
export class AccessLog {
  readonly #sink: LineSink;
  readonly #prefix: string;
  #buffer = '';
  #scheduled = false;
  /**
   * The line's start up to the request id, for the millisecond `#startTime` (a few requests share each).
   * NaN at first, not -1: Date.now() is no small integer, and a field that changes representation
   * deprecates V8's hidden classes (tests/logging/field-representation).
   */
  #startTime = Number.NaN;
  #start = '';
  /** The last path and action quoted, since most requests repeat them. */
  #path = '';
  #pathField = '';
  #action: unknown;
  #actionField = '';

  constructor(sink: LineSink, level: number) {
    this.#sink = sink;
    this.#prefix = `{"level":${level},"time":`;
    this.#bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
    live.add(this);
    if (!exitHookArmed) {
      exitHookArmed = true;
      process.once('exit', () => {
        for (const log of live) log.flush();
      });
    }
  }

  readonly #bindings: string;

  /**
   * Queues the line of one answered request; `durationMicros` is a whole
   * number of microseconds, written as milliseconds (`1.234`).
   */
  line(reqId: string, method: string, path: string, action: unknown, status: number, durationMicros: number): void {
    const now = Date.now();
    if (now !== this.#startTime) {
      this.#startTime = now;
      this.#start = `${this.#prefix}${now}${this.#bindings},"reqId":"`;
    }
    if (path !== this.#path) {
      this.#path = path;
      this.#pathField = `","path":${JSON.stringify(path)}`;
    }
    if (action !== this.#action) {
      this.#action = action;
      this.#actionField = typeof action === 'string' ? `,"action":${JSON.stringify(action)}` : '';
    }
    const ms = Math.floor(durationMicros / 1000);
    // reqId and method are safe characters already (request-id.ts; node:http checks the method token).
    this.#buffer += `${this.#start}${reqId}","method":"${method}${this.#pathField}${this.#actionField},"status":${status},"durationMs":${ms}${THOUSANDTHS[durationMicros - ms * 1000]},"msg":"request"}\n`;
    if (this.#buffer.length >= BATCH) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flushSoon);
    }
  }

  readonly #flushSoon = (): void => {
    this.#scheduled = false;
    this.flush();
  };

  /** Writes what is waiting. */
  flush(): void {
    if (this.#buffer === '') return;
    const chunk = this.#buffer;
    this.#buffer = '';
    this.#sink.write(chunk);
  }

  /** Stops tracking this log for the exit flush (after a final flush). */
  close(): void {
    this.flush();
    live.delete(this);
  }
}

const accessLogs = new WeakMap<object, AccessLog>();

/** Registers the fast line writer of a logger made by `createLogger`. */
export function attachAccessLog(logger: object, log: AccessLog): void {
  accessLogs.set(logger, log);
}

/** The fast line writer of `logger`, if Switchyard made it; undefined for a logger of the user's own. */
export function accessLogOf(logger: object): AccessLog | undefined {
  return accessLogs.get(logger);
}
