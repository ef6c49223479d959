/**
 * `switchyard-http/otel` with the real OpenTelemetry SDK: one server span per
 * request named after its action, with the route, the RPC attributes and the
 * status; metrics per action and status class; an unregistered action name
 * never becomes a span or metric name (`_OTHER`).
 */
import { createServer, type Server } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { instrument, type Instrumentation } from '../../src/otel/index.js';
import { start, type Client } from '../helpers/http.js';
import { tracedApp } from './fixture-app.js';

const spans = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 });
const meterProvider = new MeterProvider({ readers: [reader] });

let otel: Instrumentation | undefined;
let http: Client | undefined;

const tracing = suite('otel: spans and metrics per action');
tracing.before(async () => {
  otel = instrument({ tracerProvider, meterProvider });
  http = await start(tracedApp());
});
tracing.after(async () => {
  otel?.close();
  await http?.close();
});
tracing.before.each(() => spans.reset());

function onlySpan() {
  const finished = spans.getFinishedSpans();
  assert.is(finished.length, 1);
  return finished[0]!;
}

tracing('status 200: "GET /api/system?action=status", a server span with route, rpc and status', async () => {
  assert.is((await http!.send('GET', '/api/system?action=status')).status, 200);
  const span = onlySpan();
  assert.is(span.name, 'GET /api/system?action=status');
  assert.is(span.kind, SpanKind.SERVER);
  assert.is(span.attributes['http.request.method'], 'GET');
  assert.is(span.attributes['http.route'], '/api/system');
  assert.is(span.attributes['http.response.status_code'], 200);
  assert.is(span.attributes['rpc.system'], 'switchyard');
  assert.is(span.attributes['rpc.method'], 'status');
  assert.is(span.attributes['rpc.service'], 'SystemController');
  assert.is(span.status.code, SpanStatusCode.UNSET);
});

tracing('echo 200 and echo 422: the form request outcome and the number of messages', async () => {
  assert.is((await http!.send('POST', '/api/system?action=echo', { json: { message: 'hi' } })).status, 200);
  let span = onlySpan();
  assert.is(span.name, 'POST /api/system?action=echo');
  assert.is(span.attributes['switchyard.form_request.outcome'], 'valid');
  spans.reset();
  assert.is((await http!.send('POST', '/api/system?action=echo', { json: { message: 5 } })).status, 422);
  span = onlySpan();
  assert.is(span.name, 'POST /api/system?action=echo');
  assert.is(span.attributes['http.response.status_code'], 422);
  assert.is(span.attributes['switchyard.form_request.outcome'], 'invalid');
  assert.is(span.attributes['switchyard.validation.errors'], 1);
  assert.is(span.status.code, SpanStatusCode.UNSET, "a 4xx is the client's, not the server's error");
});

tracing('a 404: an unknown action is _OTHER; an unknown path is the method alone', async () => {
  assert.is((await http!.send('GET', '/api/system?action=no-such-thing')).status, 404);
  let span = onlySpan();
  assert.is(span.name, 'GET /api/system?action=_OTHER');
  assert.is(span.attributes['rpc.method'], '_OTHER');
  spans.reset();
  assert.is((await http!.send('GET', '/somewhere/else')).status, 404);
  span = onlySpan();
  assert.is(span.name, 'GET');
  assert.is(span.attributes['http.route'], undefined);
});

tracing('a 500: status ERROR and an exception event with the error', async () => {
  assert.is((await http!.send('GET', '/api/system?action=broken')).status, 500);
  const span = onlySpan();
  assert.is(span.name, 'GET /api/system?action=broken');
  assert.is(span.status.code, SpanStatusCode.ERROR);
  const exception = span.events.find((event) => event.name === 'exception');
  assert.ok(exception, 'an exception event');
  assert.is(exception!.attributes?.['exception.message'], 'database on fire');
});

tracing('a plain route: "GET /api/plain", no action attributes', async () => {
  assert.is((await http!.send('GET', '/api/plain')).status, 200);
  const span = onlySpan();
  assert.is(span.name, 'GET /api/plain');
  assert.is(span.attributes['rpc.method'], undefined);
});

tracing('a traceparent from the client makes the server span its child', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { propagation } = await import('@opentelemetry/api');
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  try {
    await http!.send('GET', '/api/system?action=status', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    const span = onlySpan();
    assert.is(span.spanContext().traceId, traceId);
  } finally {
    propagation.disable();
  }
});

tracing('10,000 random unknown action names: one _OTHER series, and no span named after any of them', async () => {
  spans.reset();
  for (let batch = 0; batch < 100; batch++) {
    await Promise.all(Array.from({ length: 100 }, () => http!.send('GET', `/api/system?action=${Math.random().toString(36).slice(2)}`)));
  }
  const names = new Set(spans.getFinishedSpans().map((span) => span.name));
  assert.equal([...names], ['GET /api/system?action=_OTHER']);
  spans.reset();
  await reader.forceFlush();
  const exported = metricExporter.getMetrics().at(-1)!;
  const counter = exported.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === 'switchyard.server.requests')!;
  const unknown = counter.dataPoints.filter((point) => point.attributes['switchyard.action'] === '_OTHER');
  assert.is(unknown.length, 1, 'one series for every unknown name');
  assert.is(unknown[0]!.attributes['http.response.status_class'], '4xx');
  assert.ok((unknown[0]!.value as number) >= 10_000);
  const actions = new Set(counter.dataPoints.map((point) => point.attributes['switchyard.action']));
  for (const action of actions) assert.ok(['status', 'echo', 'broken', '_OTHER', undefined].includes(action as string));
  const histogram = exported.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((m) => m.descriptor.name === 'http.server.request.duration');
  assert.is(histogram?.descriptor.unit, 's');
});

tracing.run();

const prometheus = suite('otel: Prometheus text from /metrics over loopback');

prometheus('a scrape shows the request count and the duration histogram per action and status class', async () => {
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({ readers: [exporter] });
  const instrumentation = instrument({ tracerProvider: false, meterProvider: provider });
  const app = await start(tracedApp());
  const metricsServer: Server = createServer((req, res) => exporter.getMetricsRequestHandler(req, res));
  await new Promise<void>((resolve) => metricsServer.listen(0, '127.0.0.1', resolve));
  try {
    await app.send('GET', '/api/system?action=status');
    await app.send('POST', '/api/system?action=echo', { json: {} });
    const port = (metricsServer.address() as { port: number }).port;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.match(text, /switchyard_server_requests_total\{[^}]*switchyard_action="status"[^}]*\} 1/);
    assert.match(text, /switchyard_server_requests_total\{[^}]*http_response_status_class="4xx"[^}]*switchyard_action="echo"[^}]*\} 1/);
    assert.match(text, /http_server_request_duration_bucket\{[^}]*switchyard_action="echo"[^}]*le="0\.005"\}/);
  } finally {
    instrumentation.close();
    await app.close();
    await new Promise((resolve) => metricsServer.close(resolve));
    await provider.shutdown();
  }
});

prometheus.run();
