/**
 * Laravel's content negotiation (`InteractsWithContentTypes`) and the
 * request-kind checks beside it: `isJson()`, `accepts()`, `prefers()`,
 * `format()`, `expectsJson()`, `ajax()`, `pjax()`, `prefetch()`. The
 * `Accept` header is parsed once, on the first question that needs it.
 *
 * Hand-written rather than through a negotiation library: Laravel does not
 * negotiate by RFC 7231 precedence. It walks the Accept items by quality
 * then position, matches `application/json` against `application/foo+json`,
 * answers `*` like `*` + `/*`, and maps short names (`json`, `html`)
 * through Symfony's format table. `negotiator` picks by specificity and
 * knows none of those, so it gives other answers on Laravel's own tests.
 */
import { InteractsWithUrl } from './interacts-with-url.js';
import { acceptableContentTypes, formatOf, majorType, matchesType, mimeTypeOf, withoutParameters } from './accept-header.js';

export abstract class InteractsWithContentTypes extends InteractsWithUrl {
  /** The `Accept` media types, best first (quality, then order), without parameters (Symfony's `getAcceptableContentTypes()`). */
  getAcceptableContentTypes(): string[] {
    const memo = this.memo();
    return (memo.acceptable ??= acceptableContentTypes(this.header('accept')));
  }

  /** True when the `Content-Type` contains `/json` or `+json`. */
  isJson(): boolean {
    const type = this.header('content-type') ?? '';
    return type.includes('/json') || type.includes('+json');
  }

  /** True for an AJAX (non-PJAX) request that accepts anything, or one whose best `Accept` type is JSON. */
  expectsJson(): boolean {
    return (this.ajax() && !this.pjax() && this.acceptsAnyContentType()) || this.wantsJson();
  }

  /** True when the best `Accept` type contains `/json` or `+json`. */
  wantsJson(): boolean {
    const first = this.getAcceptableContentTypes()[0];
    if (first === undefined) return false;
    const lower = first.toLowerCase();
    return lower.includes('/json') || lower.includes('+json');
  }

  /**
   * True when the request accepts one of `contentTypes` (full media types):
   * no `Accept`, `*` + `/*`, an exact type, `type/*`, or a `+suffix` type.
   */
  accepts(contentTypes: string | readonly string[]): boolean {
    const accepts = this.getAcceptableContentTypes();
    if (accepts.length === 0) return true;
    const types = typesOf(contentTypes);
    for (let accept of accepts) {
      accept = withoutParameters(accept);
      if (accept === '*/*' || accept === '*') return true;
      accept = accept.toLowerCase();
      for (const candidate of types) {
        const type = candidate.toLowerCase();
        if (matchesType(accept, type) || accept === `${majorType(type)}/*`) return true;
      }
    }
    return false;
  }

  /**
   * The first of `contentTypes` (media types or format names: `json`,
   * `html`...) that the best `Accept` item takes, walking the items best
   * first; undefined when none does (Laravel: null).
   */
  prefers(contentTypes: string | readonly string[]): string | undefined {
    const types = typesOf(contentTypes);
    for (let accept of this.getAcceptableContentTypes()) {
      accept = withoutParameters(accept);
      if (accept === '*/*' || accept === '*') return types[0];
      accept = accept.toLowerCase();
      for (const contentType of types) {
        const type = (mimeTypeOf(contentType) ?? contentType).toLowerCase();
        if (matchesType(type, accept) || accept === `${majorType(type)}/*`) return contentType;
      }
    }
    return undefined;
  }

  /** True without an `Accept` header, or when its best type is `*` + `/*` or `*`. */
  acceptsAnyContentType(): boolean {
    const acceptable = this.getAcceptableContentTypes();
    return acceptable.length === 0 || acceptable[0] === '*/*' || acceptable[0] === '*';
  }

  /** `accepts('application/json')`. */
  acceptsJson(): boolean {
    return this.accepts('application/json');
  }

  /** `accepts('text/html')`. */
  acceptsHtml(): boolean {
    return this.accepts('text/html');
  }

  /** The format of the first `Accept` type Symfony's table knows (`json`, `html`, `xml`, `atom`...), else `fallback`. */
  format(fallback = 'html'): string {
    for (const type of this.getAcceptableContentTypes()) {
      const format = formatOf(type);
      if (format !== undefined) return format;
    }
    return fallback;
  }

  /** Symfony's `getMimeType($format)`: `json` → `application/json`; undefined for an unknown format. */
  getMimeType(format: string): string | undefined {
    return typeof format === 'string' ? mimeTypeOf(format) : undefined;
  }

  /** Symfony's `getFormat($mimeType)`: `application/json` → `json`; undefined for an unknown type. */
  getFormat(mimeType: string): string | undefined {
    return typeof mimeType === 'string' ? formatOf(mimeType) : undefined;
  }

  /** True when `X-Requested-With` is `XMLHttpRequest` (Laravel's `ajax()`). */
  ajax(): boolean {
    return this.header('x-requested-with') === 'XMLHttpRequest';
  }

  /** Symfony's `isXmlHttpRequest()`: the same as `ajax()`. */
  isXmlHttpRequest(): boolean {
    return this.ajax();
  }

  /** True when an `X-PJAX` header is present and not empty or `0` (PHP's loose `== true`: `false` counts). */
  pjax(): boolean {
    const value = this.header('x-pjax');
    return value !== undefined && value !== '' && value !== '0';
  }

  /** True when `X-Moz`, `Purpose` or `Sec-Purpose` is `prefetch` (any case). */
  prefetch(): boolean {
    return isPrefetch(this.header('x-moz')) || isPrefetch(this.header('purpose')) || isPrefetch(this.header('sec-purpose'));
  }
}

function isPrefetch(value: string | undefined): boolean {
  return value !== undefined && value.toLowerCase() === 'prefetch';
}

/** PHP's `(array) $contentTypes`, keeping only text. */
function typesOf(contentTypes: unknown): string[] {
  const list = Array.isArray(contentTypes) ? contentTypes : [contentTypes];
  return list.filter((type): type is string => typeof type === 'string');
}
