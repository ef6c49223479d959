/**
 * Hostile CORS headers get a normal, bounded answer: never a 500, never an
 * echo of something that is not an origin or a header list, and the server
 * keeps serving.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serve } from '../helpers/apps.js';
import { rawExchange } from '../hardening/raw-socket.js';
import { corsApp, reported } from './app.js';

const bad = suite('cors: hostile headers');
// `*` with credentials echoes any origin: the mode where a bad Origin could be sent back.
const b = serve(bad, () => corsApp({ max_header_size: 200_000, cors: { supports_credentials: true } }));

bad.before.each(() => {
  reported.length = 0;
});
bad.after.each(() => {
  assert.equal(reported, [], 'bad input is never a reported server error');
});

bad('a 64 KiB Access-Control-Request-Headers: 204, nothing echoed', async () => {
  const headers = Array.from({ length: 8000 }, (_, i) => `x-h${i}`).join(', ');
  assert.ok(headers.length > 64 * 1024);
  const reply = await b.http.send('OPTIONS', '/api/things', {
    headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });
  assert.is(reply.status, 204);
  assert.is(reply.headers['access-control-allow-origin'], 'https://app.example');
  assert.is(reply.headers['access-control-allow-headers'], '');
  assert.ok(JSON.stringify(reply.headers).length < 2048, 'a small answer');
});

bad('a header list that is not one, and a method that is not one, are not echoed', async () => {
  const reply = await b.http.send('OPTIONS', '/api/things', {
    headers: { origin: 'https://app.example', 'access-control-request-method': 'GE T', 'access-control-request-headers': 'x-a; x-b' },
  });
  assert.is(reply.status, 204);
  assert.is(reply.headers['access-control-allow-methods'], '');
  assert.is(reply.headers['access-control-allow-headers'], '');
  const long = await b.http.send('OPTIONS', '/api/things', {
    headers: { origin: 'https://app.example', 'access-control-request-method': 'A'.repeat(10_000) },
  });
  assert.is(long.status, 204);
  assert.is(long.headers['access-control-allow-methods'], '');
});

bad('origins that are not origins are not echoed; the answer is otherwise normal', async () => {
  for (const origin of ['https://a.example, https://b.example', 'x'.repeat(60_000), 'https://a example', '']) {
    const reply = await b.http.send('GET', '/api/things?action=ping', { headers: { origin } });
    assert.is(reply.status, 200, origin.slice(0, 40));
    assert.equal(reply.body, { ok: true });
    assert.is(reply.headers['access-control-allow-origin'], undefined, origin.slice(0, 40));
    assert.is(reply.headers['vary'], 'Origin');
  }
});

bad('bytes beyond ASCII in Origin and in the request headers (raw socket)', async () => {
  const port = Number(new URL(b.http.base).port);
  const preflight = (origin: Buffer, asked: Buffer) =>
    rawExchange(
      port,
      Buffer.concat([
        Buffer.from('OPTIONS /api/things HTTP/1.1\r\nHost: x\r\nConnection: close\r\nOrigin: '),
        origin,
        Buffer.from('\r\nAccess-Control-Request-Method: GET\r\nAccess-Control-Request-Headers: '),
        asked,
        Buffer.from('\r\n\r\n'),
      ]),
    );
  const badOrigin = await preflight(Buffer.from('https://b\xe9.example', 'latin1'), Buffer.from('x-a'));
  assert.is(badOrigin.status, 204);
  assert.is(badOrigin.headers['access-control-allow-origin'], undefined);
  assert.is(badOrigin.headers['vary'], 'Origin, Access-Control-Request-Method');
  const badList = await preflight(Buffer.from('https://b.example'), Buffer.from('x-\xff', 'latin1'));
  assert.is(badList.status, 204);
  assert.is(badList.headers['access-control-allow-origin'], 'https://b.example');
  assert.is(badList.headers['access-control-allow-headers'], '');
});

bad('two Origin headers (joined by node:http) are not echoed', async () => {
  const port = Number(new URL(b.http.base).port);
  const reply = await rawExchange(
    port,
    'GET /api/things?action=ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\nOrigin: https://a.example\r\nOrigin: https://b.example\r\n\r\n',
  );
  assert.is(reply.status, 200);
  assert.is(reply.headers['access-control-allow-origin'], undefined);
  assert.is(reply.headers['vary'], 'Origin');
});

bad('the server still answers normally afterwards', async () => {
  const reply = await b.http.send('GET', '/api/things?action=ping', { headers: { origin: 'https://app.example' } });
  assert.is(reply.status, 200);
  assert.is(reply.headers['access-control-allow-origin'], 'https://app.example');
});

bad.run();
