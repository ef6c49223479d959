import { BadRequestError } from '../errors/http-error.js';
import { announcesBody, bodyKind } from '../http/body.js';
import { METHOD_OVERRIDE_HEADER, headerOverrides, methodOverride } from '../http/method-override.js';
import { EMPTY_BAG, type InputBag } from '../http/own.js';
import type { HttpRequest, RequestLimits } from '../http/request.js';
import type { Exchange, Stage } from '../routing/exchange.js';

/**
 * A POST's method override, first of a route's stages, so that routing's
 * method check (405), the action's method guard, middleware and the handler
 * see the spoofed method. `_method` may be in the body, so a POST with a
 * JSON, form or multipart body has it read here, before the method checks
 * (the host framework has its input from the start); other methods go on
 * at once.
 */
export const overrideMethod: Stage = overrideMethodWithin(() => undefined);

/**
 * The same, reading the body within `limits` (a `svc` route: the largest body limit of its
 * actions; the selected action's own is checked once it is known).
 */
export function overrideMethodWithin(limits: (exchange: Exchange) => RequestLimits | undefined): Stage {
  return (exchange) => {
    const request = exchange.request;
    if (request.realMethod !== 'POST') return exchange.next();
    const header = headerOf(request);
    if (headerOverrides(header) || request.bodyLoaded || !bodyMayName(request)) return applyOverride(exchange, request, header);
    return request.loadBody(limits(exchange)).then(() => applyOverride(exchange, request, header));
  };
}

function applyOverride(exchange: Exchange, request: HttpRequest, header: string | undefined): ReturnType<Stage> {
  const method = methodOverride(header, request.body(), () => queryOf(request));
  if (method !== undefined) request.overrideMethod(method);
  return exchange.next();
}

/**
 * The query, or an empty one when it cannot be parsed: the stages that read
 * the query answer that 400 themselves, and a route that never reads it
 * must not start answering it because `_method` was looked for.
 */
function queryOf(request: HttpRequest): InputBag {
  try {
    return request.query();
  } catch (error) {
    if (error instanceof BadRequestError) return EMPTY_BAG;
    throw error;
  }
}

/** A body the request's input is read from (JSON, form, multipart): it may hold `_method`. */
function bodyMayName(request: HttpRequest): boolean {
  return announcesBody(request.raw) && bodyKind(request.raw.headers['content-type']) !== 'unsupported';
}

/** The header's first value (the host framework's `headers->get()`; node joins repeated lines). */
function headerOf(request: HttpRequest): string | undefined {
  if (request.raw.headers[METHOD_OVERRIDE_HEADER] === undefined) return undefined;
  return request.raw.headersDistinct[METHOD_OVERRIDE_HEADER]?.[0];
}
