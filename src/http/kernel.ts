import type { IncomingMessage, ServerResponse } from 'node:http';
import { Request } from './request.js';
import { optionsResponse, type JsonResponse } from './response.js';
import { writeResponse } from './write-response.js';
import type { Router } from '../routing/router.js';
import type { Route } from '../routing/route.js';
import type { MiddlewareResolver } from '../routing/middleware-resolver.js';
import { compose } from '../pipeline/compose.js';
import type { Handler, ErrorRenderer } from '../pipeline/compose.js';
import { HttpError, MethodNotAllowedError, NotFoundError, ServiceUnavailableError } from '../errors/http-error.js';
import type { SwitchyardConfig } from '../config.js';
import { isThenable, type Awaitable } from '../awaitable.js';
import { varyOnPrecognition } from '../precognition.js';

/** Called by the Express-style middleware when no route matches. */
export type NextFunction = (error?: unknown) => void;

/**
 * Where node:http meets Switchyard: splits the URL, finds the route (404 /
 * 405 with the route's `Allow`), runs global middleware and the route, and
 * writes the response. Nothing thrown escapes: errors are rendered by the
 * application's one renderer, and a response that cannot be written becomes
 * a bare 500.
 */
export class Kernel {
  #routeHandler: Handler | undefined;
  #entry: Handler | undefined;
  /** Set while the application shuts down: responses then close their connection. */
  closing = false;

  readonly #routePipelines = new WeakMap<Route, { version: number; run: Handler }>();

  constructor(
    private readonly router: Router,
    private readonly globalPipeline: (destination: Handler) => Handler,
    private readonly render: ErrorRenderer,
    private readonly config: SwitchyardConfig,
    private readonly middleware: MiddlewareResolver,
    /** Wraps everything the kernel answers once a request has a Request object (the application's CORS layer). */
    private readonly outermost: (run: Handler) => Handler = (run) => run,
  ) {}

  /** The `(req, res, next?)` entry point. With `next`, an unmatched path is passed on. */
  readonly handle = (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void => {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const route = this.router.find(path);
    if (route === undefined && next !== undefined) {
      next();
      return;
    }
    const request = new Request(req, res, path, mark === -1 ? '' : url.slice(mark + 1), this.config);
    request.route = route;
    let result: Awaitable<JsonResponse>;
    try {
      result = (this.#entry ??= this.outermost((request) => this.#run(request)))(request);
    } catch (error) {
      result = this.render(error, request);
    }
    // Synchronous answers are written at once; only waiting requests allocate callbacks.
    if (!isThenable<JsonResponse>(result)) {
      this.#send(request, result);
      return;
    }
    Promise.resolve(result).then(
      (response) => this.#send(request, response),
      (error) => this.#send(request, this.render(error, request)),
    );
  };

  #run(request: Request): Awaitable<JsonResponse> {
    if (request.rawQuery.length > this.config.max_query_length) {
      return this.render(new HttpError(414, 'The query string is too long.'), request);
    }
    this.#routeHandler ??= this.globalPipeline(this.#dispatch);
    const running = this.#routeHandler(request);
    const limit = this.config.handler_timeout;
    return limit === 0 ? running : withDeadline(Promise.resolve(running), limit, request, this.render);
  }

  readonly #dispatch: Handler = (request) => {
    const route = request.route;
    if (route === undefined) throw new NotFoundError();
    if (!route.accepts(request.method)) {
      if (request.method === 'OPTIONS') {
        if (route.selectsAction) return route.handler(request, route);
        return optionsResponse(route.allow);
      }
      throw new MethodNotAllowedError(route.allow, 'The method is not allowed for this route.');
    }
    return route.selectsAction ? route.handler(request, route) : this.#pipelineOf(route)(request);
  };

  /** Route middleware around a plain route's handler, composed once (again only if its middleware changes). */
  #pipelineOf(route: Route): Handler {
    const cached = this.#routePipelines.get(route);
    if (cached !== undefined && cached.version === route.version) return cached.run;
    const run = compose(this.middleware.resolve(route.getMiddleware()), (request) => route.handler(request, route), this.render);
    this.#routePipelines.set(route, { version: route.version, run });
    return run;
  }

  #send(request: Request, response: JsonResponse): void {
    const res = request.rawResponse;
    if (res.headersSent || res.writableEnded || res.destroyed) return;
    // Headers of this answer go on a copy: the response object may be shared (a middleware's canned answer).
    const headers = { ...response.headers };
    if (this.closing) headers['connection'] = 'close';
    // Every answer to a prediction says so, wherever it was decided (404 and 405 included).
    if (request.isPrecognitive) headers['precognition'] = 'true';
    if (request.variesOnPrecognition) varyOnPrecognition(headers);
    try {
      writeResponse(res, response.status, response.body, headers, request.method);
    } catch (error) {
      const fallback = this.render(error, request);
      if (!res.headersSent) writeResponse(res, fallback.status, fallback.body, { ...fallback.headers }, request.method);
    }
  }
}

/** Answers 503 when the handler runs past the deadline, and aborts `request.signal`. */
function withDeadline(running: Promise<JsonResponse>, ms: number, request: Request, render: ErrorRenderer): Promise<JsonResponse> {
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
