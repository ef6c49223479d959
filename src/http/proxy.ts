import type { IncomingMessage } from 'node:http';

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

/** True when the connection's peer may set X-Forwarded-* headers. */
export function isTrustedPeer(address: string | undefined, trust: boolean | readonly string[]): boolean {
  if (trust === true) return true;
  if (trust === false || address === undefined) return false;
  const plain = unmapped(address);
  return trust.some((entry) => unmapped(entry) === plain);
}

/** Reads the client's view of the request, honouring forwarded headers from trusted peers. */
export function clientView(req: IncomingMessage, trust: boolean | readonly string[]): ClientView {
  const peer = req.socket?.remoteAddress ?? '';
  const direct: ClientView = {
    scheme: (req.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http',
    host: req.headers.host ?? '',
    ip: unmapped(peer),
  };
  if (!isTrustedPeer(peer, trust)) return direct;
  const proto = first(req.headers['x-forwarded-proto'])?.toLowerCase();
  const host = first(req.headers['x-forwarded-host']);
  return {
    scheme: proto === 'https' || proto === 'http' ? proto : direct.scheme,
    host: host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? host : direct.host,
    ip: forwardedClient(req.headers['x-forwarded-for'], trust) ?? direct.ip,
  };
}

/** The first value of a comma-separated header, trimmed. */
function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const comma = text.indexOf(',');
  const part = (comma === -1 ? text : text.slice(0, comma)).trim();
  return part === '' ? undefined : part;
}

/** The right-most address that is not a trusted proxy (the left-most when every peer is trusted). */
function forwardedClient(value: string | string[] | undefined, trust: boolean | readonly string[]): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value;
  if (!text) return undefined;
  const hops = text
    .split(',')
    .map((hop) => unmapped(hop.trim()))
    .filter((hop) => hop !== '');
  if (trust === true) return hops[0];
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrustedPeer(hops[i], trust)) return hops[i];
  return hops[0];
}

function unmapped(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
