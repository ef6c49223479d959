/**
 * Shared fixtures of the signed-URL tests: a fixed key and clock, an
 * independent HMAC, and real `Request` objects built from a URL without a
 * server (the signature check reads only the path, raw query, headers and
 * `socket.encrypted`).
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpRequest } from '../../src/http/request.js';
import { resolveConfig, type SwitchyardOptions } from '../../src/config.js';
import { UrlSigner, type UrlSignerOptions } from '../../src/signing/url-signer.js';

/** A key as `php artisan key:generate` writes it: `base64:` + 32 bytes (here 0..31). */
export const APP_KEY = 'base64:' + Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('base64');
export const APP_URL = 'http://127.0.0.1:3000';
/** 2023-11-14T22:13:20Z, in milliseconds. */
export const NOW_MS = 1_700_000_000_000;
export const NOW = 1_700_000_000;

/** Route names to paths, as `app.router.byName(name)?.path` would give them. */
export const ROUTES: Record<string, string> = { system: '/api/system', home: '/', spaced: '/api/my files' };

/** Lower-case hex HMAC-SHA256, computed here independently of the signer. */
export function hmac(key: string | Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** A signer with the fixture key, URL, clock and routes; `options` override them. */
export function makeSigner(options: Partial<UrlSignerOptions> = {}): UrlSigner {
  return new UrlSigner({ key: APP_KEY, appUrl: APP_URL, now: () => NOW_MS, ...options }, (name) => ROUTES[name]);
}

/** A real `Request` for `url` (absolute, or a path with its query), as the kernel would build it. */
export function requestFor(
  url: string,
  options: {
    host?: string | null;
    encrypted?: boolean;
    headers?: Record<string, string>;
    remoteAddress?: string;
    config?: SwitchyardOptions;
  } = {},
): HttpRequest {
  const parsed = /^https?:\/\/[^/?#]+/.exec(url);
  const rest = parsed ? url.slice(parsed[0].length) || '/' : url;
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  const rawQuery = q === -1 ? '' : rest.slice(q + 1);
  const host = options.host === undefined ? (parsed ? new URL(url).host : '127.0.0.1:3000') : options.host;
  const headers: Record<string, string> = { ...(host === null ? {} : { host }), ...options.headers };
  const socket = { encrypted: options.encrypted ?? false, remoteAddress: options.remoteAddress ?? '127.0.0.1' };
  const raw = { method: 'GET', headers, socket };
  return new HttpRequest(raw as unknown as IncomingMessage, {} as ServerResponse, path, rawQuery, resolveConfig(options.config));
}

/** `url` with its query string replaced by `query`. */
export function withQuery(url: string, query: string): string {
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)) + (query === '' ? '' : '?' + query);
}

/** The raw query string of `url`. */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
}
