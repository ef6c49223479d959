import { HttpError } from '../errors/http-error.js';
import { JsonResponse, copyHeaders } from './response.js';
import type { ErrorReporter } from '../config.js';

/**
 * The one place where a thrown error becomes a response. An `HttpError`
 * answers with its own status, headers and body; anything else is reported
 * and answered with a bare 500, so no stack or class name leaks.
 */
export function renderError(error: unknown, report: ErrorReporter): JsonResponse {
  if (error instanceof HttpError) {
    return new JsonResponse(error.toJSON(), error.status, copyHeaders(error.headers));
  }
  try {
    report(error);
  } catch {
    // A failing reporter must not turn one error into a crash.
  }
  return new JsonResponse({ message: 'Server Error' }, 500);
}
