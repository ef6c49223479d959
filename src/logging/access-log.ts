import { hostname } from 'node:os';
import { flatString } from './flat-string.js';

/** Where the batched lines go: the logger's own destination (fd-sink.ts), so they interleave with its lines whole. */
export interface LineSink {
  write(chunk: string): unknown;
}

/** Characters of waiting lines that make a write at once. */
const BATCH = 16 * 1024;

/**
 * The end of a line for 0–999 thousandths of a millisecond: `.xyz` with
 * trailing zeros dropped as JavaScript prints a number (`1.2`, not `1.200`),
 * then the message. A double's toString costs ~0.6 µs, a lookup nothing.
 */
const ENDINGS: readonly string[] = Array.from({ length: 1000 }, (_, n) =>
  flatString(n === 0 ? '' : `.${String(n).padStart(3, '0').replace(/0+$/, '')}`, ',"msg":"request"}\n'),
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
  /**
   * The waiting lines, one string of pieces that the sink encodes in one walk (fd-sink.ts):
   * measured cheaper than joining an array of pieces, which first copies them into a flat string.
   */
  #buffer = '';
  #scheduled = false;
  /**
   * The line's start up to the request id, for the millisecond `#startTime` (a few requests share each).
   * NaN at first, not -1: Date.now() is no small integer, and a field that changes representation
   * deprecates V8's hidden classes (tests/logging/field-representation).
   */
  #startTime = Number.NaN;
  #start = '';
  /**
   * The line's middle, from the method to `"durationMs":`, for the last method, path, action and
   * status: most requests repeat them, so most lines are five pieces, not eleven.
   */
  #method = '';
  #path = '';
  #action: unknown;
  #status = 0;
  #middle = '';

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
      this.#start = flatString(this.#prefix, now, this.#bindings, ',"reqId":"');
    }
    if (status !== this.#status || path !== this.#path || method !== this.#method || action !== this.#action) {
      this.#status = status;
      this.#path = path;
      this.#method = method;
      this.#action = action;
      // The method is a token already (node:http checks it); path and action are quoted as JSON.
      const actionField = typeof action === 'string' ? `,"action":${JSON.stringify(action)}` : '';
      this.#middle = flatString(
        '","method":"',
        method,
        '","path":',
        JSON.stringify(path),
        actionField,
        ',"status":',
        status,
        ',"durationMs":',
      );
    }
    const ms = Math.floor(durationMicros / 1000);
    // reqId is safe characters already (request-id.ts).
    this.#buffer += `${this.#start}${reqId}${this.#middle}${ms}${ENDINGS[durationMicros - ms * 1000]}`;
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
