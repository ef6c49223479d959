import { BadRequestError, HttpError } from './errors/http-error.js';
import { JsonResponse, type HeaderMap } from './http/response.js';
import type { HttpRequest } from './http/request.js';
import { hasPartialWildcard } from './validation/only-filter.js';

/**
 * The Precognition protocol, as the `laravel-precognition` client expects:
 * a request with `Precognition: true` runs middleware, authorization and
 * validation but never the handler. Success is a 204 with
 * `Precognition-Success: true`; every answer carries `Precognition: true`.
 */

/** The answer to a prediction whose validation passed. */
export function precognitionSuccess(): JsonResponse {
  return new JsonResponse(undefined, 204, { precognition: 'true', 'precognition-success': 'true' });
}

/** Most names a `Precognition-Validate-Only` header may list (a form has far fewer fields). */
const MAX_VALIDATE_ONLY_NAMES = 1000;
/** Most of those names with a `*` inside a segment (`item*`): each is tested against every attribute it can reach. */
const MAX_VALIDATE_ONLY_GLOBS = 20;

/**
 * The fields named by `Precognition-Validate-Only`, or undefined when the
 * header is absent. Split at every comma, nothing trimmed, as the host
 * framework's `explode(',', ...)`: an empty header is the one name `''`, so
 * it validates nothing (a field with a dot in its key is written `a\.b`). More than `MAX_VALIDATE_ONLY_NAMES` names, or more
 * than `MAX_VALIDATE_ONLY_GLOBS` with a `*` inside a segment: a 400.
 */
export function validateOnly(request: HttpRequest): string[] | undefined {
  const header = request.raw.headers['precognition-validate-only'];
  if (typeof header !== 'string') return undefined;
  const names = header.split(',');
  if (names.length > MAX_VALIDATE_ONLY_NAMES) {
    throw new TooManyValidateOnlyNamesError(
      `The Precognition-Validate-Only header lists ${names.length} fields; at most ${MAX_VALIDATE_ONLY_NAMES} are allowed.`,
    );
  }
  let globs = 0;
  for (const name of names) {
    if (hasPartialWildcard(name) && ++globs > MAX_VALIDATE_ONLY_GLOBS) {
      throw new TooManyValidateOnlyNamesError(
        `The Precognition-Validate-Only header has more than ${MAX_VALIDATE_ONLY_GLOBS} fields with a "*" inside a segment (such as "item*").`,
      );
    }
  }
  return names;
}

/** 400 for a `Precognition-Validate-Only` header beyond the limits above. */
export class TooManyValidateOnlyNamesError extends BadRequestError {}

/**
 * 400 for a prediction sent to an action without `precognition = true`: a
 * client that asked for a prediction must never cause the handler's effects.
 */
export class PrecognitionNotSupportedError extends HttpError {
  constructor() {
    super(400, 'This action does not support precognitive requests.');
  }
}

/**
 * The Precognition headers of an answer, added in this one place by the
 * kernel as it writes the answer, so every answer gets them, errors
 * included (the host framework's `HandlePrecognitiveRequests` does this as
 * an outermost middleware): `Precognition: true` on every answer to a
 * prediction, and `Vary: Precognition` on every answer of an action that
 * supports predictions, so caches keep predictions and real answers apart.
 */
export function addPrecognitionHeaders(headers: HeaderMap, request: HttpRequest, variesOnPrecognition: boolean): void {
  if (request.isPrecognitive) headers['precognition'] = 'true';
  if (variesOnPrecognition) varyOnPrecognition(headers);
}

/** Adds `Precognition` to `Vary`, once. */
function varyOnPrecognition(headers: HeaderMap): HeaderMap {
  const vary = headers['vary'];
  if (vary === undefined) headers['vary'] = 'Precognition';
  else if (!/\bprecognition\b/i.test(vary)) headers['vary'] = `${vary}, Precognition`;
  return headers;
}
