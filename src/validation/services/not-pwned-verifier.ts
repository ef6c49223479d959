/**
 * The default `UncompromisedVerifier`: Laravel's `NotPwnedVerifier`. The
 * Have I Been Pwned range API is asked for the first 5 hex digits of the
 * password's SHA-1 (k-anonymity: the password and its full hash never
 * leave the process) and answers every leaked hash with that prefix and
 * its count. As in Laravel, the request asks for padding, and a service
 * that cannot be reached (an error, a timeout, a non-2xx answer) lets the
 * password pass: the error is reported, never turned into a 500.
 */
import { createHash } from 'node:crypto';
import { UncompromisedVerifier } from './uncompromised-verifier.js';
import { timeoutOption } from './timeout-option.js';

export interface NotPwnedVerifierOptions {
  /** Most milliseconds the request may take. Default 5000 (Laravel waits 30 s). */
  readonly timeout?: number;
  /** The range API, the prefix appended. Default `https://api.pwnedpasswords.com/range/`. */
  readonly endpoint?: string;
  /** Called with the error when the service cannot be reached. Default: written to stderr. */
  readonly report?: (error: unknown) => void;
}

/** A padded answer is about 40 KB; anything past this is not the range API. */
const MAX_BODY_BYTES = 1 << 20;

const reportToStderr = (error: unknown): void => {
  process.stderr.write(`[switchyard] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
};

export class NotPwnedVerifier extends UncompromisedVerifier {
  readonly #timeout: number;
  readonly #endpoint: string;
  readonly #report: (error: unknown) => void;

  constructor(options: NotPwnedVerifierOptions = {}) {
    super();
    const timeout = timeoutOption('NotPwnedVerifier', options.timeout, 5000);
    this.#timeout = timeout;
    this.#endpoint = options.endpoint ?? 'https://api.pwnedpasswords.com/range/';
    this.#report = options.report ?? reportToStderr;
  }

  override async verify(value: string, threshold: number): Promise<boolean> {
    // PHP's `empty()`: '' and '0' count as compromised.
    if (value === '' || value === '0') return false;
    const hash = createHash('sha1').update(value, 'utf8').digest('hex').toUpperCase();
    const prefix = hash.slice(0, 5);
    const body = await this.#search(prefix);
    for (const line of body.trim().split('\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const suffix = line.slice(0, colon).trim();
      if (prefix + suffix === hash && Number(line.slice(colon + 1).trim()) > threshold) return false;
    }
    return true;
  }

  /** The range API's answer, or '' when it cannot be had. */
  async #search(prefix: string): Promise<string> {
    try {
      const response = await fetch(this.#endpoint + prefix, {
        headers: { 'Add-Padding': 'true' },
        signal: AbortSignal.timeout(this.#timeout),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return '';
      }
      return await readCapped(response);
    } catch (error) {
      this.#report(error);
      return '';
    }
  }
}

async function readCapped(response: Response): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Error(`The pwned passwords answer is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
