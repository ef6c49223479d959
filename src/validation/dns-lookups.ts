/**
 * The DNS half of `active_url` and `email:dns`: every distinct host of a
 * validation run looked up once, by every rule that names it, all at the
 * same time, before any rule checks. A run looks up at most
 * `max_dns_lookups` distinct hosts (its budget, in the order the rules and
 * the values come); the hosts past it fail as hosts without records, so a
 * body of many addresses cannot fan out into as many queries. Each lookup is
 * bounded by its resolver's deadline, and the default resolver also bounds
 * the lookups in flight in the process.
 */
import { DEFAULT_LIMITS } from './limits.js';
import type { ValidationContext } from './rules/definition.js';
import { domainToAscii } from '../php/domain-to-ascii.js';
import { serverImplementation } from './server-implementations.js';
import { DnsResolver, type DnsRecordType } from './services/dns-resolver.js';

/** What the records of one host must show; the host fails when any of its lookups fails. */
export type RecordsTest = (records: ReadonlyMap<DnsRecordType, readonly string[]>) => boolean;

/** One run's lookups: each host and type asked once, at most `maxHosts` distinct hosts (0: no limit). */
export class DnsLookups {
  /** `host TYPE` → its answer, shared by every rule of the run. */
  readonly #answers = new Map<string, Promise<readonly string[]>>();
  readonly #hosts = new Set<string>();

  constructor(
    private readonly resolver: DnsResolver,
    private readonly maxHosts: number,
  ) {}

  /** Whether `host` may be looked up: it already was, or the budget has room for it. */
  admits(host: string): boolean {
    if (this.#hosts.has(host)) return true;
    if (this.maxHosts !== 0 && this.#hosts.size >= this.maxHosts) return false;
    this.#hosts.add(host);
    return true;
  }

  records(host: string, type: DnsRecordType): Promise<readonly string[]> {
    const key = `${host} ${type}`;
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = this.resolver.records(host, type);
      this.#answers.set(key, answer);
    }
    return answer;
  }
}

const RUNS = new WeakMap<ValidationContext, DnsLookups>();

/** The lookups of the run `context` belongs to (the validator gives each run its own context), for `rule`. */
export function dnsLookups(context: ValidationContext, rule: string): DnsLookups {
  let lookups = RUNS.get(context);
  if (lookups === undefined) {
    const budget = context.limits?.max_dns_lookups ?? DEFAULT_LIMITS.max_dns_lookups ?? 0;
    lookups = new DnsLookups(
      context.service(DnsResolver, () => serverImplementation('dnsResolver', rule)()),
      budget,
    );
    RUNS.set(context, lookups);
  }
  return lookups;
}

/** The hosts among `hosts` whose records of `types` all resolve and pass `test`; a host past the budget does not. */
export async function hostsPassing(
  lookups: DnsLookups,
  hosts: ReadonlySet<string>,
  types: readonly DnsRecordType[],
  test: RecordsTest,
): Promise<Set<string>> {
  const passing = new Set<string>();
  const admitted = [...hosts].filter((host) => lookups.admits(host));
  await Promise.all(
    admitted.map(async (host) => {
      try {
        const found = await Promise.all(types.map((type) => lookups.records(host, type)));
        const records = new Map(types.map((type, i) => [type, found[i]!] as const));
        if (test(records)) passing.add(host);
      } catch {
        // A failed lookup is PHP's `dns_get_record` returning false: the host does not pass.
      }
    }),
  );
  return passing;
}

/** `active_url`: an A or AAAA record (Laravel's `dns_get_record($host.'.', DNS_A | DNS_AAAA)`). */
export const ADDRESS_TYPES: readonly DnsRecordType[] = ['A', 'AAAA'];
export const hasAddress: RecordsTest = (records) => records.get('A')!.length + records.get('AAAA')!.length > 0;

/**
 * `email:dns` (egulias' DNSCheckValidation): an MX, A or AAAA record, and no
 * "null MX" (RFC 7505: an exchange `''` or `.`; PHP's `empty()` also takes `'0'`).
 */
export const MAIL_TYPES: readonly DnsRecordType[] = ['MX', 'A', 'AAAA'];
export const acceptsMail: RecordsTest = (records) => {
  const mx = records.get('MX')!;
  if (mx.some((exchange) => exchange === '' || exchange === '.' || exchange === '0')) return false;
  return mx.length + records.get('A')!.length + records.get('AAAA')!.length > 0;
};

/** Reserved (RFC 2606), mDNS and private top-level names egulias refuses without a lookup. */
const RESERVED_TOP_LEVEL = new Set([
  'test',
  'example',
  'invalid',
  'localhost',
  'local',
  'intranet',
  'internal',
  'private',
  'corp',
  'home',
  'lan',
]);

/**
 * The name `email:dns` looks up for `value`: what follows its last `@` (the
 * whole value without one), in ASCII (IDNA), final dots dropped; null when
 * egulias refuses it without a lookup (a single label, a reserved top-level
 * name, compared case-sensitively as egulias does) or when PHP's
 * `idn_to_ascii` fails, which leaves egulias looking up the root, where no
 * mail is: node has no ASCII form, or ICU's checks (an empty label, a label
 * past 63 octets, a hyphen at either end or at 3 and 4, a name past 253).
 */
export function emailDnsHost(value: string): string | null {
  const host = value.slice(value.lastIndexOf('@') + 1);
  const labels = host.split('.');
  if (labels.length <= 1 || RESERVED_TOP_LEVEL.has(labels[labels.length - 1]!)) return null;
  const ascii = domainToAscii(host);
  const name = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
  if (name === '' || name.length > 253) return null;
  for (const label of name.split('.')) if (!isIdnaLabel(label)) return null;
  return name;
}

function isIdnaLabel(label: string): boolean {
  if (label === '' || label.length > 63 || label.startsWith('-') || label.endsWith('-')) return false;
  return !(label[2] === '-' && label[3] === '-' && !label.toLowerCase().startsWith('xn'));
}
