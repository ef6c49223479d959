import { BadRequestError } from '../errors/http-error.js';

/**
 * The path a request is routed by: the path as sent, percent-decoded as the
 * host framework matches routes (Laravel's `UriValidator` matches
 * `rawurldecode($request->getPathInfo())`), so `/api/caf%C3%A9`,
 * `/api/a%20b` and `/api/it%27s` reach the routes registered as
 * `/api/café`, `/api/a b` and `/api/it's`. An encoded slash decodes like any
 * other character: `/api%2Fsystem` reaches `/api/system`, as in the framework.
 *
 * Undefined when the path cannot be decoded (the caller answers 400, where
 * the framework finds no route and answers 404): a `%` not followed by two
 * hexadecimal digits, bytes that are not UTF-8 (overlong forms and
 * surrogates included), or a NUL byte.
 *
 * A path without `%` is returned as it is, after one scan; node:http refuses
 * raw bytes beyond ASCII in the request line, so nothing else needs decoding.
 */
export function decodePath(path: string): string | undefined {
  if (path.indexOf('%') === -1) return path;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined; // URIError: a malformed escape or bytes that are not UTF-8
  }
  return decoded.indexOf('\0') === -1 ? decoded : undefined;
}

/** 400 for a request path `decodePath` cannot decode. */
export class MalformedPathError extends BadRequestError {
  constructor() {
    super('The request path is malformed: each % must start a %XX escape, and the decoded path must be UTF-8 without NUL bytes.');
  }
}
