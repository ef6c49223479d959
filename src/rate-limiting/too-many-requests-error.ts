/**
 * The 429 of a request over its rate limit: Laravel's
 * `ThrottleRequestsException`, rendered by the one renderer as
 * `{"message":"Too Many Attempts."}` with the rate-limit headers.
 */
import { HttpError } from '../errors/http-error.js';
import type { HeaderMap } from '../http/response.js';

/** 429 `Too Many Attempts.`: thrown by the `throttle` middleware with `Retry-After` and the `X-RateLimit-*` headers. */
export class TooManyRequestsError extends HttpError {
  constructor(headers: HeaderMap = {}, message = 'Too Many Attempts.') {
    super(429, message, headers);
  }
}
