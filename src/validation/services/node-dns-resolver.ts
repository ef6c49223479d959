/**
 * The default `DnsResolver`: node's own resolver (`node:dns`, c-ares, the
 * system's name servers), one try per server, at most `concurrency` lookups
 * in flight (the default resolver is one per process), and a deadline per
 * lookup that counts the wait for a place too, so a validation never waits
 * longer than `timeout` on DNS.
 */
import { Resolver } from 'node:dns/promises';
import { DnsResolver, type DnsRecordType } from './dns-resolver.js';
import { within } from '../../awaitable.js';
import { LogicException } from '../../errors/logic-exception.js';
import { InFlightLimit } from './in-flight-limit.js';
import { timeoutOption } from './timeout-option.js';

export interface NodeDnsResolverOptions {
  /** Most milliseconds a lookup may take; past it the lookup fails (and so the rule). Default 2000. */
  readonly timeout?: number;
  /** Name servers (`'127.0.0.1:5353'`, `'[::1]:53'`) instead of the system's. */
  readonly servers?: readonly string[];
  /** Most lookups in flight at once; the others wait their turn (within their deadline). Default 16. */
  readonly concurrency?: number;
}

/** The codes c-ares gives for a name or a type that does not exist: no records, not a failure. */
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

export class NodeDnsResolver extends DnsResolver {
  readonly #resolver: Resolver;
  readonly #timeout: number;
  readonly #limit: InFlightLimit;

  constructor(options: NodeDnsResolverOptions = {}) {
    super();
    const timeout = timeoutOption('NodeDnsResolver', options.timeout, 2000);
    this.#timeout = timeout;
    this.#limit = new InFlightLimit(concurrencyOption(options.concurrency));
    this.#resolver = new Resolver({ timeout, tries: 1 });
    if (options.servers !== undefined) this.#resolver.setServers([...options.servers]);
  }

  override records(host: string, type: DnsRecordType): Promise<readonly string[]> {
    // A final dot makes the name absolute, as Laravel's `$host.'.'`.
    const name = host.endsWith('.') ? host : `${host}.`;
    // c-ares retries each server in turn; the deadline bounds the whole lookup, its wait for a place included.
    let late = false;
    const lookup = this.#limit.run(
      () => this.#lookup(name, type),
      () => late,
      () => new Error(`DNS lookup of ${host} was not sent: its deadline passed while it waited`),
    );
    return within(lookup, this.#timeout, () => {
      late = true;
      return new Error(`DNS lookup of ${host} timed out after ${this.#timeout} ms`);
    });
  }

  async #lookup(name: string, type: DnsRecordType): Promise<readonly string[]> {
    try {
      if (type === 'MX') return (await this.#resolver.resolveMx(name)).map((mx) => mx.exchange);
      return type === 'A' ? await this.#resolver.resolve4(name) : await this.#resolver.resolve6(name);
    } catch (error) {
      if (NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  }
}

function concurrencyOption(concurrency: number | undefined): number {
  const value = concurrency ?? 16;
  if (!Number.isInteger(value) || value < 1) {
    throw new LogicException(`NodeDnsResolver: concurrency must be a positive whole number, got ${String(value)}.`);
  }
  return value;
}
