import { channel, tracingChannel } from 'node:diagnostics_channel';
import type { HttpRequest } from '../http/request.js';
import type { RequestRecord } from '../http/request/request-record.js';
import type { Exchange } from '../routing/exchange.js';

/**
 * One request's record on `node:diagnostics_channel`, the same object in
 * every event of that request, so a subscriber can keep its own state on it
 * (a span). Fields fill in as the request goes on.
 */
export interface RequestMessage {
  /** The request as the kernel made it. */
  readonly request: HttpRequest;
  readonly method: string;
  /** The request's path, without the query. */
  readonly path: string;
  /** The matched route's path; undefined when no route matched (404). */
  route: string | undefined;
  /** The input key that names the action (`action_key`), for routes that select one. */
  readonly actionKey: string;
  /** Whether the route selects an action (`svc`). */
  selectsAction: boolean;
  /** The selected action's registered name; undefined when none was selected (an unknown name is never copied here). */
  action: string | undefined;
  /** The selected action's controller class name. */
  controller: string | undefined;
  /** The form request's outcome, once known. */
  formRequest: FormRequestOutcome | undefined;
  /** The status answered, at `asyncEnd`. */
  status: number | undefined;
  /** The unexpected error, at `error` (a 500). */
  error: unknown;
}

/** How the action's form request ended: authorized and valid, refused by `authorize()`, or invalid with so many messages. */
export type FormRequestOutcome = { outcome: 'valid' } | { outcome: 'unauthorized' } | { outcome: 'invalid'; errors: number };

/**
 * `tracing:switchyard:request:*`: `start` when the kernel has made the
 * request, `asyncEnd` once its answer is written (`status` set), `error` for
 * an unexpected error (a 500, `error` set). `end` and `asyncStart` are not
 * published: a request is no single synchronous call.
 */
const requestChannel = tracingChannel<RequestMessage, RequestMessage>('switchyard:request');

/** `switchyard:request:action`: an action was selected (`action`, `controller` set). */
const actionChannel = channel('switchyard:request:action');

/** `switchyard:request:form-request`: the form request passed, was refused or failed validation (`formRequest` set). */
const formRequestChannel = channel('switchyard:request:form-request');

/**
 * The record of a request being published, if a subscriber was listening when it started: kept on the
 * request's own record (`request.record.published`). With no subscriber now, there is nothing to publish
 * to: the lookup is skipped, so unobserved requests only read a flag.
 */
export function messageOf(request: HttpRequest): RequestMessage | undefined {
  return observed() ? publishedOf(request.record) : undefined;
}

function publishedOf(record: RequestRecord | undefined): RequestMessage | undefined {
  return record?.published as RequestMessage | undefined;
}

/** Whether any of the channels has a subscriber. */
function observed(): boolean {
  return requestChannel.hasSubscribers || actionChannel.hasSubscribers || formRequestChannel.hasSubscribers;
}

/** Starts publishing a request's life: only when someone listens, so an unobserved request does nothing more. */
export function publishStart(exchange: Exchange, actionKey: string): void {
  if (!observed()) return;
  const request = exchange.request;
  const route = exchange.route;
  const message: RequestMessage = {
    request,
    method: request.method(),
    path: request.pathInfo,
    route: route?.path,
    actionKey,
    selectsAction: route?.selectsAction === true,
    action: undefined,
    controller: undefined,
    formRequest: undefined,
    status: undefined,
    error: undefined,
  };
  exchange.published = message;
  if (requestChannel.start.hasSubscribers) requestChannel.start.publish(message);
}

/** Publishes the selected action of a request being published. */
export function publishAction(record: RequestRecord, action: string, controller: string | undefined): void {
  const message = observed() ? publishedOf(record) : undefined;
  if (message === undefined) return;
  message.action = action;
  message.controller = controller;
  if (actionChannel.hasSubscribers) actionChannel.publish(message);
}

/** Publishes the form request's outcome of a request being published (once). */
export function publishFormRequest(request: HttpRequest, outcome: FormRequestOutcome): void {
  const message = messageOf(request);
  if (message === undefined || message.formRequest !== undefined) return;
  message.formRequest = outcome;
  if (formRequestChannel.hasSubscribers) formRequestChannel.publish(message);
}

/** Publishes an unexpected error of a request being published. */
export function publishError(request: HttpRequest, error: unknown): void {
  const message = messageOf(request);
  if (message === undefined) return;
  message.error = error;
  if (requestChannel.error.hasSubscribers) requestChannel.error.publish(message);
}

/** Publishes the end of a request being published: its answer's status. */
export function publishEnd(request: HttpRequest, status: number): void {
  const message = messageOf(request);
  if (message === undefined) return;
  request.record!.published = undefined;
  message.status = status;
  if (requestChannel.asyncEnd.hasSubscribers) requestChannel.asyncEnd.publish(message);
}
