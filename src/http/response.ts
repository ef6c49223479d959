/** Response headers, names in lower case. */
export type HeaderMap = Record<string, string>;

/**
 * What a handler or middleware returns when a plain value is not enough: a
 * JSON body with a status and headers. `body === undefined` sends no body.
 *
 * @example
 * return new JsonResponse({ id }, 201, { location: `/api/things/${id}` });
 */
export class JsonResponse {
  body: unknown;
  status: number;
  headers: HeaderMap;
  /** How `body` becomes text: `JSON.stringify` unless an action declared its response (`static response`). */
  serialize: ((body: unknown) => string) | undefined;

  constructor(body?: unknown, status = 200, headers: HeaderMap = {}, serialize?: (body: unknown) => string) {
    this.body = body;
    this.status = status;
    this.headers = headers;
    this.serialize = serialize;
  }

  /** Sets a header (name is lower-cased) and returns the response. */
  header(name: string, value: string): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
}

/** Shorthand for `new JsonResponse(body, status, headers)`, like the host's `response()->json()`. */
export function json(body: unknown, status = 200, headers: HeaderMap = {}): JsonResponse {
  return new JsonResponse(body, status, headers);
}

/** The answer to OPTIONS: 204 with the methods in `Allow`. */
export function optionsResponse(allow: string): JsonResponse {
  return new JsonResponse(undefined, 204, { allow });
}

/** A 204 with no body. */
export function noContent(headers: HeaderMap = {}): JsonResponse {
  return new JsonResponse(undefined, 204, headers);
}

/** Turns a handler's return value into a response: plain values become 200 JSON, `undefined` a 204. */
export function toResponse(result: unknown, serialize?: (body: unknown) => string): JsonResponse {
  if (result instanceof JsonResponse) return result;
  if (result === undefined) return new JsonResponse(undefined, 204);
  return new JsonResponse(result, 200, {}, serialize);
}

/**
 * A copy of a header map. A for-in copy, not `{ ...headers }`: a spread copy
 * that then gains properties is far slower on Node 20 (bench/results/history.md),
 * and every answer adds some.
 */
export function copyHeaders(headers: HeaderMap): HeaderMap {
  const copy: HeaderMap = {};
  for (const name in headers) copy[name] = headers[name]!;
  return copy;
}
