import type { HttpRequest } from './request.js';
import { JsonResponse } from './response.js';
import type { MiddlewareFunction } from './middleware.js';
import type { Awaitable } from '../awaitable.js';

/**
 * A stage that turns a request into a response, now or later. `state` is the
 * per-request record the pipeline threads through middleware untouched
 * (middleware only ever sees the request).
 */
export type Handler<S = void> = (request: HttpRequest, state: S) => Awaitable<JsonResponse>;
/** Turns an error into a response (the application's `renderError`). */
export type ErrorRenderer = (error: unknown, request: HttpRequest) => JsonResponse;

/**
 * Builds one handler out of middleware around a destination, as the host
 * framework's Pipeline: `send(request).through(middleware).then(destination)`.
 * Each `next()` answers with a response even when a later stage throws, so a
 * middleware can read and change error responses on the way out. Calling
 * `next()` twice in one middleware is a programming error (a 500), and so
 * is a middleware that answers with something other than a response (it
 * forgot to `return next(request)`): the host framework's pipeline would
 * pass `null` on; here it is one 500, reported with the middleware's name.
 * Built once, at boot; with no middleware it is the destination itself.
 */
export function compose<S = void>(middleware: readonly MiddlewareFunction[], destination: Handler<S>, render: ErrorRenderer): Handler<S> {
  const stack = middleware.slice();
  const size = stack.length;
  if (size === 0) return destination;
  return (request, state) => {
    let reached = -1;
    const dispatch = async (index: number, current: HttpRequest): Promise<JsonResponse> => {
      if (index <= reached) throw new Error('next() was called more than once in one middleware.');
      reached = index;
      try {
        if (index === size) return await destination(current, state);
        const middleware = stack[index]!;
        const response = await middleware(current, (next) => dispatch(index + 1, next));
        if (!(response instanceof JsonResponse)) throw new MissingResponseError(middleware, index, response);
        return response;
      } catch (error) {
        return render(error, current);
      }
    };
    return dispatch(0, request);
  };
}

/** A middleware resolved to something other than a `JsonResponse` (most often: it forgot `return`). */
class MissingResponseError extends Error {
  constructor(middleware: MiddlewareFunction, index: number, value: unknown) {
    const name = middleware.name === '' ? `the anonymous middleware at position ${index + 1}` : `the middleware "${middleware.name}"`;
    const got = value === undefined ? 'undefined' : value === null ? 'null' : typeof value;
    super(`${name} returned ${got} instead of a response: did it forget to \`return next(request)\`?`);
    this.name = 'MissingResponseError';
  }
}
