/**
 * Rules that ask the network: `active_url` (DNS). Its lookups run once per
 * validation for every distinct host at its field, in parallel, within the
 * run's DNS budget (see `dns-lookups.ts`), through the application's
 * `DnsResolver` (node's resolver when none is bound).
 */
import { ADDRESS_TYPES, dnsLookups, hasAddress, hostsPassing } from '../dns-lookups.js';
import { phpUrlHost } from '../../php/php-url.js';
import type { RuleFamily } from './definition.js';

export const NETWORK = {
  active_url: {
    kind: 'value',
    message: 'The :attribute field must be a valid URL.',
    server: 'dns',
    // Laravel's validateActiveUrl: the host parse_url finds has an A or AAAA record; a failed lookup fails the rule.
    compile: () => ({
      prefetch: async (values, context) => {
        // Each value's host, read once: the check below finds it again by the same string.
        const hostOf = new Map<unknown, string | null>();
        const hosts = new Set<string>();
        for (const value of values) {
          const host = typeof value === 'string' ? phpUrlHost(value) : null;
          hostOf.set(value, host);
          if (host !== null) hosts.add(host);
        }
        if (hosts.size === 0) return () => false;
        const active = await hostsPassing(dnsLookups(context, 'active_url'), hosts, ADDRESS_TYPES, hasAddress);
        return (value) => {
          const host = hostOf.has(value) ? hostOf.get(value)! : typeof value === 'string' ? phpUrlHost(value) : null;
          return host !== null && active.has(host);
        };
      },
    }),
  },
} as const satisfies RuleFamily;
