import type { Request } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import type { MiddlewareFunction } from '../http/middleware.js';
import type { Awaitable } from '../awaitable.js';

/** A stage that turns a request into a response, now or later. */
export type Handler = (request: Request) => Awaitable<JsonResponse>;
/** Turns an error into a response (the application's `renderError`). */
export type ErrorRenderer = (error: unknown, request: Request) => JsonResponse;

/**
 * Builds one handler out of middleware around a destination, as the host
 * framework's Pipeline: `send(request).through(middleware).then(destination)`.
 * Each `next()` answers with a response even when a later stage throws, so a
 * middleware can read and change error responses on the way out. Calling
 * `next()` twice in one middleware is a programming error (a 500).
 */
export function compose(middleware: readonly MiddlewareFunction[], destination: Handler, render: ErrorRenderer): Handler {
  const stack = middleware.slice();
  const size = stack.length;
  if (size === 0) return destination;
  return (request) => {
    let reached = -1;
    const dispatch = async (index: number, current: Request): Promise<JsonResponse> => {
      if (index <= reached) throw new Error('next() was called more than once in one middleware.');
      reached = index;
      try {
        return index === size ? await destination(current) : await stack[index]!(current, (next) => dispatch(index + 1, next));
      } catch (error) {
        return render(error, current);
      }
    };
    return dispatch(0, request);
  };
}
