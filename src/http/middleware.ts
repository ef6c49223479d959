import type { HttpRequest } from './request.js';
import type { JsonResponse } from './response.js';

/** Calls the rest of the pipeline and resolves to its response. */
export type Next = (request: HttpRequest) => Promise<JsonResponse>;

/** A middleware function: may short-circuit, or call `next` and change its response. */
export type MiddlewareFunction = (request: HttpRequest, next: Next) => JsonResponse | Promise<JsonResponse>;

/** A middleware class, resolved from the container, as the host framework's `handle($request, $next)`. */
export interface MiddlewareObject {
  handle(request: HttpRequest, next: Next): JsonResponse | Promise<JsonResponse>;
}
