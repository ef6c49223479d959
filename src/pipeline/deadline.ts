import { ServiceUnavailableError } from '../errors/http-error.js';
import type { ErrorRenderer } from '../http/compose.js';
import type { HttpRequest } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';

/** Answers 503 when the handler runs past the deadline, and aborts `request.signal`. */
export function withDeadline(
  running: Promise<JsonResponse>,
  ms: number,
  request: HttpRequest,
  render: ErrorRenderer,
): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      timedOut = true;
      const error = new ServiceUnavailableError('The server took too long to answer.');
      request.abort(error);
      resolve(render(error, request));
    }, ms);
    let timedOut = false;
    running.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        // After the 503 the error has no answer left to shape, but it must still be reported.
        if (timedOut) render(error, request);
        else reject(error);
      },
    );
  });
}
