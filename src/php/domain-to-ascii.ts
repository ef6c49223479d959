/**
 * A host name in ASCII (IDNA, UTS #46 as the WHATWG URL standard applies
 * it), or `''` when it has none: the answer of node's `url.domainToASCII`,
 * without node. Both set the name as the host of a URL with a special
 * scheme; a name the URL refuses leaves the host as it was, so the name is
 * set on two URLs with different hosts: they agree only when it was taken.
 */
export function domainToAscii(host: string): string {
  const first = new URL('ws://a');
  first.hostname = host;
  const second = new URL('ws://b');
  second.hostname = host;
  return first.hostname === second.hostname ? first.hostname : '';
}
