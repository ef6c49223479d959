import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';

/**
 * The scheme, host and client address the client saw. Behind a reverse
 * proxy these come from X-Forwarded-* headers, but only when the direct peer
 * is trusted (`trust_proxy`): otherwise any client could forge them, and
 * with them the URL that signed URLs are checked against.
 */
export interface ClientView {
  scheme: 'http' | 'https';
  host: string;
  ip: string;
}

/** The forwarded headers a trusted proxy may set (the host framework's `Request::HEADER_X_FORWARDED_*`). */
export type ForwardedHeader = 'x-forwarded-for' | 'x-forwarded-host' | 'x-forwarded-port' | 'x-forwarded-proto';

/** Every forwarded header, the default set (as the host framework's TrustProxies). */
export const FORWARDED_HEADERS: readonly ForwardedHeader[] = Object.freeze([
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
]);

/**
 * Which peers may set the forwarded headers: `true` (every address), `false`
 * (none), `'*'` (the direct peer, whoever it is: the host framework's
 * `trustProxies(at: '*')`), or a list of addresses, CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`), `proxy-addr` names (`loopback`, `linklocal`,
 * `uniquelocal`) and `REMOTE_ADDR` (the direct peer). A string is a
 * comma-separated list, as the host framework's `TRUSTED_PROXIES`.
 */
export type TrustProxy = boolean | string | readonly string[];

type Trust = (address: string, peer: string) => boolean;

/**
 * A `trust_proxy` setting compiled once, at boot (the ranges by `proxy-addr`),
 * and the reading of a request's forwarded headers with it.
 */
export class TrustedProxies {
  readonly #trust: Trust;
  readonly #none: boolean;
  readonly #for: boolean;
  readonly #host: boolean;
  readonly #port: boolean;
  readonly #proto: boolean;

  /** Throws a TypeError naming the entry that is not an address, a range or a known name. */
  constructor(setting: TrustProxy, headers: readonly ForwardedHeader[] = FORWARDED_HEADERS) {
    const entries = typeof setting === 'string' ? splitList(setting) : setting;
    this.#none = entries === false || (Array.isArray(entries) && entries.length === 0);
    const all = entries === true;
    this.#trust = typeof entries === 'boolean' ? () => all : compileTrust(entries);
    this.#for = headers.includes('x-forwarded-for');
    this.#host = headers.includes('x-forwarded-host');
    this.#port = headers.includes('x-forwarded-port');
    this.#proto = headers.includes('x-forwarded-proto');
  }

  /** Reads the client's view of the request, honouring forwarded headers from trusted peers only. */
  view(req: IncomingMessage): ClientView {
    const peer = unmapped(req.socket?.remoteAddress ?? '');
    const direct: ClientView = {
      scheme: (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http',
      host: req.headers.host ?? '',
      ip: peer,
    };
    if (this.#none || !this.#trust(peer, peer)) return direct;
    const proto = this.#proto ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
    const scheme = proto === 'https' || proto === 'http' ? proto : direct.scheme;
    const forwardedHost = this.#host ? first(req.headers['x-forwarded-host']) : undefined;
    let host = forwardedHost !== undefined && HOST.test(forwardedHost) ? forwardedHost : direct.host;
    const port = this.#port ? first(req.headers['x-forwarded-port']) : undefined;
    if (port !== undefined && PORT.test(port) && Number(port) <= 65535) host = withPort(host, scheme, Number(port));
    const ip = this.#for ? this.#client(req.headers['x-forwarded-for'], peer) : undefined;
    return { scheme, host, ip: ip ?? peer };
  }

  /**
   * Every client address, closest first, as Symfony's `getClientIps()`: the
   * X-Forwarded-For chain and the peer without the trusted proxies, read only
   * when the peer is trusted; when every hop is trusted, the left-most one.
   */
  ips(req: IncomingMessage): string[] {
    const peer = unmapped(req.socket?.remoteAddress ?? '');
    if (this.#none || !this.#for || !this.#trust(peer, peer)) return [peer];
    const value = req.headers['x-forwarded-for'];
    const text = Array.isArray(value) ? value.join(',') : value;
    if (!text) return [peer];
    const ips: string[] = [];
    let leftmost: string | undefined = peer;
    const hops = text.split(',');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = address(hops[i]!);
      if (hop === undefined) continue;
      if (this.#trust(hop, peer)) leftmost = hop;
      else ips.push(hop);
    }
    return ips.length > 0 ? ips : [leftmost];
  }

  /**
   * The right-most address of X-Forwarded-For that is not a trusted proxy,
   * read from the right so that a long chain is only walked as far as it is
   * trusted. Entries that are not IP addresses are skipped (ports stripped),
   * as the host framework does; when every entry is trusted, the left-most.
   */
  #client(value: string | string[] | undefined, peer: string): string | undefined {
    const text = Array.isArray(value) ? value.join(',') : value;
    if (!text) return undefined;
    let leftmost: string | undefined;
    for (let end = text.length; end >= 0; ) {
      const comma = end === 0 ? -1 : text.lastIndexOf(',', end - 1);
      const hop = address(text.slice(comma + 1, end));
      end = comma;
      if (hop === undefined) continue;
      if (!this.#trust(hop, peer)) return hop;
      leftmost = hop;
    }
    return leftmost;
  }
}

/** The trust test of a list: ranges through proxy-addr, `*` and `REMOTE_ADDR` as the direct peer. */
function compileTrust(entries: readonly string[]): Trust {
  const ranges: string[] = [];
  let peer = false;
  for (const entry of entries) {
    const value = entry.trim();
    if (value === '*' || value === '**' || value === 'REMOTE_ADDR') peer = true;
    else if (value !== '') ranges.push(value);
  }
  const inRange = ranges.length === 0 ? undefined : proxyAddr.compile(ranges);
  if (inRange === undefined) return peer ? (address, from) => address === from : () => false;
  if (!peer) return (address) => inRange(address, 0);
  return (address, from) => address === from || inRange(address, 0);
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** One X-Forwarded-For entry as a plain IP address (port and brackets stripped), or undefined. */
function address(raw: string): string | undefined {
  let hop = raw.trim();
  if (hop.startsWith('[')) {
    const close = hop.indexOf(']');
    hop = close === -1 ? '' : hop.slice(1, close);
  } else if (hop.includes('.')) {
    const colon = hop.indexOf(':');
    if (colon !== -1) hop = hop.slice(0, colon);
  }
  return isIP(hop) === 0 ? undefined : unmapped(hop);
}

/** `host` with `port`, left out when it is the scheme's default (as the host framework's getHttpHost). */
function withPort(host: string, scheme: 'http' | 'https', port: number): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return port === (scheme === 'https' ? 443 : 80) ? name : `${name}:${port}`;
}

const HOST = /^[A-Za-z0-9.\-:[\]]+$/;
const PORT = /^[0-9]{1,5}$/;

/** The first value of a comma-separated header, trimmed. */
function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const comma = text.indexOf(',');
  const part = (comma === -1 ? text : text.slice(0, comma)).trim();
  return part === '' ? undefined : part;
}

function unmapped(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
