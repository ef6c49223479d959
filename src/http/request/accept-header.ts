/**
 * The `Accept` header as Symfony reads it (`AcceptHeader::fromString`): items
 * split on commas outside quotes, each a value and `;name=value` parameters;
 * `q` is its quality (PHP's `(float)`, 1 by default). Sorted by quality, then
 * by position; a value given twice keeps its last item. Parameters other than
 * `q` are not part of the value, as in `getAcceptableContentTypes()`.
 */
import { phpFloat } from './php-cast.js';

/** The media types of an `Accept` header, best first (Symfony's `getAcceptableContentTypes()`). */
export function acceptableContentTypes(header: string | undefined): string[] {
  if (header === undefined || header === '') return [];
  const items = new Map<string, { quality: number; index: number }>();
  let index = 0;
  for (const item of splitOutsideQuotes(header, ',')) {
    const parts = splitOutsideQuotes(item, ';');
    if (parts.length === 0) continue;
    const value = unquote(parts[0]!.trim());
    let quality = 1;
    for (let i = 1; i < parts.length; i++) {
      const part = parts[i]!;
      const eq = part.indexOf('=');
      const name = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
      if (name === 'q') quality = eq === -1 ? 1 : phpFloat(unquote(part.slice(eq + 1).trim()));
    }
    items.delete(value);
    items.set(value, { quality, index: index++ });
  }
  return [...items.entries()]
    .sort(([, a], [, b]) => (a.quality === b.quality ? a.index - b.index : b.quality - a.quality))
    .map(([value]) => value);
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && quoted) i++;
    else if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      if (text.slice(start, i).trim() !== '') parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (text.slice(start).trim() !== '') parts.push(text.slice(start));
  return parts;
}

function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/\\(.)/g, '$1') : text;
}

/** Symfony's format table (`Request::$formats`): a format's media types, the first its canonical one. */
const FORMATS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  html: ['text/html', 'application/xhtml+xml'],
  txt: ['text/plain'],
  js: ['application/javascript', 'application/x-javascript', 'text/javascript'],
  css: ['text/css'],
  json: ['application/json', 'application/x-json'],
  jsonld: ['application/ld+json'],
  xml: ['text/xml', 'application/xml', 'application/x-xml'],
  rdf: ['application/rdf+xml'],
  atom: ['application/atom+xml'],
  rss: ['application/rss+xml'],
  form: ['application/x-www-form-urlencoded', 'multipart/form-data'],
});

/** Symfony's `getMimeType($format)`: the format's first media type, or undefined. */
export function mimeTypeOf(format: string): string | undefined {
  return Object.hasOwn(FORMATS, format) ? FORMATS[format]![0] : undefined;
}

/** Symfony's `getFormat($mimeType)`: the format whose media types include it (parameters ignored), or undefined. */
export function formatOf(mimeType: string): string | undefined {
  const semi = mimeType.indexOf(';');
  const canonical = semi === -1 ? undefined : mimeType.slice(0, semi).trim();
  for (const format in FORMATS) {
    const types = FORMATS[format]!;
    if (types.includes(mimeType) || (canonical !== undefined && types.includes(canonical))) return format;
  }
  return undefined;
}

/** Laravel's `matchesType($actual, $type)`: equal, or `$type` is a `+suffix` type of `$actual` (`application/json` ~ `application/foo+json`). */
export function matchesType(actual: string, type: string): boolean {
  if (actual === type) return true;
  const slash = actual.indexOf('/');
  if (slash === -1) return false;
  const major = actual.slice(0, slash);
  const minor = actual.slice(slash + 1).split('/')[0]!;
  // preg_match('#major/.+\+minor#', $type), unanchored, without a regex: the earliest `major/` leaves the most room.
  const start = type.indexOf(`${major}/`);
  return start !== -1 && type.indexOf(`+${minor}`, start + major.length + 2) !== -1;
}

/** Strips parameters: `application/json; charset=utf-8` → `application/json` (Laravel's `strpos($accept, ';')`). */
export function withoutParameters(accept: string): string {
  const semi = accept.indexOf(';');
  return semi > 0 ? accept.slice(0, semi).trim() : accept;
}

/** The part before the first `/` (PHP's `strtok($type, '/')`). */
export function majorType(type: string): string {
  const slash = type.indexOf('/');
  return slash === -1 ? type : slash === 0 ? type.slice(1).split('/')[0]! : type.slice(0, slash);
}
