/**
 * The `Cookie` header read as PHP fills `$_COOKIE`, which Laravel's
 * `cookie()` returns when no `EncryptCookies` middleware decrypts it:
 * `name=value` pairs split on `;`, values URL-decoded (`+` as a space), the
 * first of a repeated name kept. Names are taken as sent.
 */
import { createBag, type InputBag } from '../own.js';

/** The cookies of a `Cookie` header (several header lines joined by node with `; `). */
export function parseCookies(header: string | undefined): InputBag {
  const cookies = createBag();
  if (header === undefined || header === '') return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    const name = (eq === -1 ? pair : pair.slice(0, eq)).trim();
    if (name === '' || name === '__proto__' || Object.hasOwn(cookies, name)) continue;
    cookies[name] = eq === -1 ? '' : urlDecode(pair.slice(eq + 1).trim());
  }
  return cookies;
}

/** PHP's `urldecode`: `+` is a space, `%XX` a byte; a malformed escape stays as sent. */
function urlDecode(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
