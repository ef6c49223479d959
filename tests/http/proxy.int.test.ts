/**
 * trust_proxy with ranges, `*`, chains and header sets: over real sockets
 * (the peer is always 127.0.0.1 here) for what a client observes, and on
 * stand-in requests for peers a loopback test cannot be (IPv6 ranges,
 * IPv4-mapped addresses).
 */
import type { IncomingMessage } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'undici';
import { Action, ActionController, Application, LogicException, type HttpRequest, type SwitchyardOptions } from '../../src/index.js';
import { TrustedProxies, type TrustProxy } from '../../src/config/trusted-proxies.js';
import { assertLinear } from '../helpers/growth.js';

class WhereAction extends Action {
  handle(request: HttpRequest) {
    return { url: request.fullUrl(), ip: request.ip() };
  }
}
class WhereController extends ActionController {
  actions = { where: WhereAction };
}

/** Asks the app (run with `options`) where the request came from, with `headers` sent by the peer 127.0.0.1. */
async function ask(options: SwitchyardOptions, headers: Record<string, string>) {
  const app = new Application(options).withRouting({ api: (router) => void router.svc('/where', WhereController, ['GET']) });
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const response = await request(`http://127.0.0.1:${port}/api/where?action=where`, { headers });
    return { port, body: (await response.body.json()) as { url: string; ip: string } };
  } finally {
    await app.close();
  }
}

const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com', 'x-forwarded-for': '203.0.113.9' };

const sockets = suite('trust_proxy over sockets');

sockets('a CIDR range holding the peer is trusted (127.0.0.0/8)', async () => {
  const { body } = await ask({ trust_proxy: ['127.0.0.0/8'] }, FORWARDED);
  assert.equal(body, { url: 'https://api.example.com/api/where?action=where', ip: '203.0.113.9' });
});

sockets('a range that does not hold the peer: every forwarded header is ignored (10.0.0.0/8)', async () => {
  const { port, body } = await ask({ trust_proxy: ['10.0.0.0/8', 'fd00::/8'] }, FORWARDED);
  assert.equal(body, { url: `http://127.0.0.1:${port}/api/where?action=where`, ip: '127.0.0.1' });
});

sockets('a chain: the client is the right-most address that is not a trusted proxy', async () => {
  const chain = { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.1.2.3, 10.4.5.6' };
  assert.is((await ask({ trust_proxy: ['127.0.0.1', '10.0.0.0/8'] }, chain)).body.ip, '203.0.113.9', 'proxies in 10/8 are skipped');
  assert.is((await ask({ trust_proxy: ['127.0.0.1'] }, chain)).body.ip, '10.4.5.6', 'only the peer is trusted');
  assert.is((await ask({ trust_proxy: true }, chain)).body.ip, '198.51.100.1', 'true trusts every hop: the left-most');
});

sockets("'*' trusts the direct peer only (the host framework's trustProxies(at: '*'))", async () => {
  const { body } = await ask({ trust_proxy: '*' }, { ...FORWARDED, 'x-forwarded-for': '198.51.100.1, 203.0.113.9' });
  assert.equal(body, { url: 'https://api.example.com/api/where?action=where', ip: '203.0.113.9' });
});

sockets('a comma-separated string, as TRUSTED_PROXIES, and proxy-addr names', async () => {
  assert.is((await ask({ trust_proxy: '10.0.0.0/8, 127.0.0.1' }, FORWARDED)).body.ip, '203.0.113.9');
  assert.is((await ask({ trust_proxy: ['loopback'] }, FORWARDED)).body.ip, '203.0.113.9');
});

sockets('X-Forwarded-Port sets the port; the scheme default is left out', async () => {
  const trusted = { trust_proxy: ['127.0.0.1'] };
  assert.is(
    (await ask(trusted, { ...FORWARDED, 'x-forwarded-port': '8443' })).body.url,
    'https://api.example.com:8443/api/where?action=where',
  );
  assert.is((await ask(trusted, { ...FORWARDED, 'x-forwarded-port': '443' })).body.url, 'https://api.example.com/api/where?action=where');
  assert.is(
    (await ask(trusted, { ...FORWARDED, 'x-forwarded-port': '99999' })).body.url,
    'https://api.example.com/api/where?action=where',
    'an impossible port is ignored',
  );
});

sockets('trust_proxy_headers limits what a trusted proxy may set', async () => {
  const { port, body } = await ask({ trust_proxy: ['127.0.0.1'], trust_proxy_headers: ['x-forwarded-for'] }, FORWARDED);
  assert.equal(body, { url: `http://127.0.0.1:${port}/api/where?action=where`, ip: '203.0.113.9' });
});

sockets('bad settings are refused when the application is made', () => {
  for (const trust_proxy of ['not-an-ip', ['10.0.0.0/33'], ['10.0.0.1', 'fd00::/200'], 42]) {
    assert.throws(
      () => new Application({ trust_proxy } as SwitchyardOptions),
      (e: unknown) => e instanceof LogicException,
      JSON.stringify(trust_proxy),
    );
  }
  assert.throws(
    () => new Application({ trust_proxy_headers: ['forwarded'] } as unknown as SwitchyardOptions),
    (e: unknown) => e instanceof LogicException,
  );
});

sockets.run();

// ---------------------------------------------------------------------------
/** A stand-in request from `peer` with `headers`. */
function from(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers: { host: 'internal:3000', ...headers } } as unknown as IncomingMessage;
}

function ip(trust: TrustProxy, peer: string, forwardedFor?: string): string {
  return new TrustedProxies(trust).view(from(peer, forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor })).ip;
}

const peers = suite('trust_proxy: peers and chains');

peers("ips(): every client address, closest first, without trusted proxies (Symfony's getClientIps)", () => {
  const ips = (trust: TrustProxy, peer: string, forwardedFor?: string) =>
    new TrustedProxies(trust).ips(from(peer, forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }));
  assert.equal(ips(['10.0.0.0/8'], '10.0.0.1', '198.51.100.1, 203.0.113.9, 10.4.5.6'), ['203.0.113.9', '198.51.100.1']);
  assert.equal(ips(['10.0.0.0/8'], '10.0.0.1', 'junk, 203.0.113.9:443'), ['203.0.113.9']);
  assert.equal(ips(['10.0.0.0/8'], '192.0.2.7', '203.0.113.9'), ['192.0.2.7'], 'an untrusted peer: its own address only');
  assert.equal(ips(true, '10.0.0.1', '198.51.100.1, 10.4.5.6'), ['198.51.100.1'], 'everything trusted: the left-most');
  assert.equal(ips(['10.0.0.0/8'], '10.0.0.1'), ['10.0.0.1']);
});

peers('IPv6 ranges: fd00::/8 trusts fd12::1, not fe80::1 nor 2001:db8::1', () => {
  assert.is(ip(['fd00::/8'], 'fd12::1', '2001:db8::7'), '2001:db8::7');
  assert.is(ip(['fd00::/8'], 'fe80::1', '2001:db8::7'), 'fe80::1');
  assert.is(ip(['fd00::/8'], 'fd12::1', '2001:db8::7, fd34::9'), '2001:db8::7', 'a trusted IPv6 hop is skipped');
});

peers('IPv4-mapped peers match IPv4 ranges, and are reported as IPv4', () => {
  assert.is(ip(['10.0.0.0/8'], '::ffff:10.1.2.3', '203.0.113.9'), '203.0.113.9');
  assert.is(ip(false, '::ffff:127.0.0.1'), '127.0.0.1');
});

peers('an untrusted peer: X-Forwarded-For is ignored, however it is written', () => {
  assert.is(ip(['10.0.0.0/8'], '192.0.2.1', '10.0.0.1'), '192.0.2.1');
  assert.is(ip(false, '10.0.0.1', '203.0.113.9'), '10.0.0.1');
  assert.is(ip([], '10.0.0.1', '203.0.113.9'), '10.0.0.1');
});

peers('entries that are not addresses are skipped; ports and brackets are stripped', () => {
  assert.is(ip(['127.0.0.1'], '127.0.0.1', '203.0.113.9:4711'), '203.0.113.9');
  assert.is(ip(['127.0.0.1'], '127.0.0.1', '[2001:db8::1]:443'), '2001:db8::1');
  assert.is(ip(['127.0.0.1'], '127.0.0.1', '203.0.113.9, <script>, '), '203.0.113.9');
  assert.is(ip(['127.0.0.1'], '127.0.0.1', ',,,'), '127.0.0.1', 'nothing usable: the peer');
  assert.is(ip(['127.0.0.1', '10.0.0.0/8'], '127.0.0.1', '10.0.0.1, 10.0.0.2'), '10.0.0.1', 'all trusted: the left-most');
});

peers('REMOTE_ADDR in a list stands for the direct peer', () => {
  assert.is(ip(['REMOTE_ADDR'], '192.0.2.1', '203.0.113.9, 192.0.2.1'), '203.0.113.9');
});

peers('a long chain of trusted hops is walked in linear time', async () => {
  const chain = (count: number) =>
    `203.0.113.9, ${Array.from({ length: count }, (_, i) => `10.0.${(i >> 8) & 255}.${i & 255}`).join(', ')}`;
  assert.is(ip(['127.0.0.1', '10.0.0.0/8'], '127.0.0.1', chain(5000)), '203.0.113.9');
  await assertLinear(
    'walking the hops',
    (count) => {
      const forwarded = chain(count);
      return () => ip(['127.0.0.1', '10.0.0.0/8'], '127.0.0.1', forwarded);
    },
    500,
  );
});

peers.run();
