import { statusText } from './status-texts.js';

/**
 * An error that knows the HTTP answer it stands for. Anything thrown while a
 * request is handled that is not an `HttpError` becomes a 500 whose details
 * never reach the client (see `render-error.ts`).
 */
export class HttpError extends Error {
  /** The HTTP status code sent to the client. */
  readonly status: number;
  /** Extra response headers, e.g. `Allow` on a 405. */
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.headers = headers;
  }

  /** The JSON body sent to the client. Subclasses add fields (e.g. `errors`). */
  toJSON(): Record<string, unknown> {
    return { message: this.message };
  }
}

/** 400: the request cannot be read (malformed JSON, bad percent-encoding...). */
export class BadRequestError extends HttpError {
  constructor(message = 'Bad Request.', headers?: Record<string, string>) {
    super(400, message, headers);
  }
}

/** What an `AuthorizationError` reads of the denial it came from (an `AuthorizationResponse`). */
export interface DenialMessage {
  message(): string | null;
}

/**
 * 403: the form request's `authorize()` said no (Laravel's
 * `AuthorizationException`). `withStatus(status)` (or `asNotFound()`) answers
 * with another status instead: its body's message is then the message of the
 * `AuthorizationResponse` it came from, or else the status text (`Not Found`),
 * as Laravel's exception handler renders it.
 *
 * @example
 * throw new AuthorizationError('Not yours.');            // 403 {"message":"Not yours."}
 * throw new AuthorizationError().asNotFound();           // 404 {"message":"Not Found"}
 */
export class AuthorizationError extends HttpError {
  /** Laravel's code (the reason of the denial, for your own code): never sent. */
  readonly code: unknown;
  #response: DenialMessage | undefined;
  #status: number | null = null;

  constructor(message?: string | null, code?: unknown) {
    super(403, message ?? 'This action is unauthorized.');
    this.code = code || 0;
  }

  /** The `AuthorizationResponse` whose `authorize()` threw this, if any. */
  response(): DenialMessage | undefined {
    return this.#response;
  }

  /** Records the denial this error stands for (called by `AuthorizationResponse.authorize()`). */
  setResponse(response: DenialMessage): this {
    this.#response = response;
    return this;
  }

  /** Answers with `status` instead of 403; `null` goes back to 403. */
  withStatus(status: number | null | undefined): this {
    this.#status = status ?? null;
    (this as { status: number }).status = status ?? 403;
    return this;
  }

  /** Answers 404 instead of 403. */
  asNotFound(): this {
    return this.withStatus(404);
  }

  /** True when a status was set with `withStatus` or `asNotFound`. */
  hasStatus(): boolean {
    return this.#status !== null;
  }

  override toJSON(): Record<string, unknown> {
    if (this.#status === null) return { message: this.message };
    return { message: this.#response?.message() || statusText(this.#status) };
  }
}

/** 404: no route, or no action for the request's action value. */
export class NotFoundError extends HttpError {
  constructor(message = 'Not Found.') {
    super(404, message);
  }
}

/** 405: the route or the selected action does not accept the method. */
export class MethodNotAllowedError extends HttpError {
  constructor(allow: string, message = 'The method is not allowed for this action.') {
    super(405, message, { allow });
  }
}

/** 413: the body is larger than the configured limit. */
export class PayloadTooLargeError extends HttpError {
  constructor(limit: number, what = 'The request body') {
    super(413, `${what} is larger than the limit of ${limit} bytes.`, { connection: 'close' });
  }
}

/** 414: the query string is longer than `max_query_length`. */
export class UriTooLongError extends HttpError {
  constructor(message = 'The query string is too long.') {
    super(414, message);
  }
}

/** 415: a body whose content type Switchyard cannot read. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(
    contentType: string,
    message = `Unsupported content type "${contentType}": send application/json, application/x-www-form-urlencoded or multipart/form-data.`,
  ) {
    super(415, message);
  }
}

/** 401: the caller is not authenticated (raised by authentication middleware). */
export class AuthenticationError extends HttpError {
  constructor(message = 'Unauthenticated.') {
    super(401, message);
  }
}

/** 503: the handler ran past `handler_timeout`, or the service is shutting down. */
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service Unavailable.') {
    super(503, message);
  }
}
