import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthProbe, HealthReport } from './health-probe.js';
import { writeResponse } from './write-response.js';

/**
 * Answers the health check, if `req` is one, and says whether it did. The
 * caller passes everything else on to the kernel.
 */
export type HealthCheck = (req: IncomingMessage, res: ServerResponse, closing: boolean) => boolean;

const UP = { status: 'up' };
const DOWN = { message: 'Service Unavailable' };
const ALLOW = 'GET, HEAD';

/**
 * The host framework's `health: '/up'` route for a JSON API: `GET`/`HEAD` at
 * `path` (a query string and one trailing slash are ignored, as for routes)
 * answer 200 `{"status":"up"}` once the application has booted, and 503
 * `{"message":"Service Unavailable"}` with `Connection: close` while it shuts
 * down, so load balancers stop sending traffic. Other methods get 405 (OPTIONS
 * 204) with `Allow: GET, HEAD`. Answered before routing and middleware: a
 * string compare on every request, nothing else. With a `probe` (the
 * `health_checks` option), `GET`/`HEAD` answer its report: 200 with every
 * check up, 503 naming the checks that are down.
 */
export function healthCheck(path: string, probe?: HealthProbe): HealthCheck {
  const slashed = `${path}/`;
  return (req, res, closing) => {
    const url = req.url ?? '/';
    if (!url.startsWith(path)) return false;
    const mark = url.indexOf('?', path.length);
    const requested = mark === -1 ? url : url.slice(0, mark);
    if (requested !== path && requested !== slashed) return false;
    const method = req.method ?? 'GET';
    if (probe === undefined || closing || (method !== 'GET' && method !== 'HEAD')) answer(method, res, closing);
    else {
      const report = probe.current();
      if (report instanceof Promise) void report.then((ready) => answerReport(method, res, ready));
      else answerReport(method, res, report);
    }
    return true;
  };
}

function answerReport(method: string, res: ServerResponse, report: HealthReport): void {
  if (res.writableEnded || res.destroyed) return;
  writeResponse(res, report.up ? 200 : 503, report.body, { 'cache-control': 'no-store' }, method);
}

function answer(method: string, res: ServerResponse, closing: boolean): void {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (closing) headers['connection'] = 'close';
  if (method !== 'GET' && method !== 'HEAD') {
    headers['allow'] = ALLOW;
    if (method === 'OPTIONS') writeResponse(res, 204, undefined, headers, method);
    else writeResponse(res, 405, { message: 'The method is not allowed for this route.' }, headers, method);
    return;
  }
  if (closing) writeResponse(res, 503, DOWN, headers, method);
  else writeResponse(res, 200, UP, headers, method);
}
