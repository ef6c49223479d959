import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { flatString } from './flat-string.js';

/** Where the batched lines go: the logger's own destination (fd-sink.ts), so they interleave with its lines whole. */
export interface LineSink {
  write(chunk: string): unknown;
}

/** `000` to `999`: a time's last three digits. A new millisecond then turns no number into text: a time in ms is no 32-bit integer, and such a double's toString is the slow one. */
const MILLIS: readonly string[] = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
/**
 * The end of a line for 0–999 thousandths of a millisecond: `.xyz` with
 * trailing zeros dropped as JavaScript prints a number (`1.2`, not `1.200`),
 * then the message. A double's toString costs ~0.6 µs, a lookup nothing.
 */
const ENDINGS: readonly string[] = Array.from({ length: 1000 }, (_, n) =>
  flatString(n === 0 ? '' : `.${MILLIS[n]!.replace(/0+$/, '')}`, ',"msg":"request"}\n'),
);
const live = new Set<AccessLog>();
/** A log's requests between batches (each batch makes its own array: `AccessLog#requests`). Never written. */
const NO_REQUESTS: (LoggedRequest | undefined)[] = [];
let exitHookArmed = false;

/** Answered requests noted before their lines are written at once (some 14 KiB of lines). */
const CAPACITY = 64;

/** What a request line says of its request (a `Request` once answered). */
export interface LoggedRequest {
  readonly requestId: string | undefined;
  /** The method as sent (`Request.realMethod`). */
  readonly realMethod: string;
  /** The path as sent (`Request.pathInfo`). */
  readonly pathInfo: string;
  readonly selectedAction: unknown;
  /** `performance.now()` when the request began. */
  readonly startedAt: number;
}

/**
 * The per-request line of a logger Switchyard made itself (`logger: true`
 * or `{ level }`), built by hand in pino's exact format. A pino call costs
 * ~3.6 µs on the benchmark machine, most of it in the destination's
 * per-line write. Here an answered request is only noted (three stores);
 * its line is built with the others of the same turn of the event loop, in
 * one loop, and written in one write: at the end of that turn, when 64 are
 * waiting, and at exit. Building lines away from the answers keeps their
 * code off the path every answer takes.
 * Loggers given by the user (their own destination, transports,
 * serializers...) keep going through pino.
 */
export class AccessLog {
  readonly #sink: LineSink;
  readonly #prefix: string;
  /** The line from after the time up to the request id. */
  readonly #afterTime: string;
  /**
   * The requests noted since the last write, their statuses and when they were answered (`performance.now()`).
   * A new array per batch: storing a young request into an array that has lived long (the log's own) costs a
   * write barrier each time; into one as young as the request, none.
   */
  #requests = NO_REQUESTS;
  readonly #statuses = new Int32Array(CAPACITY);
  readonly #answeredAt = new Float64Array(CAPACITY);
  #count = 0;
  #scheduled = false;
  /**
   * The line's start up to the request id, for the millisecond `#startTime`: the last line's time
   * (a few requests share each). Each batch reads the wall clock anew, in whole milliseconds, so two
   * batches may place answers up to 1 ms apart out of order: such a line keeps the time of the one
   * before. A clock set back further is followed.
   * NaN at first, not -1: a time is no small integer, and a field that changes representation
   * deprecates V8's hidden classes (tests/logging/field-representation).
   */
  #startTime = Number.NaN;
  #start = '';
  /** The whole seconds of `#startTime` and the line's start up to them: rewritten once a second, not once a millisecond. */
  #second = Number.NaN;
  #secondHead = '';
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
    this.#afterTime = flatString(',"pid":', process.pid, ',"hostname":', JSON.stringify(hostname()), ',"reqId":"');
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
    if (index === 0) this.#requests = new Array<LoggedRequest | undefined>(CAPACITY);
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
    this.#requests = NO_REQUESTS; // the batch's requests are not kept until the next one begins
    let text = '';
    for (let index = 0; index < count; index++) {
      text += this.#line(requests[index]!, this.#statuses[index]!, this.#answeredAt[index]!, wallOffset);
    }
    this.#sink.write(text);
  }

  #line(request: LoggedRequest, status: number, answeredAt: number, wallOffset: number): string {
    const wall = Math.floor(answeredAt + wallOffset);
    const last = this.#startTime;
    const time = wall < last && wall >= last - 1 ? last : wall;
    if (time !== last) {
      this.#startTime = time;
      this.#start = this.#startAt(time);
    }
    const { realMethod: method, pathInfo: path, selectedAction } = request;
    if (status !== this.#status || path !== this.#path || method !== this.#method || selectedAction !== this.#action) {
      this.#status = status;
      this.#path = path;
      this.#method = method;
      this.#action = selectedAction;
      // The method is a token already (node:http checks it); path and action are quoted as JSON.
      const actionField = typeof selectedAction === 'string' ? `,"action":${JSON.stringify(selectedAction)}` : '';
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
    // A whole number of microseconds, written as milliseconds (`1.234`).
    const micros = Math.round((answeredAt - request.startedAt) * 1000);
    const ms = Math.floor(micros / 1000);
    // The id is safe characters already (request-id.ts).
    return `${this.#start}${request.requestId}${this.#middle}${ms}${ENDINGS[micros - ms * 1000]}`;
  }

  /** The line's start for the time `time` (ms since the epoch), up to the request id. */
  #startAt(time: number): string {
    // Before 1970-01-01T00:00:01Z (a clock set wrong) the digits are not seconds and three more: write them whole.
    if (time < 1000) return flatString(this.#prefix, time, this.#afterTime);
    const second = Math.floor(time / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#secondHead = flatString(this.#prefix, second);
    }
    return flatString(this.#secondHead, MILLIS[time - second * 1000]!, this.#afterTime);
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
