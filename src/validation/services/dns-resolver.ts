/**
 * The DNS lookups of `active_url` and `email:dns`, as a container key: the
 * application may bind its own (a cache, a fixed answer in tests) with
 * `app.container.bind(DnsResolver).toConstantValue(resolver)`; without one,
 * the rules use a `NodeDnsResolver` with its defaults.
 */

/** The record types the rules ask for: Laravel's `DNS_A`, `DNS_AAAA` and `DNS_MX`. */
export type DnsRecordType = 'A' | 'AAAA' | 'MX';

export abstract class DnsResolver {
  /**
   * The records of one type for `host`, an absolute name (never completed
   * with a search domain): addresses for `A` and `AAAA`, the exchange host
   * names for `MX` (`''` for a "null MX", RFC 7505). Resolves to `[]` when the
   * name or the type does not exist (NXDOMAIN, NODATA), as PHP's
   * `dns_get_record` answers; rejects when the lookup fails (a timeout, a
   * server failure), which the rules read as a failed validation, never a 500.
   */
  abstract records(host: string, type: DnsRecordType): Promise<readonly string[]>;
}
