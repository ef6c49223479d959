/**
 * PHP's `rawurlencode` (RFC 3986): `encodeURIComponent` plus the four
 * characters it leaves alone (`!'()*`). Throws a URIError on a lone
 * surrogate, as `encodeURIComponent` does.
 */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
