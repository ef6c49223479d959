/**
 * The typed client: `createClient<Routes>(options)` returns `api`, where
 * `api.<route>.<action>(input)` calls an action with fetch and
 * `api.<route>.<action>.validate(input, { only })` asks for a Precognition
 * prediction. Nothing about the server is known at run time: the route and
 * action names come from the property names, the types from `Routes`.
 * Browser-safe (fetch only) and free of side effects at import.
 */
import type { BrowserRules, FieldMessages } from './browser-rules.js';
import { AnswerTooLarge, type HeadersLike, StatusError, NetworkError, ValidationFailed, errorClassFor, summary } from './errors.js';
import { toQuery } from './query.js';
import { type ByteStream, DEFAULT_MAX_ANSWER_BYTES, preview, readAnswer, type ReadAnswer } from './read-answer.js';
import type { CallOptions, Client, FieldsOfAction, ValidateOptions } from './types.js';

/** The parts of a fetch `Response` the client reads. */
export interface ResponseLike {
  readonly status: number;
  readonly headers: HeadersLike;
  /** The body as a stream (fetch's `Response.body`): read chunk by chunk up to `maxAnswerBytes`. Without it, `text()` is read. */
  readonly body?: ByteStream | null;
  text(): Promise<string>;
}

/** The fetch the client calls: the global one, or one you pass (a test double, a wrapper that adds retries...). */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    credentials?: 'omit' | 'same-origin' | 'include';
  },
) => Promise<ResponseLike>;

/** How to reach the server. */
export interface ClientOptions<Routes = Record<string, unknown>> {
  /** Where the routes are, without a trailing slash needed: `https://api.example.com/api`, or `/api` in a page on the same site. */
  baseUrl: string;
  /** The path of a route under `baseUrl` when it is not `/<key>`: `{ system: '/v1/system' }`. */
  paths?: { readonly [Key in keyof Routes]?: string };
  /** The server's `action_key` (default `action`): the query parameter that names the action. */
  actionKey?: string;
  /** Headers sent with every call (`authorization`...), or a function that returns them, called per call. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** fetch's `credentials`, e.g. `include` to send cookies cross-origin (the server needs `supports_credentials`). */
  credentials?: 'omit' | 'same-origin' | 'include';
  /** The fetch to use. Default: the global `fetch`. */
  fetch?: FetchLike;
  /**
   * The most bytes of an answer the client reads; past it the call fails with
   * `AnswerTooLarge` and the rest is not read. A whole number ≥ 1. Default 10 MiB.
   */
  maxAnswerBytes?: number;
  /**
   * The server's rules (`compileRules(document, compileValidator)`): a call
   * with a JSON body is checked in the browser first and fails with the
   * server's `ValidationFailed` without a request when a rule the browser
   * can run fails; `validate()` checks those fields here and asks the server
   * only about the others (docs/client.md).
   */
  rules?: BrowserRules;
}

/** The reserved name of the default action: called without an action name. */
const DEFAULT_ACTION = '/';

/**
 * Creates the typed client of `Routes`: a map of route keys to the controller
 * classes registered there, e.g. `{ system: typeof SystemController }` (a
 * type: nothing of the server is bundled).
 *
 * @example
 * const api = createClient<{ system: typeof SystemController }>({ baseUrl: 'http://localhost:3000/api' });
 * const echoed = await api.system.echo({ message: 'hi' });            // { message: string }
 * const errors = await api.system.echo.validate({ message: '' });     // { message?: string[] }
 */
export function createClient<Routes>(options: ClientOptions<Routes>): Client<Routes> {
  let base = options?.baseUrl;
  if (typeof base !== 'string') throw new TypeError('createClient: give the baseUrl, e.g. { baseUrl: "https://api.example.com/api" }.');
  while (base.endsWith('/')) base = base.slice(0, -1);
  const paths = (options.paths ?? {}) as Record<string, string | undefined>;
  const actionKey = encodeURIComponent(options.actionKey ?? 'action');
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  if (!Number.isSafeInteger(maxAnswerBytes) || maxAnswerBytes < 1) {
    throw new TypeError(`createClient: maxAnswerBytes must be a whole number ≥ 1 (bytes); got ${String(maxAnswerBytes)}.`);
  }

  const methodOf = (input: unknown, call: CallOptions) => (call.method ?? (input === undefined ? 'GET' : 'POST')).toUpperCase();
  const carriesJson = (method: string) => method !== 'GET' && method !== 'HEAD';

  const send = async (endpoint: string, url: string, input: unknown, call: ValidateOptions = {}, predict = false): Promise<unknown> => {
    const method = methodOf(input, call);
    const headers: Record<string, string> = { accept: 'application/json' };
    const shared = typeof options.headers === 'function' ? options.headers() : options.headers;
    for (const extra of [shared, call.headers]) for (const name in extra) headers[name.toLowerCase()] = extra[name]!;
    let body: string | undefined;
    if (input !== undefined) {
      if (method === 'GET' || method === 'HEAD') {
        const query = toQuery(input as Record<string, unknown>);
        if (query !== '') url += (url.includes('?') ? '&' : '?') + query;
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(input);
      }
    }
    if (predict) {
      headers['precognition'] = 'true';
      if (call.only) headers['precognition-validate-only'] = call.only.join(',');
    }
    const init: Parameters<FetchLike>[1] = { method, headers };
    if (body !== undefined) init.body = body;
    if (call.signal) init.signal = call.signal;
    if (options.credentials) init.credentials = options.credentials;

    let status: number;
    let received: HeadersLike;
    let answer: ReadAnswer;
    try {
      const response = await (options.fetch ?? (globalThis.fetch as unknown as FetchLike))(url, init);
      status = response.status;
      received = response.headers;
      answer = await readAnswer(response, maxAnswerBytes);
    } catch (error) {
      if (call.signal?.aborted) throw error;
      throw new NetworkError(endpoint, `${method} ${url} failed: ${(error as Error)?.message ?? error}`, { cause: error });
    }
    if (answer.tooLarge) throw new AnswerTooLarge(endpoint, status, maxAnswerBytes, answer.preview, received);

    const text = answer.text;
    let parsed: unknown;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new StatusError(endpoint, status, `The answer (${status}) is not JSON.`, preview(text), received);
      }
    }
    const ok = status >= 200 && status < 300;
    if (predict && (ok || status === 422)) {
      // A real answer without the header would mean the handler ran: never read it as a prediction.
      if (received.get('precognition') !== 'true') {
        throw new StatusError(endpoint, status, 'The server did not answer as a Precognition prediction.', parsed, received);
      }
      const errors = (parsed as { errors?: unknown } | undefined)?.errors;
      if (status === 422 && errors !== null && typeof errors === 'object') return errors;
      if (status === 204 && received.get('precognition-success') === 'true') return {};
      // A 422 without field errors is thrown below as ValidationFailed: it must not read as valid.
      if (status !== 422) throw new StatusError(endpoint, status, `Unexpected answer to a prediction: ${status}.`, parsed, received);
    }
    if (ok) return parsed;
    const message = (parsed as { message?: unknown } | undefined)?.message;
    const ErrorClass = errorClassFor(status);
    throw new ErrorClass(endpoint, status, typeof message === 'string' ? message : `HTTP ${status}`, parsed, received);
  };

  const action = (route: string, name: string): object => {
    const path = base + (paths[route] ?? `/${route}`).replace(/^\/?/, '/');
    const url = path + (name === DEFAULT_ACTION ? '' : `?${actionKey}=${encodeURIComponent(name)}`);
    const endpoint = `${route}.${name}`;
    // The server's rules check a JSON body before it is sent; a query is text, which the browser does not rebuild.
    const rules = options.rules;
    const checker = (input: unknown, call: CallOptions) => (input !== undefined && carriesJson(methodOf(input, call)) ? rules : undefined);
    const call = async (input?: unknown, options: CallOptions = {}) => {
      const errors = await checker(input, options)?.callErrors(path, name, input);
      if (errors !== undefined) throw localFailure(endpoint, errors);
      return send(endpoint, url, input, options);
    };
    call.validate = (input?: unknown, options: ValidateOptions = {}) =>
      checker(input, options)?.predict(
        path,
        name,
        input,
        // A caller without types may pass null: all fields, as the header is then left out.
        options.only ?? undefined,
        (only) => send(endpoint, url, input, { ...options, only }, true) as Promise<FieldMessages>,
      ) ?? send(endpoint, url, input, options, true);
    call.endpoint = endpoint;
    return call;
  };

  // `then` is never a route or an action, so that `await api` does not take the client for a promise.
  const named = (make: (name: string) => object) => {
    const made = new Map<string, object>();
    return new Proxy(
      {},
      {
        get: (_, name) => {
          if (typeof name !== 'string' || name === 'then') return undefined;
          let value = made.get(name);
          if (value === undefined) made.set(name, (value = make(name)));
          return value;
        },
      },
    );
  };
  return named((route) => named((name) => action(route, name))) as Client<Routes>;
}

/** No headers: an answer the browser gave itself. */
const NO_HEADERS: HeadersLike = { get: () => null };

/** The 422 the server would answer, found in the browser. */
function localFailure(endpoint: string, errors: FieldMessages): ValidationFailed {
  const message = summary(errors);
  return new ValidationFailed(endpoint, 422, message, { message, errors }, NO_HEADERS);
}

/**
 * True when `error` is the 422 of a call; with `action`, of a call to that
 * action, and then `error.errors` is keyed by its field names.
 *
 * @example
 * catch (error) { if (isValidationFailed(error, api.system.echo)) error.errors.message; }
 */
export function isValidationFailed<A extends { readonly endpoint: string; validate(...args: never[]): Promise<object> } = never>(
  error: unknown,
  action?: A,
): error is ValidationFailed<[A] extends [never] ? string : FieldsOfAction<A>> {
  return error instanceof ValidationFailed && (action === undefined || error.endpoint === action.endpoint);
}
