/**
 * Each request's life on node:diagnostics_channel: start, the selected
 * action, the form request's outcome, errors and the answer's status, on one
 * record per request; nothing is made for a request nobody listens to.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { RequestMessage } from '../../src/diagnostics/channels.js';
import { serve } from '../helpers/apps.js';
import { tracedApp } from '../otel/fixture-app.js';

const CHANNELS = [
  'tracing:switchyard:request:start',
  'switchyard:request:action',
  'switchyard:request:form-request',
  'tracing:switchyard:request:error',
  'tracing:switchyard:request:asyncEnd',
] as const;

let events: [string, RequestMessage, Record<string, unknown>][] = [];
const listeners = CHANNELS.map((name) => {
  const listener = (message: unknown) => {
    const m = message as RequestMessage;
    events.push([name.replace(/^tracing:switchyard:request:|^switchyard:request:/, ''), m, { ...m, request: undefined }]);
  };
  return [name, listener] as const;
});

const channels = suite('diagnostics channels');
const app = serve(channels, tracedApp);
channels.before(() => {
  for (const [name, listener] of listeners) subscribe(name, listener);
});
channels.after(() => {
  for (const [name, listener] of listeners) unsubscribe(name, listener);
});
channels.before.each(() => {
  events = [];
});

channels('a valid echo: start, action, form-request valid, asyncEnd 200, on one record', async () => {
  const reply = await app.http.send('POST', '/api/system?action=echo', { json: { message: 'hi' } });
  assert.is(reply.status, 200);
  assert.equal(
    events.map(([name]) => name),
    ['start', 'action', 'form-request', 'asyncEnd'],
  );
  const record = events[0]![1];
  for (const [, message] of events) assert.is(message, record, 'the same record in every event');
  assert.equal(events[1]![2], {
    request: undefined,
    method: 'POST',
    path: '/api/system',
    route: '/api/system',
    actionKey: 'action',
    selectsAction: true,
    action: 'echo',
    controller: 'SystemController',
    formRequest: undefined,
    status: undefined,
    error: undefined,
  });
  assert.equal(events[2]![2]['formRequest'], { outcome: 'valid' });
  assert.is(events[3]![2]['status'], 200);
});

channels('an invalid echo: form-request invalid with the number of messages, asyncEnd 422', async () => {
  const reply = await app.http.send('POST', '/api/system?action=echo', { json: {} });
  assert.is(reply.status, 422);
  assert.equal(
    events.map(([name]) => name),
    ['start', 'action', 'form-request', 'asyncEnd'],
  );
  assert.equal(events[2]![2]['formRequest'], { outcome: 'invalid', errors: 1 });
  assert.is(events[3]![2]['status'], 422);
});

channels('refused by authorize(): form-request unauthorized, asyncEnd 403', async () => {
  assert.is((await app.http.send('GET', '/api/system?action=secret')).status, 403);
  assert.equal(events[2]![2]['formRequest'], { outcome: 'unauthorized' });
  assert.is(events[3]![2]['status'], 403);
});

channels('a handler that throws: error with the error, asyncEnd 500', async () => {
  assert.is((await app.http.send('GET', '/api/system?action=broken')).status, 500);
  assert.equal(
    events.map(([name]) => name),
    ['start', 'action', 'error', 'asyncEnd'],
  );
  assert.match(String((events[2]![2]['error'] as Error).message), /database on fire/);
});

channels('an unknown action: no action event, no name copied; no route: no route', async () => {
  assert.is((await app.http.send('GET', '/api/system?action=nope')).status, 404);
  assert.equal(
    events.map(([name]) => name),
    ['start', 'asyncEnd'],
  );
  assert.is(events[1]![2]['action'], undefined);
  assert.is(events[1]![2]['selectsAction'], true);
  events = [];
  assert.is((await app.http.send('GET', '/nowhere')).status, 404);
  assert.is(events[1]![2]['route'], undefined);
  assert.is(events[1]![2]['status'], 404);
});

channels.run();

const quiet = suite('diagnostics channels: nobody listening');
const quietApp = serve(quiet, tracedApp);

quiet('requests are answered as usual and nothing is published', async () => {
  events = [];
  assert.is((await quietApp.http.send('POST', '/api/system?action=echo', { json: { message: 'hi' } })).status, 200);
  assert.is((await quietApp.http.send('GET', '/api/system?action=broken')).status, 500);
  assert.equal(events, []);
});

quiet.run();
