/**
 * What the client throws. Every failure is a `ClientError`: either the
 * request never got an answer (`NetworkError`) or the server answered with
 * an error (`StatusError`, and a subclass per status the server uses for
 * client mistakes). Tell them apart with `instanceof`, or with `status`.
 */
import type { FieldErrors } from '../typing/rules.js';

/** The parts of a fetch `Headers` the client reads. */
export interface HeadersLike {
  get(name: string): string | null;
}

/** Base class of everything the client throws (except a caller's own abort). */
export class ClientError extends Error {
  // Names are written out: minifiers rename classes.
  override name = 'ClientError';
  /** `route.action` of the call, e.g. `system.echo`. */
  readonly endpoint: string;

  constructor(endpoint: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.endpoint = endpoint;
  }
}

/** No answer: the server is unreachable, the connection broke, or the browser refused it (CORS, mixed content). */
export class NetworkError extends ClientError {
  override name = 'NetworkError';
}

/** The server answered with an error status, or with something that is not the expected JSON. */
export class StatusError extends ClientError {
  override name = 'StatusError';
  /** The HTTP status. */
  readonly status: number;
  /** The parsed JSON body (`{ message }` for Switchyard's errors); for an answer that is not JSON, its first 1,024 characters; or undefined. */
  readonly body: unknown;
  /** The response headers (cross-origin, only those the server exposes). */
  readonly headers: HeadersLike;

  constructor(endpoint: string, status: number, message: string, body: unknown, headers: HeadersLike) {
    super(endpoint, message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/**
 * The answer was larger than the client's `maxAnswerBytes`: the client
 * stopped reading it. `preview` holds its first characters; `body` is
 * undefined.
 */
export class AnswerTooLarge extends StatusError {
  override name = 'AnswerTooLarge';
  /** The cap that was passed, in bytes (`maxAnswerBytes`). */
  readonly limit: number;
  /** The first characters of the answer (at most 1,024). */
  readonly preview: string;

  constructor(endpoint: string, status: number, limit: number, preview: string, headers: HeadersLike) {
    super(endpoint, status, `The answer (${status}) is larger than the limit of ${limit} bytes (maxAnswerBytes).`, undefined, headers);
    this.limit = limit;
    this.preview = preview;
  }
}

/** 401: authentication middleware refused the caller. */
export class Unauthenticated extends StatusError {
  override name = 'Unauthenticated';
  declare readonly status: 401;
}

/** 403: `authorize()` said no, or a signed URL was invalid. */
export class Forbidden extends StatusError {
  override name = 'Forbidden';
  declare readonly status: 403;
}

/** 404: no such route or action. */
export class NotFound extends StatusError {
  override name = 'NotFound';
  declare readonly status: 404;
}

/** 405: the route or the action does not accept the method. */
export class MethodNotAllowed extends StatusError {
  override name = 'MethodNotAllowed';
  declare readonly status: 405;
  /** The methods accepted (`Allow`); empty cross-origin unless the server exposes `Allow`. */
  get allow(): string[] {
    const allow = this.headers.get('allow');
    return allow ? allow.split(',').map((method) => method.trim()) : [];
  }
}

/** 429: rate limited. */
export class TooManyRequests extends StatusError {
  override name = 'TooManyRequests';
  declare readonly status: 429;
  /** Seconds to wait (`Retry-After`); undefined cross-origin unless the server exposes it. */
  get retryAfter(): number | undefined {
    const value = Number(this.headers.get('retry-after') ?? Number.NaN);
    return Number.isFinite(value) ? value : undefined;
  }
}

/** 422: the input failed the form request's rules. `errors` maps each field (dot path) to its messages. */
export class ValidationFailed<F extends string = string> extends StatusError {
  override name = 'ValidationFailed';
  declare readonly status: 422;
  /** Field name → messages, in rule order. */
  readonly errors: FieldErrors<F>;

  constructor(endpoint: string, status: number, message: string, body: unknown, headers: HeadersLike) {
    super(endpoint, status, message, body, headers);
    const errors = (body as { errors?: unknown } | undefined)?.errors;
    this.errors = (errors !== null && typeof errors === 'object' ? errors : {}) as FieldErrors<F>;
  }
}

/** The error class for a status: the ones above, else `StatusError`. */
export function errorClassFor(status: number): typeof StatusError {
  return status === 422
    ? ValidationFailed
    : status === 401
      ? Unauthenticated
      : status === 403
        ? Forbidden
        : status === 404
          ? NotFound
          : status === 405
            ? MethodNotAllowed
            : status === 429
              ? TooManyRequests
              : StatusError;
}

/** The `message` of a 422, from its errors: the first message, then `(and N more errors)`, as the server writes it. */
export function summary(errors: Readonly<Record<string, readonly unknown[]>>): string {
  let first: unknown;
  let count = 0;
  for (const key in errors) {
    for (const message of errors[key]!) {
      if (count === 0) first = message;
      count++;
    }
  }
  if (typeof first !== 'string') return 'The given data was invalid.';
  const more = count - 1;
  return more === 0 ? first : `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}
