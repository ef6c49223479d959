/** The observability example: requests over loopback, then a Prometheus scrape of /metrics shows them per action. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { observedSystemApp } from '../../examples/observability/observed-app.js';
import { start } from '../helpers/http.js';

test('examples/observability: /metrics counts status and echo per action and status class; spans named per action', async () => {
  const spans = new InMemorySpanExporter();
  const observed = await observedSystemApp({ metricsPort: 0, spans });
  const http = await start(observed.app);
  try {
    for (let i = 0; i < 3; i++) assert.is((await http.send('GET', '/api/system?action=status')).status, 200);
    assert.is((await http.send('POST', '/api/system?action=echo', { json: { message: 'hi' } })).status, 200);
    assert.is((await http.send('POST', '/api/system?action=echo', { json: {} })).status, 422);
    const scrape = await fetch(`http://127.0.0.1:${observed.metricsPort}/metrics`);
    assert.is(scrape.status, 200);
    const text = await scrape.text();
    assert.match(text, /switchyard_server_requests_total\{[^}]*http_response_status_class="2xx"[^}]*switchyard_action="status"[^}]*\} 3/);
    assert.match(text, /switchyard_server_requests_total\{[^}]*http_response_status_class="2xx"[^}]*switchyard_action="echo"[^}]*\} 1/);
    assert.match(text, /switchyard_server_requests_total\{[^}]*http_response_status_class="4xx"[^}]*switchyard_action="echo"[^}]*\} 1/);
    const names = spans.getFinishedSpans().map((span) => span.name);
    assert.equal(new Set(names), new Set(['GET /api/system?action=status', 'POST /api/system?action=echo']));
  } finally {
    await http.close();
    await observed.close();
  }
});

test.run();
