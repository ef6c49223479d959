/**
 * `logger: true`: the per-request line takes the fast path (access-log.ts)
 * to pino's own stdout destination. A child process serves a few requests
 * and exits; its stdout must hold one pino-format line per request.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = `
import { createSystemApp } from ${JSON.stringify(fileURLToPath(new URL('../../examples/system/app.js', import.meta.url)))};
const app = createSystemApp({ logger: true });
const { port } = await app.listen(0, '127.0.0.1');
const base = 'http://127.0.0.1:' + port + '/api/system';
await fetch(base + '?action=status', { headers: { 'x-request-id': 'given-id-1' } });
await fetch(base + '?action=echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"hi"}' });
await fetch(base + '?action=nope');
await fetch(base + '/caf%C3%A9"quote');
await app.close();
`;

const test = suite('logging: the fast request line of logger: true');

test('one line per request, in pino format, on stdout, flushed before exit', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { env: { ...process.env, LOG_LEVEL: 'info' } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.is(code, 0);
  const lines = out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request');
  assert.is(lines.length, 4);
  assert.equal(Object.keys(lines[0]!), [
    'level',
    'time',
    'pid',
    'hostname',
    'reqId',
    'method',
    'path',
    'action',
    'status',
    'durationMs',
    'msg',
  ]);
  assert.is(lines[0]!.level, 30);
  assert.is(lines[0]!.reqId, 'given-id-1');
  assert.is(lines[0]!.status, 200);
  assert.is(lines[1]!.action, 'echo');
  assert.is(lines[1]!.method, 'POST');
  assert.is(lines[2]!.status, 404);
  assert.is(lines[3]!.path, '/api/system/caf%C3%A9%22quote');
  assert.type(lines[0]!.durationMs, 'number');
});

test('LOG_LEVEL=warn: no request line', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { env: { ...process.env, LOG_LEVEL: 'warn' } });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve) => child.on('close', resolve));
  assert.not.match(out, /"msg":"request"/);
});

test.run();
