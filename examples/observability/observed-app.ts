/**
 * The system example with traces and metrics per action: spans go to the
 * console (swap in an OTLP exporter for a collector), metrics are served in
 * Prometheus text format at `/metrics` on a port of their own, away from the
 * public API. Run it with `npm run build && node dist/examples/observability/server.js`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics, trace } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { instrument } from '../../src/otel/index.js';
import type { Application } from '../../src/index.js';
import { createSystemApp } from '../system/app.js';

export interface Observed {
  app: Application;
  /** Where Prometheus scrapes: `http://127.0.0.1:<port>/metrics`. */
  metricsPort: number;
  close(): Promise<void>;
}

/** Registers the SDK's providers, instruments Switchyard and builds the app; `metricsPort` 0 picks a free port. */
export async function observedSystemApp(options: { metricsPort?: number; spans?: SpanExporter } = {}): Promise<Observed> {
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(options.spans ?? new ConsoleSpanExporter())] });
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const meterProvider = new MeterProvider({ readers: [prometheus] });
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  const otel = instrument(); // the global providers registered above
  const metricsServer: Server = createServer((req, res) => {
    if (req.url === '/metrics') prometheus.getMetricsRequestHandler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => metricsServer.listen(options.metricsPort ?? 9464, '127.0.0.1', resolve));
  const app = createSystemApp({ health: '/up' });
  return {
    app,
    metricsPort: (metricsServer.address() as AddressInfo).port,
    async close() {
      otel.close();
      await app.close();
      await new Promise((resolve) => metricsServer.close(resolve));
      await meterProvider.shutdown();
      await tracerProvider.shutdown();
      trace.disable();
      metrics.disable();
    },
  };
}
