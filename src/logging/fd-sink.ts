import { writeSync } from 'node:fs';

/** How long to wait before trying again when the descriptor is full (a pipe whose reader is behind). */
const FULL_WAIT_MS = 1;
const waitCell = new Int32Array(new SharedArrayBuffer(4));
/** Room for chunks of up to 21,845 characters (3 bytes each at most): a batch of request lines (up to 64 of some 220 characters); longer chunks are encoded apart. */
const SCRATCH_BYTES = 64 * 1024;

/**
 * The destination of a logger Switchyard makes (`logger: true`): writes each
 * chunk to a file descriptor synchronously and whole, so pino's lines and the
 * batched request lines (access-log.ts) never interleave mid-line.
 *
 * It replaces pino's synchronous SonicBoom, which encodes every chunk to
 * UTF-8 up to four times (to count its bytes, to write it, and to copy it
 * for a partial write that did not happen): this encodes once, into a
 * buffer kept for the purpose. A full non-blocking descriptor (EAGAIN) is waited for, as
 * SonicBoom does. Any other failure (the reader is gone) stops writing and
 * is reported once as a process warning, instead of throwing into the
 * request whose answer happened to flush the lines.
 */
export class FdSink {
  readonly fd: number;
  readonly #scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);
  #failed = false;

  constructor(fd: number) {
    this.fd = fd;
  }

  /** Writes `chunk` whole before returning. Always true: nothing is ever left waiting. */
  write(chunk: string): boolean {
    if (this.#failed || chunk.length === 0) return true;
    const bytes =
      chunk.length * 3 <= SCRATCH_BYTES ? this.#scratch.subarray(0, this.#scratch.write(chunk, 0, 'utf8')) : Buffer.from(chunk, 'utf8');
    try {
      writeWhole(this.fd, bytes);
    } catch (error) {
      this.#failed = true;
      process.emitWarning(`Log lines are no longer written to descriptor ${this.fd}: ${(error as Error).message}`, 'SwitchyardLogWarning');
    }
    return true;
  }

  /** Nothing waits: every write is done when it returns (pino calls this from `logger.flush()`). */
  flush(callback?: (error?: Error) => void): void {
    callback?.();
  }

  flushSync(): void {}
}

function writeWhole(fd: number, bytes: Buffer): void {
  let rest = bytes;
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') throw error;
      Atomics.wait(waitCell, 0, 0, FULL_WAIT_MS);
    }
  }
}
