/**
 * The default DNS resolver on the real path: node:dns (c-ares) asking a DNS
 * server the test runs on 127.0.0.1, with hand-built answers. Missing names
 * and types are empty answers, as PHP's `dns_get_record`; a server failure
 * and a server that never answers are failures, the latter within the
 * resolver's deadline.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NodeDnsResolver } from '../../../src/validation/services/node-dns-resolver.js';
import { LogicException } from '../../../src/errors/logic-exception.js';
import { startDnsServer, type DnsServer } from '../../helpers/dns-server.js';
import { lateness } from '../../helpers/deadline.js';

const test = suite('NodeDnsResolver against a DNS server on 127.0.0.1');
let server: DnsServer;
let resolver: NodeDnsResolver;

test.before(async () => {
  server = await startDnsServer({
    zone: {
      'example.com': { A: ['192.0.2.10', '192.0.2.11'], AAAA: ['2001:db8::1'], MX: ['mail.example.com'] },
      'v6only.example': { AAAA: ['2001:db8::2'] },
      'nomail.example': { A: ['192.0.2.20'], MX: [''] },
    },
    fail: ['broken.example'],
    silent: ['slow.example'],
  });
  resolver = new NodeDnsResolver({ servers: [server.address], timeout: 300 });
});

test.after(() => server.close());

test('A, AAAA and MX records come back as addresses and exchange names', async () => {
  assert.equal(await resolver.records('example.com', 'A'), ['192.0.2.10', '192.0.2.11']);
  assert.equal(await resolver.records('example.com', 'AAAA'), ['2001:db8::1']);
  assert.equal(await resolver.records('example.com', 'MX'), ['mail.example.com']);
  assert.ok(server.questions.includes('example.com MX'));
});

test('a null MX is the exchange ""', async () => {
  assert.equal(await resolver.records('nomail.example', 'MX'), ['']);
});

test('a type the name lacks and a name that does not exist are empty answers', async () => {
  assert.equal(await resolver.records('v6only.example', 'A'), []);
  assert.equal(await resolver.records('missing.example', 'A'), []);
});

test('a name with a final dot is the same name', async () => {
  assert.equal(await resolver.records('example.com.', 'A'), ['192.0.2.10', '192.0.2.11']);
});

test('a server failure rejects', async () => {
  const error = await resolver.records('broken.example', 'A').then(
    () => null,
    (e: NodeJS.ErrnoException) => e,
  );
  assert.is(error?.code, 'ESERVFAIL');
});

test('a server that never answers rejects within the deadline', async () => {
  // Against a timer of the timeout (300 ms): tests/helpers/deadline.ts. Not before it, nor long after.
  const { value: error, late } = await lateness(300, () =>
    resolver.records('slow.example', 'A').then(
      () => null,
      (e: Error) => e,
    ),
  );
  assert.ok(error !== null, 'rejected');
  assert.ok(late >= -50 && late < 1200, `${late.toFixed(0)} ms after the timeout`);
});

test('a bad timeout is refused when the resolver is made', () => {
  for (const timeout of [0, -1, 1.5, Number.NaN])
    assert.throws(
      () => new NodeDnsResolver({ timeout }),
      (e: unknown) => e instanceof LogicException,
    );
});

test('a bad concurrency is refused when the resolver is made', () => {
  for (const concurrency of [0, -1, 1.5, Number.NaN])
    assert.throws(
      () => new NodeDnsResolver({ concurrency }),
      (e: unknown) => e instanceof LogicException,
    );
});

test.run();

const cap = suite('NodeDnsResolver: at most `concurrency` lookups in flight');
let slowServer: DnsServer;

cap.before(async () => {
  const zone = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`h${i}.example`, { A: ['192.0.2.1'] }]));
  slowServer = await startDnsServer({ zone, delay: 20, silent: ['silent.example'] });
});

cap.after(() => slowServer.close());

cap('40 lookups at once: the server never holds more than the cap, and every one is answered', async () => {
  const capped = new NodeDnsResolver({ servers: [slowServer.address], concurrency: 4 });
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => capped.records(`h${i}.example`, 'A')));
  assert.equal(new Set(answers.map((a) => a.join())), new Set(['192.0.2.1']));
  assert.is(slowServer.questions.filter((q) => /^h\d+\.example A$/.test(q)).length, 40);
  assert.ok(slowServer.mostInFlight <= 4, `${slowServer.mostInFlight} in flight`);
  assert.ok(slowServer.mostInFlight >= 2, 'in parallel up to the cap');
});

cap('a lookup still waiting its turn at its deadline fails there and is never sent', async () => {
  const capped = new NodeDnsResolver({ servers: [slowServer.address], concurrency: 1, timeout: 200 });
  const before = slowServer.questions.length;
  const outcomes = await Promise.all(
    ['silent.example', 'h1.example', 'h2.example'].map((host) =>
      capped.records(host, 'A').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  );
  assert.equal(outcomes, ['failed', 'failed', 'failed']);
  assert.equal(slowServer.questions.slice(before), ['silent.example A']);
});

cap.run();
