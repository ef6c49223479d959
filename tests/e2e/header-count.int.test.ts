/**
 * node:http keeps only the first N header lines of a request and drops the
 * rest without a word, Content-Length included. A request whose headers were
 * cut must be refused (431, JSON, Connection: close), never read as a
 * different request than the one a proxy in front forwarded.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSystemApp } from '../../examples/system/app.js';
import { rawExchange, type RawReply } from '../hardening/raw-socket.js';

/** A valid echo with `lines` short header lines before its Content-Length (about 7 bytes each: under 16 KiB for 2,100). */
function echoWithHeaderLines(lines: number): string {
  let head = 'POST /api/system?action=echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';
  for (let i = 0; i < lines; i++) head += `${i.toString(36)}:1\r\n`;
  const body = '{"message":"hi"}';
  return `${head}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
}

function assertRefused(reply: RawReply, label: string): void {
  assert.is(reply.status, 431, `${label}: status (body: ${reply.body.slice(0, 200)})`);
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/, `${label}: content-type`);
  assert.is(reply.headers.connection, 'close', `${label}: connection`);
  assert.equal(JSON.parse(reply.body), { message: 'The request has too many header lines.' }, `${label}: body`);
}

/** Everything the server sends for `bytes` until it closes the connection (at most 3 s). */
function rawText(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 3000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
}

async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const test = suite('header lines past node:http count cap');

test('app.listen: 2,100 header lines before Content-Length are a 431, 1,900 are served, and the server goes on', async () => {
  const reported: unknown[] = [];
  const app = createSystemApp({ report: (error) => reported.push(error) });
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    assertRefused(await rawExchange(port, echoWithHeaderLines(2100)), '2,100 lines');
    assertRefused(await rawExchange(port, echoWithHeaderLines(2000)), '2,000 lines and Host');
    const under = await rawExchange(port, echoWithHeaderLines(1900));
    assert.is(under.status, 200, `1,900 lines: ${under.body}`);
    assert.equal(JSON.parse(under.body), { message: 'hi' });
    const next = await rawExchange(port, echoWithHeaderLines(0));
    assert.is(next.status, 200, next.body);
    assert.equal(reported, []);
  } finally {
    await app.close();
  }
});

test('Expect: 100-continue with 2,100 header lines: 431 at once, no body invited', async () => {
  const app = createSystemApp();
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const request = echoWithHeaderLines(2100);
    const head = request.slice(0, request.indexOf('\r\n\r\n')) + '\r\nExpect: 100-continue\r\n\r\n';
    const text = await rawText(port, head);
    assert.match(text, /^HTTP\/1\.1 431 /, text.slice(0, 200));
    assert.not.match(text, /100 Continue/);
  } finally {
    await app.close();
  }
});

test('http.createServer(app.listener) with node defaults: header lines node dropped are a 431, not a bodiless request', async () => {
  const app = createSystemApp();
  const server = createServer(app.listener);
  const port = await listenOn(server);
  try {
    assertRefused(await rawExchange(port, echoWithHeaderLines(2100)), 'default cap');
    const fine = await rawExchange(port, echoWithHeaderLines(10));
    assert.is(fine.status, 200, fine.body);
    assert.equal(JSON.parse(fine.body), { message: 'hi' });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('http.createServer(app.listener) with maxHeadersCount set: its cap is the one enforced; 0 keeps every line', async () => {
  const app = createSystemApp();
  const capped = createServer(app.listener);
  capped.maxHeadersCount = 50;
  const open = createServer(app.listener);
  open.maxHeadersCount = 0;
  const cappedPort = await listenOn(capped);
  const openPort = await listenOn(open);
  try {
    assertRefused(await rawExchange(cappedPort, echoWithHeaderLines(60)), 'maxHeadersCount 50');
    const under = await rawExchange(cappedPort, echoWithHeaderLines(40));
    assert.is(under.status, 200, under.body);
    const all = await rawExchange(openPort, echoWithHeaderLines(2100));
    assert.is(all.status, 200, `no cap: ${all.body}`);
    assert.equal(JSON.parse(all.body), { message: 'hi' });
  } finally {
    for (const server of [capped, open]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
});

test.run();
