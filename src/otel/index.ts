/**
 * `switchyard-http/otel`: traces and metrics per action with OpenTelemetry.
 * Subscribes to the request channels Switchyard publishes on
 * `node:diagnostics_channel` and turns each request into a server span and
 * two metric points, named after the selected action. Needs
 * `@opentelemetry/api` (an optional peer dependency) and an SDK of your
 * choice; see docs/observability.md.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import {
  metrics,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Counter,
  type Histogram,
  type MeterProvider,
  type Span,
  type TracerProvider,
} from '@opentelemetry/api';
import type { RequestMessage } from '../diagnostics/channels.js';

/** The name given to what is not a registered route or action, so a client can never invent a span or metric name. */
export const OTHER = '_OTHER';

/** Where spans and metrics go: the global providers unless given. */
export interface OtelOptions {
  /** Default: the global tracer provider (`trace.getTracerProvider()`); `false` records no spans. */
  tracerProvider?: TracerProvider | false;
  /** Default: the global meter provider (`metrics.getMeterProvider()`); `false` records no metrics. */
  meterProvider?: MeterProvider | false;
}

/** Stops the instrumentation. */
export interface Instrumentation {
  close(): void;
}

const SCOPE = 'switchyard-http';
const START = 'tracing:switchyard:request:start';
const ACTION = 'switchyard:request:action';
const FORM_REQUEST = 'switchyard:request:form-request';
const ERROR = 'tracing:switchyard:request:error';
const END = 'tracing:switchyard:request:asyncEnd';

/**
 * Records every request Switchyard answers as a server span named after its
 * action (`POST /api/system?action=echo`) and counts it per action and
 * status class. Call it once, before the application serves.
 *
 * @example
 * import { instrument } from 'switchyard-http/otel';
 * const otel = instrument();           // the global providers your SDK registered
 * // ... on shutdown: otel.close();
 */
export function instrument(options: OtelOptions = {}): Instrumentation {
  const tracerProvider = options.tracerProvider === undefined ? trace.getTracerProvider() : options.tracerProvider;
  const meterProvider = options.meterProvider === undefined ? metrics.getMeterProvider() : options.meterProvider;
  const tracer = tracerProvider === false ? undefined : tracerProvider.getTracer(SCOPE);
  const meter = meterProvider === false ? undefined : meterProvider.getMeter(SCOPE);
  const instruments =
    meter === undefined
      ? undefined
      : {
          requests: meter.createCounter('switchyard.server.requests', {
            description: 'Requests answered, per route, action and status class.',
          }) as Counter,
          duration: meter.createHistogram('http.server.request.duration', {
            description: 'Duration of HTTP server requests, per route, action and status class.',
            unit: 's',
            // The boundaries OpenTelemetry's HTTP conventions advise for this histogram, in seconds.
            advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] },
          }) as Histogram,
        };
  const live = new WeakMap<RequestMessage, { span: Span | undefined; startedAt: number }>();

  const onStart = (message: unknown): void => {
    const m = message as RequestMessage;
    const span = tracer?.startSpan(
      spanName(m),
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': m.method, 'url.path': m.path, ...(m.route === undefined ? {} : { 'http.route': m.route }) },
      },
      propagation.extract(ROOT_CONTEXT, m.request.raw.headers),
    );
    live.set(m, { span, startedAt: performance.now() });
  };
  const onAction = (message: unknown): void => {
    const m = message as RequestMessage;
    const span = live.get(m)?.span;
    if (span === undefined) return;
    span.updateName(spanName(m));
    span.setAttributes(actionAttributes(m));
  };
  const onFormRequest = (message: unknown): void => {
    const m = message as RequestMessage;
    const span = live.get(m)?.span;
    const outcome = m.formRequest;
    if (span === undefined || outcome === undefined) return;
    span.setAttribute('switchyard.form_request.outcome', outcome.outcome);
    if (outcome.outcome === 'invalid') span.setAttribute('switchyard.validation.errors', outcome.errors);
  };
  const onError = (message: unknown): void => {
    const m = message as RequestMessage;
    const span = live.get(m)?.span;
    if (span === undefined) return;
    const error = m.error instanceof Error ? m.error : new Error(String(m.error));
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  };
  const onEnd = (message: unknown): void => {
    const m = message as RequestMessage;
    const state = live.get(m);
    if (state === undefined) return;
    live.delete(m);
    const status = m.status ?? 0;
    const { span } = state;
    if (span !== undefined) {
      span.updateName(spanName(m));
      span.setAttribute('http.response.status_code', status);
      if (m.selectsAction) span.setAttributes(actionAttributes(m));
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    if (instruments !== undefined) {
      const attributes: Attributes = {
        'http.request.method': m.method,
        'http.route': m.route ?? OTHER,
        'http.response.status_class': `${Math.floor(status / 100)}xx`,
      };
      if (m.selectsAction) attributes['switchyard.action'] = m.action ?? OTHER;
      instruments.requests.add(1, attributes);
      instruments.duration.record((performance.now() - state.startedAt) / 1000, attributes);
    }
  };

  const subscriptions: [string, (message: unknown) => void][] = [
    [START, onStart],
    [ACTION, onAction],
    [FORM_REQUEST, onFormRequest],
    [ERROR, onError],
    [END, onEnd],
  ];
  for (const [name, listener] of subscriptions) subscribe(name, listener);
  return {
    close() {
      for (const [name, listener] of subscriptions) unsubscribe(name, listener);
    },
  };
}

/**
 * `{method} {route}` as OpenTelemetry's HTTP conventions name a server span,
 * with the action as the route's selector: `POST /api/system?action=echo`.
 * No route: `{method}` alone; a `svc` route with no registered action: `_OTHER`.
 */
function spanName(m: RequestMessage): string {
  if (m.route === undefined) return m.method;
  if (!m.selectsAction) return `${m.method} ${m.route}`;
  return `${m.method} ${m.route}?${m.actionKey}=${m.action ?? OTHER}`;
}

/** The action as OpenTelemetry's RPC conventions name a procedure: the controller as the service, the action as the method. */
function actionAttributes(m: RequestMessage): Attributes {
  const action = m.action ?? OTHER;
  return {
    'rpc.system': 'switchyard',
    'rpc.method': action,
    'switchyard.action': action,
    ...(m.controller === undefined ? {} : { 'rpc.service': m.controller, 'switchyard.controller': m.controller }),
  };
}
