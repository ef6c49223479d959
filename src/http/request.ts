import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parseUrlEncoded } from './query.js';
import { announcesBody, bodyKind, readBody } from './body.js';
import { readMultipart, type MultipartLimits } from './multipart.js';
import type { UploadedFile } from './uploaded-file.js';
import type { ClientView } from '../config/trusted-proxies.js';
import type { SwitchyardConfig } from '../config.js';
import { EMPTY_BAG, createBag, own, type InputBag } from './own.js';
import { normaliseInput } from './normalise-input.js';
import { replaceRecursive } from './replace-recursive.js';
import type { SkipWhen, TrimStringsConfig } from '../config/input-normalisation.js';

/** The limits a body is read within: the configuration's, or an action's own `bodyLimit` over them. */
export type RequestLimits = MultipartLimits;

// Which parsed bags still await normalisation.
const QUERY_PENDING = 1;
const BODY_PENDING = 2;

/**
 * One incoming request, as route middleware, form requests and handlers see
 * it. Mirrors the host framework's request: `query()`, `input()` (body over
 * query), `header()` and `attributes` (set by Switchyard, e.g. `svc.action`).
 * The query string is parsed on first use; the body is read only when a stage
 * needs it.
 */
export class Request {
  /** Upper-case HTTP method: a POST's override (`_method`, `X-HTTP-Method-Override`) once routing starts. */
  get method(): string {
    return this.#method;
  }
  #method: string;
  /** The path without the query string, as sent. */
  readonly path: string;
  /** The raw query string, without `?` (empty when there is none). */
  readonly rawQuery: string;
  #attributes: Map<string, unknown> | undefined;
  #selectedAction: string | undefined;
  /**
   * Values set by Switchyard and by middleware: `svc.action`, `svc.action_id`
   * (the selected action's name)... Made on first use, so requests that no
   * middleware inspects do not pay for a Map.
   */
  get attributes(): Map<string, unknown> {
    if (this.#attributes === undefined) {
      this.#attributes = new Map();
      if (this.#selectedAction !== undefined) {
        this.#attributes.set('svc.action', this.#selectedAction);
        this.#attributes.set('svc.action_id', this.#selectedAction);
      }
      if (this.#requestId !== undefined) this.#attributes.set('request_id', this.#requestId);
    }
    return this.#attributes;
  }

  #requestId: string | undefined;

  /** The selected action's name (`svc.action`), without making the attributes Map. */
  get selectedAction(): string | undefined {
    return this.#selectedAction;
  }

  /** The request's id when request logging is on (`X-Request-Id`, also `attributes.get('request_id')`). */
  get requestId(): string | undefined {
    return this.#requestId;
  }

  /**
   * @internal Set by request logging. The kernel adds `X-Request-Id` to the
   * answer as it writes it (and to `res` when a handler takes it), so no
   * header goes through node's slower `setHeader` path on every request.
   */
  setRequestId(id: string, startedAt: number): void {
    this.#requestId = id;
    this.#startedAt = startedAt;
    this.#attributes?.set('request_id', id);
  }

  // NaN, not 0: a field that starts as a small integer and later holds a fraction changes
  // representation, and V8 then deprecates every hidden class of Request (tests/logging/field-representation).
  #startedAt = Number.NaN;

  /** @internal When request logging saw the request begin (`performance.now()`), for its duration. */
  get startedAt(): number {
    return this.#startedAt;
  }

  /** @internal Applies a POST's method override (src/http/method-override.ts). */
  overrideMethod(method: string): void {
    this.#method = method;
  }

  /** @internal Records the selected action's name as `svc.action` and `svc.action_id`. */
  selectAction(name: string): void {
    this.#selectedAction = name;
    if (this.#attributes !== undefined) {
      this.#attributes.set('svc.action', name);
      this.#attributes.set('svc.action_id', name);
    }
  }

  /** The Node request, for what this class does not cover. */
  readonly raw: IncomingMessage;
  readonly #res: ServerResponse;
  #resHandedOut = false;

  readonly #config: SwitchyardConfig;
  #view: ClientView | undefined;
  #signal: AbortController | undefined;
  #query: InputBag | undefined;
  #body: InputBag | undefined;
  #bodyLoading: Promise<InputBag> | undefined;
  #bodyBytes = 0;
  #files: Map<string, UploadedFile[]> | undefined;
  #fileBag: InputBag | undefined;
  #precognitive: boolean | undefined;
  #trim: TrimStringsConfig | undefined;
  #convert = false;
  #pending = 0;
  #bodyReplaced = false;

  constructor(raw: IncomingMessage, res: ServerResponse, path: string, rawQuery: string, config: SwitchyardConfig) {
    this.#config = config;
    this.raw = raw;
    this.#res = res;
    this.#method = raw.method ?? 'GET';
    this.path = path;
    this.rawQuery = rawQuery;
  }

  /**
   * The Node response, for handlers that write it themselves (Switchyard
   * then sends nothing). Handing it out arms a listener so that a write after
   * the end, which node:http reports as an 'error' event, cannot crash the
   * process; requests that never touch it pay nothing for that.
   */
  get res(): ServerResponse {
    if (!this.#resHandedOut) {
      this.#resHandedOut = true;
      this.#res.on('error', ignoreResponseError);
      if (this.#requestId !== undefined && !this.#res.headersSent) this.#res.setHeader('x-request-id', this.#requestId);
    }
    return this.#res;
  }

  /** @internal The response, for the kernel (no listener needed: it writes once). */
  get rawResponse(): ServerResponse {
    return this.#res;
  }

  /** Request headers, names in lower case. */
  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }

  /** One header's value (lower-case or any-case name); repeated headers are joined with `, `. */
  header(name: string): string | undefined {
    const value = this.raw.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The parsed query string (PHP bracket notation), or one value of it. */
  query(): InputBag;
  query(key: string): unknown;
  query(key?: string): unknown {
    const bag = (this.#query ??= parseUrlEncoded(this.rawQuery, this.#config));
    if ((this.#pending & QUERY_PENDING) !== 0) this.#normalise(bag, QUERY_PENDING);
    return key === undefined ? bag : own(bag, key);
  }

  /** True once the body was read (or there was none to read). */
  get bodyLoaded(): boolean {
    return this.#body !== undefined;
  }

  /** The parsed body; empty until `loadBody()` ran. */
  body(): InputBag;
  body(key: string): unknown;
  body(key?: string): unknown {
    const bag = this.#body ?? EMPTY_BAG;
    if ((this.#pending & BODY_PENDING) !== 0 && bag !== EMPTY_BAG) this.#normalise(bag, BODY_PENDING);
    return key === undefined ? bag : own(bag, key);
  }

  /** The body's size in bytes once it was read (0 before, and for none). */
  get bodyBytes(): number {
    return this.#bodyBytes;
  }

  /**
   * Reads and parses the body once (JSON, form or multipart), within the configured
   * limits, or `limits` (an action's own body limit). Called by the pipeline; safe to call again.
   */
  loadBody(limits: RequestLimits = this.#config): Promise<InputBag> {
    if (this.#body !== undefined) return Promise.resolve(this.body());
    if (!announcesBody(this.raw)) {
      this.#body = EMPTY_BAG;
      return Promise.resolve(EMPTY_BAG);
    }
    return (this.#bodyLoading ??= this.#readBody(limits));
  }

  #readBody(limits: RequestLimits): Promise<InputBag> {
    if (bodyKind(this.raw.headers['content-type']) === 'multipart') {
      return readMultipart(this.raw, limits).then(({ fields, bytes, files, fileBag }) => {
        this.#files = files;
        this.#fileBag = fileBag;
        this.#body = fields;
        this.#bodyBytes = bytes;
        return this.body();
      });
    }
    return readBody(this.raw, limits, (body, bytes) => {
      this.#body = body;
      this.#bodyBytes = bytes;
      // In place, so the promise's value is the normalised body too.
      if ((this.#pending & BODY_PENDING) !== 0) this.#normalise(body, BODY_PENDING);
    });
  }

  /**
   * Every uploaded file at its bracket-parsed path, as the host framework's
   * `allFiles()`: `photo` → the file, `photos[]` → a list of files,
   * `doc[a]` → `{ a: file }`; a file input sent empty is null. Empty
   * unless the body is multipart with file parts.
   */
  allFiles(): InputBag {
    return this.#fileBag ?? EMPTY_BAG;
  }

  /** The uploaded files of a multipart body under `field` (empty when none). */
  files(field: string): readonly UploadedFile[] {
    return this.#files?.get(field) ?? [];
  }

  /** The first uploaded file under `field`, if any. */
  file(field: string): UploadedFile | undefined {
    return this.#files?.get(field)?.[0];
  }

  /**
   * Replaces the body (used by form requests' `merge()`). The new body is
   * taken as given: input normalisation never changes it.
   */
  replaceBody(body: InputBag): void {
    this.#body = body;
    this.#bodyLoading = undefined;
    this.#pending &= ~BODY_PENDING;
    this.#bodyReplaced = true;
  }

  /**
   * @internal From now on, `query()`, `body()`, `all()` and `input()` give
   * the input as the host framework's `TrimStrings` and
   * `ConvertEmptyStringsToNull` leave it (per the `trim_strings` and
   * `convert_empty_strings_to_null` options and their `skip_when`
   * callbacks, which run now, on the raw input). Each bag is normalised in
   * place once, when it is first read; before this, they are raw (what the
   * action was selected on). Called by the pipeline after selection.
   */
  normaliseInput(): void {
    const trim = this.#config.trim_strings;
    const convert = this.#config.convert_empty_strings_to_null;
    this.#trim = trim === false || skips(trim.skip_when, this) ? undefined : trim;
    this.#convert = convert !== false && !skips(convert.skip_when, this);
    if (this.#trim === undefined && !this.#convert) return;
    this.#pending = this.#bodyReplaced ? QUERY_PENDING : QUERY_PENDING | BODY_PENDING;
  }

  #normalise(bag: InputBag, which: number): void {
    this.#pending &= ~which;
    normaliseInput(bag, this.#trim, this.#convert, this.#config.max_input_nesting + 1);
  }

  /**
   * All input, as the host framework's `all()`: body fields over query
   * fields, then the uploaded files over both at their paths
   * (`array_replace_recursive`), so `photo` is an `UploadedFile` and
   * `photos[]` a list of them. This is what a form request validates.
   */
  all(): InputBag {
    const input = this.#input();
    return this.#fileBag === undefined ? input : replaceRecursive(input, this.#fileBag);
  }

  /** Body fields over query fields (`all()` without the files). */
  #input(): InputBag {
    const query = this.query();
    const body = this.body();
    if (body === EMPTY_BAG) return query;
    if (query === EMPTY_BAG) return body;
    const merged: InputBag = createBag();
    for (const key in query) merged[key] = query[key];
    for (const key in body) if (key !== '__proto__') merged[key] = body[key];
    return merged;
  }

  /** One input value, body over query; dot paths reach nested values (`items.0.name`). */
  input(key: string, fallback?: unknown): unknown {
    let value = own(this.body(), key);
    if (value === undefined) value = own(this.query(), key);
    if (value === undefined && key.includes('.')) value = dig(this.#input(), key);
    return value === undefined ? fallback : value;
  }

  /** `http` or `https`, as the client saw it (X-Forwarded-Proto from a trusted proxy). */
  get scheme(): 'http' | 'https' {
    return (this.#view ??= this.#config.trusted_proxies.view(this.raw)).scheme;
  }

  /** The host (and port) the client addressed (X-Forwarded-Host from a trusted proxy). */
  get host(): string {
    return (this.#view ??= this.#config.trusted_proxies.view(this.raw)).host;
  }

  /** The client's address (from X-Forwarded-For when the peer is a trusted proxy). */
  get ip(): string {
    return (this.#view ??= this.#config.trusted_proxies.view(this.raw)).ip;
  }

  /** `scheme://host/path?query`, the URL the client requested. */
  fullUrl(): string {
    return `${this.scheme}://${this.host}${this.path}${this.rawQuery === '' ? '' : '?' + this.rawQuery}`;
  }

  /**
   * Aborts when the handler timeout passes or the client goes away, so
   * long-running handlers can stop their work.
   */
  get signal(): AbortSignal {
    if (this.#signal === undefined) {
      const controller = (this.#signal = new AbortController());
      this.raw.once('close', () => {
        if (!this.#res.writableEnded) controller.abort(new Error('The client closed the connection.'));
      });
    }
    return this.#signal.signal;
  }

  /** @internal Aborts `signal` (handler timeout). */
  abort(reason: Error): void {
    if (this.#signal === undefined) this.#signal = new AbortController();
    this.#signal.abort(reason);
  }

  /** True when the request asks for a Precognition (validation-only) answer. */
  get isPrecognitive(): boolean {
    // Read once: several stages ask. (node:http has built `headers` already: it reads `host`.)
    return (this.#precognitive ??= isTrue(this.raw.headers['precognition'] as string | undefined));
  }
}

/** True when one of the callbacks says to skip (none: false, without a call). */
function skips(callbacks: readonly SkipWhen[], request: Request): boolean {
  for (let i = 0; i < callbacks.length; i++) if (callbacks[i]!(request)) return true;
  return false;
}

function dig(bag: unknown, path: string): unknown {
  let current = bag;
  for (const part of path.split('.')) {
    current = own(current, part);
    if (current === undefined) return undefined;
  }
  return current;
}

function ignoreResponseError(): void {}

/** The header's first value is `true` (node joins repeated lines with `, `; the host framework reads the first). */
function isTrue(value: string | undefined): boolean {
  if (value === 'true') return true;
  if (value === undefined) return false;
  const comma = value.indexOf(',');
  return comma !== -1 && value.slice(0, comma).trim() === 'true';
}
