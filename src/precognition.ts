import { HttpError } from './errors/http-error.js';
import { JsonResponse, type HeaderMap } from './http/response.js';
import type { Request } from './http/request.js';

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

/** The fields named by `Precognition-Validate-Only` (comma-separated, not trimmed), or undefined. */
export function validateOnly(request: Request): string[] | undefined {
  const header = request.raw.headers['precognition-validate-only'];
  if (typeof header !== 'string' || header === '') return undefined;
  return header.split(',');
}

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
export function addPrecognitionHeaders(headers: HeaderMap, request: Request, variesOnPrecognition: boolean): void {
  if (request.isPrecognitive) headers['precognition'] = 'true';
  if (variesOnPrecognition) varyOnPrecognition(headers);
}

/** Adds `Precognition` to `Vary`, once. */
export function varyOnPrecognition(headers: HeaderMap): HeaderMap {
  const vary = headers['vary'];
  if (vary === undefined) headers['vary'] = 'Precognition';
  else if (!/\bprecognition\b/i.test(vary)) headers['vary'] = `${vary}, Precognition`;
  return headers;
}
