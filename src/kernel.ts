import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest } from './http/request.js';
import { JsonResponse, copyHeaders, type HeaderMap } from './http/response.js';
import { headerLinesError, originForm, wireError } from './http/wire-rules.js';
import { writeResponse } from './http/write-response.js';
import { decodePath, MalformedPathError } from './http/decode-path.js';
import type { ErrorRenderer, Handler } from './http/compose.js';
import type { Router } from './routing/router.js';
import { Exchange } from './routing/exchange.js';
import { NotFoundError, UriTooLongError, type HttpError } from './errors/http-error.js';
import { withDeadline } from './pipeline/deadline.js';
import type { SwitchyardConfig } from './config.js';
import { isThenable, type Awaitable } from './awaitable.js';
import { addPrecognitionHeaders } from './precognition.js';

/** CORS as the kernel uses it (the application's `CorsPolicy`): preflights first, headers on every answer. */
export interface CorsLayer {
  answerPreflight(request: HttpRequest): JsonResponse | undefined;
  decorate(request: HttpRequest, headers: HeaderMap): void;
}

/**
 * Told of every request the kernel makes and of the status it answered
 * (request logging): `started` before anything runs, `answered` once the
 * answer is written, whatever answered it (a preflight, a 414, the
 * handler-timeout 503, an error). Calls, not a wrapper, so that watching
 * adds no promise hop to a request that waits.
 */
export interface RequestObserver {
  started(request: HttpRequest, exchange: Exchange): void;
  answered(request: HttpRequest, status: number, exchange: Exchange): void;
}

/** A check the kernel runs before global middleware: it answers (returns or throws) or lets the request on (undefined). */
export interface KernelCheck {
  readonly name: string;
  readonly run: (request: HttpRequest) => JsonResponse | undefined;
}

/** The kernel's checks, in order, under `config`. */
function kernelChecks(config: SwitchyardConfig, cors: CorsLayer | undefined): readonly KernelCheck[] {
  return [
    // Before anything reads a header: node:http may have dropped some, and a preflight would be answered from the rest.
    { name: 'headerLines', run: (request) => refuse(headerLinesError(request.raw)) },
    // A CORS preflight is answered before anything else runs (the host framework's HandleCors).
    ...(cors === undefined ? [] : [{ name: 'corsPreflight', run: (request: HttpRequest) => cors.answerPreflight(request) }]),
    { name: 'wireRules', run: (request) => refuse(wireError(request.raw)) },
    {
      name: 'queryLength',
      run: (request) => refuse(request.rawQuery.length > config.max_query_length ? new UriTooLongError() : undefined),
    },
  ];
}

function refuse(error: HttpError | undefined): undefined {
  if (error !== undefined) throw error;
  return undefined;
}

/** Called by the Express-style middleware when no route matches. */
export type NextFunction = (error?: unknown) => void;

/**
 * Where node:http meets Switchyard. For each request: split the target,
 * find the route, make the request's `Exchange`, check the wire rules and
 * the query length, run global middleware around the route's stages
 * (src/pipeline/dispatch.ts), and write the answer. Nothing thrown escapes:
 * errors are rendered by the application's one renderer, and a response
 * that cannot be written becomes a bare 500.
 */
export class Kernel {
  /** Set while the application shuts down: responses then close their connection. */
  closing = false;
  readonly #pipeline: Handler<Exchange>;
  readonly #observer: RequestObserver | undefined;

  readonly #cors: CorsLayer | undefined;
  /** What the kernel checks before global middleware, in order (docs/architecture.md, "A request's path"). */
  readonly checks: readonly KernelCheck[];

  /**
   * `globalMiddleware`: the application's global middleware, composed once around `destination`.
   * `observer`: told of every request and its answer's status (request logging).
   * `cors`: answers preflights before anything else and adds its headers to every answer as it is written.
   */
  constructor(
    private readonly router: Router,
    globalMiddleware: (destination: Handler<Exchange>) => Handler<Exchange>,
    private readonly render: ErrorRenderer,
    private readonly config: SwitchyardConfig,
    observer?: RequestObserver,
    cors?: CorsLayer,
  ) {
    this.#pipeline = globalMiddleware(runRoute);
    this.#cors = cors;
    this.#observer = observer;
    this.checks = kernelChecks(config, cors);
  }

  /** The `(req, res, next?)` entry point. With `next`, an unmatched path is passed on. */
  readonly handle = (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void => {
    const url = originForm(req, req.url ?? '/');
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const route = this.router.find(path);
    if (route === undefined && next !== undefined) {
      next();
      return;
    }
    const exchange = new Exchange(req, res, path, mark === -1 ? '' : url.slice(mark + 1), this.config, route);
    const request = exchange.request;
    this.#observer?.started(request, exchange);
    let result: Awaitable<JsonResponse>;
    try {
      result = this.#run(exchange);
    } catch (error) {
      result = this.render(error, request);
    }
    // Synchronous answers are written at once; only waiting requests allocate callbacks.
    if (!isThenable<JsonResponse>(result)) {
      this.#send(request, exchange, result);
      return;
    }
    Promise.resolve(result).then(
      (response) => this.#send(request, exchange, response),
      (error) => this.#send(request, exchange, this.render(error, request)),
    );
  };

  #run(exchange: Exchange): Awaitable<JsonResponse> {
    const request = exchange.request;
    for (const check of this.checks) {
      const answer = check.run(request);
      if (answer !== undefined) return answer;
    }
    const running = this.#pipeline(request, exchange);
    const limit = this.config.handler_timeout;
    return limit === 0 ? running : withDeadline(Promise.resolve(running), limit, request, this.render);
  }

  /**
   * The headers of an answer as it goes out, the one place they are made (the error that replaces an
   * answer that could not be written gets them too): a copy of the response's own (it may be shared,
   * a middleware's canned answer), `Connection: close` while closing, CORS, the Precognition headers
   * and the request id (when request logging is on).
   */
  #answerHeaders(request: HttpRequest, exchange: Exchange, response: JsonResponse): HeaderMap {
    const headers = copyHeaders(response.headers);
    if (this.closing) headers['connection'] = 'close';
    this.#cors?.decorate(request, headers);
    addPrecognitionHeaders(headers, request, exchange.variesOnPrecognition);
    const requestId = exchange.requestId;
    if (requestId !== undefined) headers['x-request-id'] = requestId;
    return headers;
  }

  #send(request: HttpRequest, exchange: Exchange, response: JsonResponse): void {
    const res = request.rawResponse;
    if (res.headersSent || res.writableEnded || res.destroyed) {
      // A handler began the answer itself and then failed: it cannot be completed, so the connection must not wait for it.
      if (!res.writableEnded && !res.destroyed && (!(response instanceof JsonResponse) || response.status >= 400)) res.destroy();
      // What went out when a handler wrote the answer itself; else what it answered (the client left first).
      this.#observer?.answered(
        request,
        res.headersSent || !(response instanceof JsonResponse) ? res.statusCode : response.status,
        exchange,
      );
      return;
    }
    if (!(response instanceof JsonResponse)) {
      response = this.render(new TypeError(`A route handler answered with ${typeof response} instead of a response.`), request);
    }
    try {
      writeResponse(
        res,
        response.status,
        response.body,
        this.#answerHeaders(request, exchange, response),
        request.realMethod,
        response.serialize,
      );
      this.#observer?.answered(request, response.status, exchange);
    } catch (error) {
      const fallback = this.render(error, request);
      if (res.headersSent) {
        this.#observer?.answered(request, res.statusCode, exchange);
        return;
      }
      // A failed writeHead left its reason phrase behind ("500 OK"); let node pick the right one.
      (res as { statusMessage: string | undefined }).statusMessage = undefined;
      writeResponse(res, fallback.status, fallback.body, this.#answerHeaders(request, exchange, fallback), request.realMethod);
      this.#observer?.answered(request, fallback.status, exchange);
    }
  }
}

/** The destination of global middleware: the matched route's stages, or 404. */
function runRoute(request: HttpRequest, exchange: Exchange): Awaitable<JsonResponse> {
  exchange.request = request;
  if (exchange.route === undefined) throw decodePath(request.pathInfo) === undefined ? new MalformedPathError() : new NotFoundError();
  return exchange.next();
}
