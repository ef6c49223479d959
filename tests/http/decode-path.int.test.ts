/**
 * Request paths are percent-decoded for routing, as the host framework
 * matches routes against `rawurldecode($path)`: spaces, characters beyond
 * ASCII and `'()` (which the framework's URL generator encodes) reach the
 * routes registered with them. A path that cannot be decoded is a 400 JSON
 * error; the handler still sees the path as sent.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodePath } from '../../src/http/decode-path.js';
import { Application, json } from '../../src/index.js';
import { SystemController } from '../../examples/system/system-controller.js';
import { serve } from '../helpers/apps.js';
import { rawExchange, type RawReply } from '../hardening/raw-socket.js';

const decoding = suite('decodePath');

decoding('a path without % is returned as it is', () => {
  for (const path of ['/', '/api/system', "/api/it's(1)", '/api/a+b', '/api/~x']) assert.is(decodePath(path), path);
});

decoding('escapes decode as rawurldecode: UTF-8, spaces, quotes and parentheses, either case of hex, %25, %2F; + stays +', () => {
  const cases: [string, string][] = [
    ['/api/caf%C3%A9', '/api/café'],
    ['/api/caf%c3%a9', '/api/café'],
    ['/api/a%20b', '/api/a b'],
    ['/api/it%27s%281%29', "/api/it's(1)"],
    ['/api/%F0%9F%98%80', '/api/😀'],
    ['/api/100%25', '/api/100%'],
    ['/api%2Fsystem', '/api/system'],
    ['/api/a+b%2B', '/api/a+b+'],
  ];
  for (const [path, decoded] of cases) assert.is(decodePath(path), decoded, path);
});

decoding('undefined for a malformed escape, bytes that are not UTF-8, or NUL', () => {
  const bad = [
    '/api/%', // % at the end
    '/api/a%2', // one digit
    '/api/%zz', // not hex
    '/api/%G0',
    '/api/caf%C3', // a UTF-8 sequence cut short
    '/api/%FF', // never UTF-8
    '/api/%C0%AF', // overlong "/"
    '/api/%ED%A0%80', // a surrogate
    '/api/%F4%90%80%80', // beyond U+10FFFF
    '/api/%00',
    '/api/a%00b',
  ];
  for (const path of bad) assert.is(decodePath(path), undefined, path);
});

decoding.run();

const routing = suite('routing by the decoded path, over a socket');
const app = new Application({ app_key: 'decode-path-test-key', report: () => {} }).withRouting({
  api: (router) => {
    for (const path of ['/café', '/a b', "/it's(1)", '/100%']) {
      router.addRoute(['GET'], path, (request) => json({ route: path, path: request.pathInfo }));
    }
    router.svc('/système', SystemController, ['GET', 'POST']);
    router.svc('/system', SystemController, ['GET', 'POST']);
    router.svc("/l'été (signé)", SystemController, ['GET', 'POST']).name('signed').middleware('signed:relative');
  },
});
const served = serve(routing, () => app);

function get(target: string): Promise<RawReply> {
  const port = Number(new URL(served.http.base).port);
  return rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
}

function assertJson(reply: RawReply, status: number, body: unknown, label: string): void {
  assert.is(reply.status, status, `${label}: status (body ${reply.body})`);
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/, `${label}: content type`);
  assert.equal(JSON.parse(Buffer.from(reply.body, 'latin1').toString('utf8')), body, label); // rawExchange reads latin1
}

routing(
  'encoded paths reach the routes registered with spaces, characters beyond ASCII and quotes; the handler sees the path as sent',
  async () => {
    const cases: [string, string][] = [
      ['/api/caf%C3%A9', '/api/café'],
      ['/api/caf%c3%a9', '/api/café'],
      ['/api/caf%C3%A9/', '/api/café'],
      ['/api/a%20b', '/api/a b'],
      ['/api/it%27s%281%29', "/api/it's(1)"],
      ["/api/it's(1)", "/api/it's(1)"],
      ['/api/it%27s(1)', "/api/it's(1)"],
      ['/api/100%25', '/api/100%'],
    ];
    for (const [target, route] of cases) {
      assertJson(await get(target), 200, { route: route.slice('/api'.length), path: target }, target);
    }
    assertJson(await get('/api/syst%C3%A8me?action=status'), 200, { status: 'ok' }, 'an svc route');
  },
);

routing(
  'an encoded slash decodes like any character (as in the host framework); at the end it is not an ignored trailing slash',
  async () => {
    assertJson(await get('/api%2Fsystem?action=status'), 200, { status: 'ok' }, '/api%2Fsystem');
    assertJson(await get('/api/caf%C3%A9%2F'), 404, { message: 'Not Found.' }, 'encoded trailing slash');
  },
);

routing('a decodable path with no route is 404', async () => {
  assertJson(await get('/api/caf%C3%A8'), 404, { message: 'Not Found.' }, 'café with a grave accent');
  assertJson(await get('/api/caf%C3%A9s'), 404, { message: 'Not Found.' }, 'cafés');
});

routing('a path that cannot be decoded is 400 JSON, and the server keeps serving', async () => {
  const message = 'The request path is malformed: each % must start a %XX escape, and the decoded path must be UTF-8 without NUL bytes.';
  for (const target of [
    '/api/%zz',
    '/api/caf%C3',
    '/api/%FF',
    '/api/%C0%AF',
    '/api/%ED%A0%80',
    '/api/caf%C3%A9%00',
    '/api/a%2',
    '/api/100%',
  ]) {
    assertJson(await get(target), 400, { message }, target);
  }
  assertJson(await get('/api/caf%C3%A9'), 200, { route: '/café', path: '/api/caf%C3%A9' }, 'still serving');
});

routing('a relative signed URL of a route with an encoded path verifies (the signature covers the path as sent)', async () => {
  const url = app.urlSigner.signedRoute('signed', { action: 'status' }, { absolute: false });
  assert.ok(url.startsWith('/api/l%27%C3%A9t%C3%A9%20%28sign%C3%A9%29?action=status&signature='), url);
  assertJson(await get(url), 200, { status: 'ok' }, 'signed');
  assertJson(await get(url.replace('%20', '%20%20')), 404, { message: 'Not Found.' }, 'another path');
  assertJson(await get(url.replace('%C3%A9t', '%c3%a9t')), 403, { message: 'Invalid signature.' }, 'the same path, encoded otherwise');
});

routing.run();
