/**
 * Format rules: `email`, `url`, `uuid`, `ulid`, `ip`, `ipv4`, `ipv6`, `json`.
 * Every check is a linear scan or an anchored pattern without nested
 * quantifiers; `email`'s parsers are in `../email/`, and `email:dns` also
 * looks its domains up (see `dns-lookups.ts`).
 */
import { MAIL_TYPES, acceptsMail, dnsLookups, emailDnsHost, hostsPassing } from '../dns-lookups.js';
import { isContainer, phpString } from '../php.js';
import { emailValidations } from '../../php/email/email-validations.js';
import { isUrl, urlWithProtocols } from '../url.js';
import { BACKWARD_TIMEZONES, TIMEZONES, ZONE_COUNTRIES } from '../../php/timezones.js';
import { jsonNestsDeeperThan } from '../../php/json-depth.js';
import type { RuleFamily } from './definition.js';

/** The containers PHP's `json_decode` nests at its default depth of 512 (the value itself is a level). */
const PHP_JSON_MAX_NESTING = 511;

const UUID = /^[\da-fA-F]{8}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{12}$/;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
/** ajv-formats' `ipv4` and `ipv6` (the `full` set), as the rules used them through ajv. */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 =
  /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;

const stringMatching =
  (re: RegExp) =>
  (v: unknown): boolean =>
    typeof v === 'string' && re.test(v);

const isIpv4 = stringMatching(IPV4);
const isIpv6 = stringMatching(IPV6);

/** Laravel's pattern; PCRE's `$` also matches before a final newline. */
const HEX_COLOR = /^#(?:(?:[0-9a-f]{3}){1,2}|(?:[0-9a-f]{4}){1,2})\n?$/i;
/** `FILTER_VALIDATE_MAC`: six hex pairs split by `-` or `:` (one kind), or three groups of four split by `.`. */
const MAC = /^(?:[0-9a-f]{2}(?:-[0-9a-f]{2}){5}|[0-9a-f]{2}(?::[0-9a-f]{2}){5}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){2})$/i;

/** The zones of a `timezone:group` parameter (`DateTimeZone::` constants), or null when unknown. */
function timezoneGroup(group: string, country: string | undefined): readonly string[] | null {
  const g = group.toUpperCase();
  if (g === 'PER_COUNTRY') return TIMEZONES.filter((z) => ZONE_COUNTRIES[z] === (country ?? '').toUpperCase());
  if (g === 'ALL') return TIMEZONES;
  if (g === 'ALL_WITH_BC') return [...TIMEZONES, ...BACKWARD_TIMEZONES];
  if (g === 'UTC') return ['UTC'];
  const prefixes: Record<string, string> = {
    AFRICA: 'Africa/',
    AMERICA: 'America/',
    ANTARCTICA: 'Antarctica/',
    ARCTIC: 'Arctic/',
    ASIA: 'Asia/',
    ATLANTIC: 'Atlantic/',
    AUSTRALIA: 'Australia/',
    EUROPE: 'Europe/',
    INDIAN: 'Indian/',
    PACIFIC: 'Pacific/',
  };
  const prefix = prefixes[g];
  return prefix === undefined ? null : TIMEZONES.filter((z) => z.startsWith(prefix));
}

export const FORMATS = {
  email: {
    kind: 'value',
    message: 'The :attribute field must be a valid email address.',
    server: (params) => (params.includes('dns') ? 'dns' : undefined),
    // `email:dns` alone checks no format (no `rfc` by default once a mode is named).
    localParams: (params) => {
      const local = params.filter((param) => param !== 'dns');
      return local.length === 0 ? null : local;
    },
    compile: (c) => {
      const { check: local, dns } = emailValidations(c.params);
      if (!dns) return { check: local };
      return {
        // egulias' DNSCheckValidation: an MX, A or AAAA record for the domain, looked up once per distinct domain.
        prefetch: async (values, context) => {
          // Each value's domain (null: refused before any lookup), read once: the check finds it again by the same string.
          const hostOf = new Map<unknown, string | null>();
          const domain = (value: unknown): string | null => (local(value) ? emailDnsHost(value) : null);
          const hosts = new Set<string>();
          for (const value of values) {
            const host = domain(value);
            hostOf.set(value, host);
            if (host !== null) hosts.add(host);
          }
          if (hosts.size === 0) return () => false;
          const mail = await hostsPassing(dnsLookups(context, 'email'), hosts, MAIL_TYPES, acceptsMail);
          return (value) => {
            const host = hostOf.has(value) ? hostOf.get(value)! : domain(value);
            return host !== null && mail.has(host);
          };
        },
      };
    },
  },
  url: {
    kind: 'value',
    message: 'The :attribute field must be a valid URL.',
    compile: (c) => {
      const protocols = c.params.filter((p) => p !== '');
      const test = protocols.length === 0 ? isUrl : urlWithProtocols(protocols);
      return { check: (v) => typeof v === 'string' && test(v) };
    },
  },
  uuid: {
    kind: 'value',
    message: 'The :attribute field must be a valid UUID.',
    compile: () => ({ check: stringMatching(UUID) }),
  },
  ulid: {
    kind: 'value',
    message: 'The :attribute field must be a valid ULID.',
    compile: () => ({ check: stringMatching(ULID) }),
  },
  ip: {
    kind: 'value',
    message: 'The :attribute field must be a valid IP address.',
    compile: () => ({ check: (v) => isIpv4(v) || isIpv6(v) }),
  },
  ipv4: {
    kind: 'value',
    message: 'The :attribute field must be a valid IPv4 address.',
    compile: () => ({ check: isIpv4 }),
  },
  ipv6: {
    kind: 'value',
    message: 'The :attribute field must be a valid IPv6 address.',
    compile: () => ({ check: isIpv6 }),
  },
  hex_color: {
    kind: 'value',
    message: 'The :attribute field must be a valid hexadecimal color.',
    compile: () => ({
      check: (v) => {
        const text = isContainer(v) ? null : phpString(v);
        return text !== null && HEX_COLOR.test(text);
      },
    }),
  },
  mac_address: {
    kind: 'value',
    message: 'The :attribute field must be a valid MAC address.',
    compile: () => ({
      check: (v) => {
        const text = isContainer(v) ? null : phpString(v);
        return text !== null && MAC.test(text);
      },
    }),
  },
  timezone: {
    kind: 'value',
    message: 'The :attribute field must be a valid timezone.',
    compile: (c) => {
      const zones = timezoneGroup(c.params[0] ?? 'ALL', c.params[1]);
      if (zones === null) c.invalid(`"timezone" knows no group "${c.params[0]}"`);
      const set = new Set(zones);
      return { check: (v) => typeof v === 'string' && set.has(v) };
    },
  },
  json: {
    kind: 'value',
    message: 'The :attribute field must be a valid JSON string.',
    compile: () => ({
      check: (v) => {
        if (v === null || isContainer(v)) return false;
        const text = phpString(v);
        if (text === null) return false;
        // json_decode's depth 512 holds 511 nested containers; the scan also spares JSON.parse building them.
        if (jsonNestsDeeperThan(text, PHP_JSON_MAX_NESTING)) return false;
        try {
          JSON.parse(text);
          return true;
        } catch {
          return false;
        }
      },
    }),
  },
} as const satisfies RuleFamily;
