import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Where the batched lines go: the logger's own destination (fd-sink.ts), so they interleave with its lines whole. */
export interface LineSink {
  write(chunk: string): unknown;
}

const live = new Set<AccessLog>();
let exitHookArmed = false;

/** Answered requests noted before their lines are written at once (some 14 KiB of lines). */
const CAPACITY = 64;

/** What a request line says of its request (a `HttpRequest` once answered). */
export interface LoggedRequest {
  readonly requestId: string | undefined;
  /** The method as sent (`HttpRequest.realMethod`). */
  readonly realMethod: string;
  /** The path as sent (`HttpRequest.pathInfo`). */
  readonly pathInfo: string;
  readonly selectedAction: unknown;
  /** `performance.now()` when the request began. */
  readonly startedAt: number;
}

/**
 * The per-request line of a logger Switchyard made itself (`logger: true`
 * or `{ level }`), in pino's exact format. An answered request is only noted;
 * the lines of one turn of the event loop are built together and written in
 * one write: at the end of that turn, when 64 are waiting, and at exit.
 * Loggers given by the user (their own destination, transports,
 * serializers...) keep going through pino.
 */
export class AccessLog {
  readonly #sink: LineSink;
  /** The line's start up to the time, and from the time up to the request id. */
  readonly #prefix: string;
  readonly #afterTime: string;
  /** The requests noted since the last write, their statuses and when they were answered (`performance.now()`). */
  #requests: LoggedRequest[] = [];
  readonly #statuses = new Int32Array(CAPACITY);
  readonly #answeredAt = new Float64Array(CAPACITY);
  #count = 0;
  #scheduled = false;
  /**
   * The last line's time. Each batch reads the wall clock anew, in whole milliseconds, so two batches
   * may place answers up to 1 ms apart out of order: such a line keeps the time of the one before.
   * A clock set back further is followed.
   */
  #lastTime = Number.NEGATIVE_INFINITY;

  constructor(sink: LineSink, level: number) {
    this.#sink = sink;
    this.#prefix = `{"level":${level},"time":`;
    this.#afterTime = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":"`;
    live.add(this);
    if (!exitHookArmed) {
      exitHookArmed = true;
      process.once('exit', () => {
        for (const log of live) log.flush();
      });
    }
  }

  /** Notes an answered request; `answeredAt` is `performance.now()` when it was answered. */
  record(request: LoggedRequest, status: number, answeredAt: number): void {
    const index = this.#count;
    this.#requests[index] = request;
    this.#statuses[index] = status;
    this.#answeredAt[index] = answeredAt;
    this.#count = index + 1;
    if (index + 1 === CAPACITY) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flushSoon);
    }
  }

  readonly #flushSoon = (): void => {
    this.#scheduled = false;
    this.flush();
  };

  /** Writes the lines of the requests noted so far. */
  flush(): void {
    const count = this.#count;
    if (count === 0) return;
    this.#count = 0;
    // The wall clock at the answer, from the monotonic one read then: read once per batch, not per request.
    const wallOffset = Date.now() - performance.now();
    const requests = this.#requests;
    this.#requests = []; // the batch's requests are not kept until the next one begins
    let text = '';
    for (let index = 0; index < count; index++) {
      text += this.#line(requests[index]!, this.#statuses[index]!, this.#answeredAt[index]!, wallOffset);
    }
    this.#sink.write(text);
  }

  #line(request: LoggedRequest, status: number, answeredAt: number, wallOffset: number): string {
    const wall = Math.floor(answeredAt + wallOffset);
    const last = this.#lastTime;
    const time = wall < last && wall >= last - 1 ? last : wall;
    this.#lastTime = time;
    const { realMethod: method, pathInfo: path, selectedAction, requestId } = request;
    // The method is a token already (node:http checks it), the id safe characters (request-id.ts); path and action are quoted.
    const action = typeof selectedAction === 'string' ? `,"action":${JSON.stringify(selectedAction)}` : '';
    // Whole microseconds, written as milliseconds as pino prints them (`1.234`, `0.5`).
    const durationMs = Math.round((answeredAt - request.startedAt) * 1000) / 1000;
    return (
      `${this.#prefix}${time}${this.#afterTime}${requestId}","method":"${method}","path":${JSON.stringify(path)}${action}` +
      `,"status":${status},"durationMs":${durationMs},"msg":"request"}\n`
    );
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
