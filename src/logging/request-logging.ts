import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Request } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import type { ErrorRenderer, Handler } from '../http/compose.js';
import { renderError } from '../http/render-error.js';
import { isThenable, type Awaitable } from '../awaitable.js';
import { accessLogOf, type AccessLog } from './access-log.js';
import { REQUEST_ID_HEADER, requestIdFrom, requestIdSource } from './request-id.js';

/**
 * The outermost stage of an application with a logger (the kernel's
 * outermost wrapper, around CORS and global middleware): it gives the request
 * its id (`request.attributes.get('request_id')`, and `X-Request-Id` on the
 * answer), runs everything else, and writes one line per request with the
 * method, path, selected action, status and duration. It sees every answer
 * the kernel gives once a request exists: 414, the handler-timeout 503 and
 * error answers included (errors thrown inside are rendered here).
 *
 * A handler wrapper rather than a compose middleware, so that a request
 * answered synchronously stays synchronous (compose's `next()` is always a
 * promise).
 */
export function logRequests(logger: Logger, render: ErrorRenderer): <S>(inner: Handler<S>) => Handler<S> {
  const newId = requestIdSource();
  // Decided once: a logger Switchyard made writes its line the fast way, one of the user's through pino.
  const fast = accessLogOf(logger);
  const line = fast !== undefined && logger.isLevelEnabled('info') ? fast : undefined;
  const finish = (request: Request, response: JsonResponse, id: string, started: number) =>
    line === undefined ? finishWithPino(logger, request, response, id, started) : finishFast(line, request, response, id, started);
  return (inner) => (request, state) => {
    const started = performance.now();
    const id = requestIdFrom(request.raw.headers[REQUEST_ID_HEADER], newId);
    request.setRequestId(id); // the kernel puts it on the answer as `X-Request-Id`
    let result: Awaitable<JsonResponse>;
    try {
      result = inner(request, state);
    } catch (error) {
      result = render(error, request);
    }
    if (!isThenable<JsonResponse>(result)) return finish(request, result, id, started);
    return Promise.resolve(result).then(
      (response) => finish(request, response, id, started),
      (error) => finish(request, render(error, request), id, started),
    );
  };
}

/** The status that went out: already sent (the handler_timeout 503, or a handler that wrote `request.res`), or the answer's. */
function sentStatus(request: Request, response: JsonResponse): number {
  const res = request.rawResponse;
  return res.headersSent ? res.statusCode : response.status;
}

function finishFast(line: AccessLog, request: Request, response: JsonResponse, id: string, started: number): JsonResponse {
  const micros = Math.round((performance.now() - started) * 1000);
  line.line(id, request.method, request.path, request.selectedAction, sentStatus(request, response), micros);
  return response;
}

function finishWithPino(logger: Logger, request: Request, response: JsonResponse, id: string, started: number): JsonResponse {
  const status = sentStatus(request, response);
  logger.info(
    {
      reqId: id,
      method: request.method,
      path: request.path,
      action: request.selectedAction,
      status,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    },
    'request',
  );
  return response;
}

/**
 * The application's error renderer when it logs: unexpected errors (the
 * 500s) are written at `error` level with the request's id, method, path
 * and action, instead of to stderr.
 */
export function renderAndLog(logger: Logger): ErrorRenderer {
  return (error, request) => renderError(error, (unexpected) => logError(logger, unexpected, request));
}

function logError(logger: Logger, error: unknown, request: Request | undefined): void {
  logger.error(
    {
      err: error,
      reqId: request?.requestId,
      method: request?.method,
      path: request?.path,
      action: request?.attributes.get('svc.action'),
    },
    error instanceof Error ? error.message : 'Unexpected error',
  );
}
