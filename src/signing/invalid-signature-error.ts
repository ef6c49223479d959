/**
 * The 403 a request gets when its URL signature is missing, wrong or
 * expired: the host framework's `InvalidSignatureException`, rendered as
 * `{"message": "Invalid signature."}` like every `HttpError`.
 */
import { HttpError } from '../errors/http-error.js';

/** 403 `Invalid signature.`: thrown by the `signed` middleware. */
export class InvalidSignatureError extends HttpError {
  constructor(message = 'Invalid signature.') {
    super(403, message);
  }
}
