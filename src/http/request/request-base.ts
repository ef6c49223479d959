import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parseUrlEncoded } from '../query.js';
import { announcesBody, bodyKind, readBody } from '../body.js';
import { readMultipart, type MultipartLimits } from '../multipart.js';
import { UploadedFile } from '../uploaded-file.js';
import { dataGet, keyOf } from './data-path.js';
import type { ClientView } from '../../config/trusted-proxies.js';
import type { SwitchyardConfig } from '../../config.js';
import { EMPTY_BAG, createBag, own, type InputBag } from '../own.js';
import { normaliseInput } from '../normalise-input.js';
import { replaceRecursive } from '../replace-recursive.js';
import type { RequestRecord, RequestRoute } from './request-record.js';
import type { NormalisationRequest, SkipWhen, TrimStringsConfig } from '../../config/input-normalisation.js';

// Which parsed bags still await normalisation.
const QUERY_PENDING = 1;
const BODY_PENDING = 2;

/**
 * What the accessors work out on first use and keep for the rest of the
 * request, in one object made when the first of them is asked for: a request
 * that asks none of these questions pays for nothing.
 */
export interface RequestMemo {
  segments?: string[];
  acceptable?: string[];
  cookies?: InputBag;
  userResolver?: (guard?: string) => unknown;
}

/**
 * The core of a request: the Node request and response, the parsed query,
 * body and files, headers, attributes and the client's view (scheme, host,
 * address). `HttpRequest` adds Laravel's accessors on top of it, one concern per
 * module (URL, content types, input). The query string is parsed on first
 * use; the body is read only when a stage needs it.
 */
/** The limits a body is read within: the configuration's, or an action's own `bodyLimit` over them. */
export type RequestLimits = MultipartLimits;

export class RequestBase {
  /** Upper-case HTTP method as sent (Symfony's `getRealMethod()`; `method()` is Laravel's name, with a POST's override). */
  readonly realMethod: string;
  #method: string;
  /** The path without the query string, as sent: `/foo/bar` (Symfony's `getPathInfo()`; `path()` is Laravel's `foo/bar`). */
  readonly pathInfo: string;
  /** The raw query string, without `?` (empty when there is none). */
  readonly rawQuery: string;
  #attributes: Map<string, unknown> | undefined;
  /**
   * Values set by Switchyard and by middleware: `svc.action`, `svc.action_id`
   * (the selected action's name)... Made on first use, so requests that no
   * middleware inspects do not pay for a Map.
   */
  get attributes(): Map<string, unknown> {
    if (this.#attributes === undefined) {
      this.#attributes = new Map();
      const selected = this.selectedAction;
      if (selected !== undefined) {
        this.#attributes.set('svc.action', selected);
        this.#attributes.set('svc.action_id', selected);
      }
      const requestId = this.requestId;
      if (requestId !== undefined) this.#attributes.set('request_id', requestId);
    }
    return this.#attributes;
  }

  /** @internal One attribute, without making the attributes Map. */
  protected peekAttribute(name: string): unknown {
    return this.#attributes?.get(name);
  }

  /** The selected action's name (`svc.action`), without making the attributes Map. */
  get selectedAction(): string | undefined {
    return this.#record?.selectedAction;
  }

  /** The request's id when request logging is on (`X-Request-Id`, also `attributes.get('request_id')`). */
  get requestId(): string | undefined {
    return this.#record?.requestId;
  }

  /** @internal When request logging saw the request begin (`performance.now()`), for its duration. */
  get startedAt(): number {
    return this.#record === undefined ? Number.NaN : this.#record.startedAt;
  }

  /**
   * @internal The request's per-request record (the kernel's `Exchange`): its id, start, selected action
   * and diagnostics' record live there. Undefined for a request made outside the kernel.
   */
  get record(): RequestRecord | undefined {
    return this.#record;
  }

  /** @internal Mirrors the record's selected action into the attributes Map, when one was made before selection. */
  selectAction(name: string): void {
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

  #queryReplaced = false;
  #memo: RequestMemo | undefined;
  readonly #record: RequestRecord | undefined;

  /** `record`: the per-request record the request reads its route, id, start and selected action from (the kernel's `Exchange`). */
  constructor(raw: IncomingMessage, res: ServerResponse, path: string, rawQuery: string, config: SwitchyardConfig, record?: RequestRecord) {
    this.#config = config;
    this.#record = record;
    this.raw = raw;
    this.#res = res;
    this.realMethod = raw.method ?? 'GET';
    this.#method = this.realMethod;
    this.pathInfo = path;
    this.rawQuery = rawQuery;
  }

  /** @internal The route that matched, for `route()`, `routeIs()` and `fingerprint()`. */
  protected get matchedRoute(): RequestRoute | undefined {
    return this.#record?.route;
  }

  /** @internal The accessors' lasting answers, made on first use. */
  protected memo(): RequestMemo {
    return (this.#memo ??= {});
  }

  /** @internal The memo if any accessor made it (undefined otherwise: nothing is made). */
  protected peekMemo(): RequestMemo | undefined {
    return this.#memo;
  }

  /** @internal The configuration, for the accessors' modules. */
  protected get config(): SwitchyardConfig {
    return this.#config;
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
      const requestId = this.requestId;
      if (requestId !== undefined && !this.#res.headersSent) this.#res.setHeader('x-request-id', requestId);
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

  /**
   * One header's value (any-case name, `_` read as `-`; repeated lines joined with `, `), or
   * `fallback` when the request has no such header. Without a name (or with
   * null), every header as Laravel's `header()` gives them: lower-case names,
   * each with the list of its values.
   */
  header(): Record<string, string[]>;
  header(name: string, fallback?: string): string | undefined;
  header(name?: string | null, fallback?: unknown): unknown;
  header(name?: unknown, fallback?: unknown): unknown {
    if (name === undefined || name === null) return allHeaders(this.raw.headers);
    if (typeof name !== 'string') {
      if (typeof name !== 'number') return fallback;
      name = String(name);
    }
    const lower = (name as string).toLowerCase();
    let value = this.raw.headers[lower];
    // Symfony's HeaderBag reads `_` as `-` (`header('CONTENT_TYPE')`).
    if (value === undefined && lower.includes('_')) value = this.raw.headers[lower.replace(/_/g, '-')];
    if (value === undefined) return fallback;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /**
   * The parsed query string (PHP bracket notation), or one value of it
   * (`fallback` when it is missing or null, as Laravel's `query()`; no dot
   * paths). Without a key (or with null), the whole query.
   */
  query(): InputBag;
  query(key: string, fallback?: unknown): unknown;
  query(key?: unknown, fallback?: unknown): unknown;
  query(key?: unknown, fallback?: unknown): unknown {
    const bag = (this.#query ??= parseUrlEncoded(this.rawQuery, this.#config));
    if ((this.#pending & QUERY_PENDING) !== 0) this.#normalise(bag, QUERY_PENDING);
    return pick(bag, key, fallback);
  }

  /** @internal The method routing and handlers see: the method as sent, or a POST's override once applied (`method()`). */
  get spoofedMethod(): string {
    return this.#method;
  }

  /** @internal Applies a POST's method override (src/http/method-override.ts). */
  overrideMethod(method: string): void {
    this.#method = method;
  }

  /** True once the body was read (or there was none to read). */
  get bodyLoaded(): boolean {
    return this.#body !== undefined;
  }

  /** The parsed body, or one value of it (`fallback` when missing or null); empty until `loadBody()` ran. */
  body(): InputBag;
  body(key: string, fallback?: unknown): unknown;
  body(key?: unknown, fallback?: unknown): unknown;
  body(key?: unknown, fallback?: unknown): unknown {
    const bag = this.#body ?? EMPTY_BAG;
    if ((this.#pending & BODY_PENDING) !== 0 && bag !== EMPTY_BAG) this.#normalise(bag, BODY_PENDING);
    return pick(bag, key, fallback);
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
    if (!announcesBody(this.raw) || unlabelledSafeBody(this.raw)) {
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
   * `doc[a]` → `{ a: file }`; a file input sent empty is left out. Empty
   * unless the body is multipart with file parts.
   */
  allFiles(): InputBag {
    return this.#fileBag ?? EMPTY_BAG;
  }

  /**
   * The uploaded files under `field`: its name as sent (`photos[]`) or its
   * path in `allFiles()` (`photos`, `doc.a`). Empty when none.
   */
  files(field: string): readonly UploadedFile[] {
    if (typeof field !== 'string' && typeof field !== 'number') return [];
    const key = String(field);
    const sent = this.#files?.get(key);
    if (sent !== undefined) return sent;
    if (this.#fileBag === undefined) return [];
    const found: UploadedFile[] = [];
    collectFiles(dataGet(this.#fileBag, key), found);
    return found;
  }

  /**
   * The first uploaded file under `field` (its name as sent or its path in
   * `allFiles()`), if any. Laravel's `file('photos')` returns the list:
   * here that is `files('photos')`.
   */
  file(field: string): UploadedFile | undefined {
    return this.files(field)[0];
  }

  /**
   * Replaces the body (used by `merge()` and `replace()`). The new body is
   * taken as given: input normalisation never changes it.
   */
  replaceBody(body: InputBag): void {
    this.#body = body;
    this.#bodyLoading = undefined;
    this.#pending &= ~BODY_PENDING;
    this.#bodyReplaced = true;
  }

  /**
   * Replaces the parsed query (used by `merge()` and `replace()` on GET and
   * HEAD requests, whose input source is the query in Laravel). Taken as given.
   */
  replaceQuery(query: InputBag): void {
    this.#query = query;
    this.#pending &= ~QUERY_PENDING;
    this.#queryReplaced = true;
  }

  /**
   * @internal From now on, `query()`, `body()`, `all()` and `input()` give
   * the input as the host framework's `TrimStrings` and
   * `ConvertEmptyStringsToNull` leave it (per the `trim_strings` and
   * `convert_empty_strings_to_null` options and their `skip_when`
   * callbacks, which run now, on the raw input). Each bag is normalised in
   * place once, when it is first read; before this, they are raw (what the
   * action was selected on). Called by the pipeline after selection.
   * @internal
   */
  normaliseInput(): void {
    const trim = this.#config.trim_strings;
    const convert = this.#config.convert_empty_strings_to_null;
    // The callbacks get the full request (Request extends this class).
    const request = this as unknown as NormalisationRequest;
    this.#trim = trim === false || skips(trim.skip_when, request) ? undefined : trim;
    this.#convert = convert !== false && !skips(convert.skip_when, request);
    if (this.#trim === undefined && !this.#convert) return;
    this.#pending = (this.#queryReplaced ? 0 : QUERY_PENDING) | (this.#bodyReplaced ? 0 : BODY_PENDING);
  }

  #normalise(bag: InputBag, which: number): void {
    this.#pending &= ~which;
    normaliseInput(bag, this.#trim, this.#convert, this.#config.max_input_nesting + 1);
  }

  /**
   * All input, as the host framework's `all()` without keys: body fields
   * over query fields, then the uploaded files over both at their paths
   * (`array_replace_recursive`), so `photo` is an `UploadedFile` and
   * `photos[]` a list of them. This is what a form request validates.
   */
  protected allInput(): InputBag {
    const input = this.inputBag();
    return this.#fileBag === undefined ? input : replaceRecursive(input, this.#fileBag);
  }

  /** Body fields over query fields (`all()` without the files; Laravel's `input()` without a key). */
  protected inputBag(): InputBag {
    const query = this.query();
    const body = this.body();
    if (body === EMPTY_BAG) return query;
    if (query === EMPTY_BAG) return body;
    const merged: InputBag = createBag();
    for (const key in query) merged[key] = query[key];
    for (const key in body) if (key !== '__proto__') merged[key] = body[key];
    return merged;
  }

  /**
   * One input value, body over query; dot paths reach nested values
   * (`items.0.name`, `items.*.name`). `fallback` when it is missing (a null
   * value is returned as null). Without a key (or with null), all input
   * without the files.
   */
  input(): InputBag;
  input(key: string, fallback?: unknown): unknown;
  input(key?: unknown, fallback?: unknown): unknown;
  input(key?: unknown, fallback?: unknown): unknown {
    if (key === undefined || key === null) return this.inputBag();
    if (typeof key === 'string') {
      let value = own(this.body(), key);
      if (value === undefined) value = own(this.query(), key);
      if (value === undefined && key.includes('.')) value = dataGet(this.inputBag(), key);
      return value === undefined ? fallback : value;
    }
    const value = dataGet(this.inputBag(), key);
    return value === undefined ? fallback : value;
  }

  /** `http` or `https`, as the client saw it (X-Forwarded-Proto from a trusted proxy; Symfony's `getScheme()`). */
  get scheme(): 'http' | 'https' {
    return this.clientView().scheme;
  }

  /** @internal The scheme, host and address the client saw, read once (trusted proxies honoured). */
  protected clientView(): ClientView {
    return (this.#view ??= this.#config.trusted_proxies.view(this.raw));
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
function skips(callbacks: readonly SkipWhen[], request: NormalisationRequest): boolean {
  for (let i = 0; i < callbacks.length; i++) if (callbacks[i]!(request)) return true;
  return false;
}

/** Laravel's `retrieveItem` on a parsed bag: the whole bag for no key, else the literal key (`fallback` for missing or null). */
function pick(bag: InputBag, key: unknown, fallback: unknown): unknown {
  if (key === undefined || key === null) return bag;
  const name = keyOf(key);
  const value = name === undefined ? undefined : own(bag, name);
  return value === undefined || value === null ? fallback : value;
}

/** Every header as lists of values, names in lower case (Symfony's `HeaderBag::all()`). */
function allHeaders(headers: IncomingHttpHeaders): Record<string, string[]> {
  const all: Record<string, string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) all[name] = Array.isArray(value) ? value : [value];
  }
  return all;
}

/**
 * A body on a GET, HEAD or OPTIONS request without any `Content-Type`: Laravel
 * parses nothing from it and the request goes on, so it is left unread. On the
 * methods that carry input, an unlabelled body is still refused with 415.
 */
function unlabelledSafeBody(raw: IncomingMessage): boolean {
  if (raw.headers['content-type'] !== undefined) return false;
  const method = raw.method;
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

function collectFiles(value: unknown, into: UploadedFile[]): void {
  if (value instanceof UploadedFile) into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectFiles(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) collectFiles(item, into);
}

function ignoreResponseError(): void {}

/** The header's first value is `true` (node joins repeated lines with `, `; the host framework reads the first). */
function isTrue(value: string | undefined): boolean {
  if (value === 'true') return true;
  if (value === undefined) return false;
  const comma = value.indexOf(',');
  return comma !== -1 && value.slice(0, comma).trim() === 'true';
}
