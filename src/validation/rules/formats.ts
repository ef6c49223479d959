/**
 * Format rules: `email`, `url`, `uuid`, `ulid`, `ip`, `ipv4`, `ipv6`, `json`.
 * Every check is a linear scan or an anchored pattern without nested
 * quantifiers.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isContainer, phpString } from '../php.js';
import { isUrl, urlWithProtocols } from '../url.js';
import type { RuleFamily } from './definition.js';

const UUID = /^[\da-fA-F]{8}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{4}-[\da-fA-F]{12}$/;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const EMAIL = fullFormats.email as RegExp;
const IPV4 = fullFormats.ipv4 as RegExp;
const IPV6 = fullFormats.ipv6 as RegExp;

const stringMatching =
  (re: RegExp) =>
  (v: unknown): boolean =>
    typeof v === 'string' && re.test(v);

export const isIpv4 = stringMatching(IPV4);
export const isIpv6 = stringMatching(IPV6);

export const FORMATS = {
  email: {
    kind: 'value',
    message: 'The :attribute field must be a valid email address.',
    compile: () => ({ check: stringMatching(EMAIL) }),
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
  json: {
    kind: 'value',
    message: 'The :attribute field must be a valid JSON string.',
    compile: () => ({
      check: (v) => {
        if (v === null || isContainer(v)) return false;
        const text = phpString(v);
        if (text === null) return false;
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
