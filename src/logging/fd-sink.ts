import { fstatSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** Bytes of lines kept while the descriptor takes none (`log_buffer_size`). */
export const DEFAULT_LOG_BUFFER_BYTES = 1024 * 1024;
/** How often lines waiting for a full descriptor are offered again. */
const RETRY_MS = 20;
/** At exit, the longest lines still waiting may hold the process: a reader that never comes back must not keep it. */
const EXIT_WAIT_MS = 1000;
/** At exit, the pause between two tries of a full descriptor. */
const EXIT_RETRY_MS = 1;
const waitCell = new Int32Array(new SharedArrayBuffer(4));
/** Room for chunks of up to 21,845 characters (3 bytes each at most): a batch of request lines (up to 64 of some 220 characters); longer chunks are encoded apart. */
const SCRATCH_BYTES = 64 * 1024;
/** The level of the dropped-lines notice: pino's `warn`. */
const WARN = 40;

/** Sinks with lines waiting, for the exit hook. */
const backedUp = new Set<FdSink>();
let exitHookArmed = false;
/** Set once the process is exiting: from then on every write waits for the descriptor, up to `EXIT_WAIT_MS` in all. */
let exitDeadline = 0;

/**
 * The destination of a logger Switchyard makes (`logger: true`): writes each
 * chunk to a file descriptor synchronously and whole, so pino's lines and the
 * batched request lines (access-log.ts) never interleave mid-line.
 *
 * It replaces pino's synchronous SonicBoom, which encodes every chunk to
 * UTF-8 up to four times (to count its bytes, to write it, and to copy it
 * for a partial write that did not happen): this encodes once, into a
 * buffer kept for the purpose.
 *
 * It never waits for its reader: logging must not stop the server answering.
 * A pipe or socket is made non-blocking (as node makes its own stdout), so a
 * full one refuses the write; what it did not take waits, in order, in a
 * buffer of `bufferBytes`, offered again every few milliseconds. Chunks that
 * would overflow it are dropped whole and their lines counted; once
 * everything waiting is written, a warning line says how many were dropped.
 * Any other failure (the reader is gone) stops writing and is reported once
 * as a process warning, instead of throwing into the request whose answer
 * happened to flush the lines.
 */
export class FdSink {
  readonly fd: number;
  readonly #bufferBytes: number;
  readonly #scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);
  #failed = false;
  /** What the descriptor has not taken yet, oldest first; nothing newer is written before it. */
  #waiting: Buffer[] = [];
  #waitingBytes = 0;
  /** Lines dropped since the last notice. */
  #dropped = 0;
  #retry: NodeJS.Timeout | undefined;
  #onDrained: ((error?: Error) => void)[] = [];

  /** `bufferBytes`: the most bytes of lines kept while the descriptor is full. */
  constructor(fd: number, bufferBytes = DEFAULT_LOG_BUFFER_BYTES) {
    this.fd = fd;
    this.#bufferBytes = bufferBytes;
    makeNonBlocking(fd);
    if (!exitHookArmed) {
      exitHookArmed = true;
      process.once('exit', () => {
        exitDeadline = Date.now() + EXIT_WAIT_MS;
        for (const sink of backedUp) sink.#drainBy(exitDeadline);
      });
    }
  }

  /** Writes `chunk` whole, now or (when the descriptor is full) later in order, or drops it. Always true: pino never waits. */
  write(chunk: string): boolean {
    if (this.#failed || chunk.length === 0) return true;
    if (this.#waitingBytes > 0) {
      this.#keep(chunk);
    } else {
      const bytes =
        chunk.length * 3 <= SCRATCH_BYTES ? this.#scratch.subarray(0, this.#scratch.write(chunk, 0, 'utf8')) : Buffer.from(chunk, 'utf8');
      const written = this.#writeSome(bytes);
      // The rest of a chunk begun is always kept, whatever the buffer's size: a line is never cut.
      if (written < bytes.length && !this.#failed) this.#wait(Buffer.from(bytes.subarray(written)));
    }
    if (exitDeadline !== 0) this.#drainBy(exitDeadline);
    return true;
  }

  /** Calls back once nothing waits (at once when nothing does); pino calls this from `logger.flush()`. */
  flush(callback?: (error?: Error) => void): void {
    if (callback === undefined) return;
    if (this.#waitingBytes === 0 || this.#failed) callback();
    else this.#onDrained.push(callback);
  }

  /** Writes what waits, waiting for the descriptor up to a second at most. */
  flushSync(): void {
    this.#drainBy(Date.now() + EXIT_WAIT_MS);
  }

  /** A chunk that arrives while others wait: kept after them if the buffer has room, else dropped and counted. */
  #keep(chunk: string): void {
    // Each UTF-16 unit is at least one byte: a chunk too long in units is too long in bytes, with no encoding.
    if (this.#waitingBytes + chunk.length <= this.#bufferBytes) {
      const bytes = Buffer.from(chunk, 'utf8');
      if (this.#waitingBytes + bytes.length <= this.#bufferBytes) {
        this.#wait(bytes);
        return;
      }
    }
    this.#dropped += linesIn(chunk);
  }

  #wait(bytes: Buffer): void {
    this.#waiting.push(bytes);
    this.#waitingBytes += bytes.length;
    backedUp.add(this);
    this.#retry ??= setTimeout(this.#offer, RETRY_MS).unref();
  }

  /** Offers what waits to the descriptor again; tries later if it still takes not all of it. */
  readonly #offer = (): void => {
    this.#retry = undefined;
    this.#writeWaiting();
    if (this.#waitingBytes > 0 && !this.#failed) this.#retry = setTimeout(this.#offer, RETRY_MS).unref();
  };

  /** Writes what waits, oldest first, until the descriptor is full; then the dropped-lines notice, if any. */
  #writeWaiting(): void {
    while (this.#waiting.length > 0 && !this.#failed) {
      const first = this.#waiting[0]!;
      const written = this.#writeSome(first);
      this.#waitingBytes -= written;
      if (written < first.length) {
        this.#waiting[0] = first.subarray(written);
        return;
      }
      this.#waiting.shift();
      if (this.#waiting.length === 0 && this.#dropped > 0) {
        const notice = droppedNotice(this.#dropped);
        this.#dropped = 0;
        this.#waiting.push(notice);
        this.#waitingBytes += notice.length;
      }
    }
    if (this.#waitingBytes === 0 || this.#failed) this.#drained();
  }

  /** Writes what waits, pausing while the descriptor is full, until it is all written or `deadline` (ms) passes. */
  #drainBy(deadline: number): void {
    this.#writeWaiting();
    while (this.#waitingBytes > 0 && !this.#failed && Date.now() < deadline) {
      Atomics.wait(waitCell, 0, 0, EXIT_RETRY_MS);
      this.#writeWaiting();
    }
  }

  #drained(): void {
    backedUp.delete(this);
    if (this.#retry !== undefined) clearTimeout(this.#retry);
    this.#retry = undefined;
    const callbacks = this.#onDrained;
    this.#onDrained = [];
    for (const callback of callbacks) callback();
  }

  /** Writes from the start of `bytes` until done or the descriptor is full; the count written. A failure stops the sink. */
  #writeSome(bytes: Buffer): number {
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(this.fd, bytes, written);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EBUSY') return written;
      this.#failed = true;
      this.#waiting = [];
      this.#waitingBytes = 0;
      this.#drained();
      process.emitWarning(`Log lines are no longer written to descriptor ${this.fd}: ${(error as Error).message}`, 'SwitchyardLogWarning');
    }
    return written;
  }
}

/**
 * Makes a pipe or socket descriptor non-blocking, so that a full one refuses
 * a write instead of stopping the process until its reader takes more. For
 * stdout and stderr node does it when it opens its own stream on them, which
 * is asked for here; another descriptor is used as it was given.
 */
function makeNonBlocking(fd: number): void {
  let stats: ReturnType<typeof fstatSync>;
  try {
    stats = fstatSync(fd);
  } catch {
    return;
  }
  if (!stats.isFIFO() && !stats.isSocket()) return;
  if (fd === 1 || fd === 2) openStandardStream(fd);
}

/** node's stream on stdout or stderr; opening it sets the descriptor non-blocking. */
function openStandardStream(fd: 1 | 2): NodeJS.WriteStream {
  return fd === 1 ? process.stdout : process.stderr;
}

/** The lines of a chunk (each ends in a line feed). */
function linesIn(chunk: string): number {
  let lines = 0;
  for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** A pino-shaped warning line: how many lines were dropped while the reader took none. */
function droppedNotice(dropped: number): Buffer {
  const line = {
    level: WARN,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    dropped,
    msg: `${dropped} log lines were dropped: the log's reader did not take them and the log buffer (log_buffer_size) was full.`,
  };
  return Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
}
