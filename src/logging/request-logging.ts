import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { HttpRequest } from '../http/request.js';
import type { Exchange } from '../routing/exchange.js';
import type { ErrorRenderer } from '../http/compose.js';
import { renderError } from '../http/render-error.js';
import { accessLogOf } from './access-log.js';
import { REQUEST_ID_HEADER, requestIdFrom, requestIdSource } from './request-id.js';

/**
 * Request logging, as the kernel's observer (src/kernel.ts): each request
 * gets its id when it starts (`request.attributes.get('request_id')`, and
 * `X-Request-Id` on the answer), and one line once it is answered, with the
 * method, path, selected action, status and duration. It sees every answer
 * the kernel gives once a request exists: preflights, 414, the
 * handler-timeout 503 and error answers included. Being told, rather than
 * wrapping the request, adds no promise hop to a request that waits.
 */
export function logRequests(logger: Logger): {
  started(request: HttpRequest, exchange: Exchange): void;
  answered(request: HttpRequest, status: number): void;
} {
  const newId = requestIdSource();
  // Decided once: a logger Switchyard made writes its line the fast way, one of the user's through pino.
  const fast = accessLogOf(logger);
  const line = fast !== undefined && logger.isLevelEnabled('info') ? fast : undefined;
  return {
    started(request, exchange) {
      // On the request's record; the kernel puts the id on the answer as `X-Request-Id`.
      exchange.requestId = requestIdFrom(request.raw.headers[REQUEST_ID_HEADER], newId);
      exchange.startedAt = performance.now();
    },
    answered:
      line === undefined
        ? (request, status) => logWithPino(logger, request, status)
        : (request, status) => line.record(request, status, performance.now()),
  };
}

function logWithPino(logger: Logger, request: HttpRequest, status: number): void {
  logger.info(
    {
      reqId: request.requestId,
      method: request.realMethod,
      path: request.pathInfo,
      action: request.selectedAction,
      status,
      durationMs: Math.round((performance.now() - request.startedAt) * 1000) / 1000,
    },
    'request',
  );
}

/**
 * The application's error renderer when it logs: unexpected errors (the
 * 500s) are written at `error` level with the request's id, method, path
 * and action, instead of to stderr.
 */
export function renderAndLog(logger: Logger): ErrorRenderer {
  return (error, request) => renderError(error, (unexpected) => logError(logger, unexpected, request));
}

function logError(logger: Logger, error: unknown, request: HttpRequest | undefined): void {
  logger.error(
    {
      err: error,
      reqId: request?.requestId,
      method: request?.realMethod,
      path: request?.pathInfo,
      action: request?.attributes.get('svc.action'),
    },
    error instanceof Error ? error.message : 'Unexpected error',
  );
}
