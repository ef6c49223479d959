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

/** 403: the form request's `authorize()` said no. */
export class AuthorizationError extends HttpError {
  constructor(message = 'This action is unauthorized.') {
    super(403, message);
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
