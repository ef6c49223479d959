/**
 * The default uncompromised verifier speaks the Have I Been Pwned range
 * API, here to a stand-in on 127.0.0.1: only the first 5 hex digits of the
 * password's SHA-1 leave the process, with `Add-Padding: true`; a password
 * whose suffix is listed more than `threshold` times is compromised. As in
 * Laravel, a service that fails (an error status, a refused connection, a
 * timeout, an oversized answer) lets the password pass, and errors are
 * reported.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotPwnedVerifier } from '../../../src/validation/services/not-pwned-verifier.js';
import { LogicException } from '../../../src/errors/logic-exception.js';
import { lateness } from '../../helpers/deadline.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

/** Leaked passwords and their counts. */
const LEAKS: Record<string, number> = { password: 3_861_493, 'once-leaked': 1, 'twice-leaked': 2 };

const test = suite('NotPwnedVerifier against a stand-in range API');
let server: Server;
let endpoint: string;
const asked: { path: string; headers: IncomingHttpHeaders }[] = [];
/** What the stand-in does for the next request: answer, fail, hang, or flood. */
let mode: 'answer' | 'fail' | 'hang' | 'flood' = 'answer';

test.before(async () => {
  server = createServer((req, res) => {
    asked.push({ path: req.url ?? '', headers: req.headers });
    if (mode === 'fail') return void res.writeHead(503).end('down');
    if (mode === 'hang') return;
    if (mode === 'flood') return void res.end(Buffer.alloc(2 << 20, 'A'));
    const prefix = (req.url ?? '').slice('/range/'.length);
    const lines = ['0018A45C4D1DEF81644B54AB7F969B88D65:0', '00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2'];
    for (const [password, count] of Object.entries(LEAKS)) {
      const hash = sha1(password);
      if (hash.startsWith(prefix)) lines.push(`${hash.slice(5)}:${count}`);
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`;
});

test.after(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

test.before.each(() => {
  asked.length = 0;
  mode = 'answer';
});

test('a leaked password is compromised; only its 5-digit prefix is sent, with Add-Padding', async () => {
  const verifier = new NotPwnedVerifier({ endpoint });
  assert.is(await verifier.verify('password', 0), false);
  assert.equal(
    asked.map((a) => a.path),
    [`/range/${sha1('password').slice(0, 5)}`],
  );
  assert.is(asked[0]!.headers['add-padding'], 'true');
});

test('a password absent from the answer is not compromised', async () => {
  assert.is(await new NotPwnedVerifier({ endpoint }).verify('correct horse battery staple 8472', 0), true);
});

test('the threshold: compromised only when seen more often than it', async () => {
  const verifier = new NotPwnedVerifier({ endpoint });
  assert.is(await verifier.verify('once-leaked', 0), false);
  assert.is(await verifier.verify('once-leaked', 1), true);
  assert.is(await verifier.verify('twice-leaked', 1), false);
  assert.is(await verifier.verify('twice-leaked', 2), true);
});

test("'' and '0' count as compromised without asking (PHP's empty())", async () => {
  const verifier = new NotPwnedVerifier({ endpoint });
  assert.is(await verifier.verify('', 0), false);
  assert.is(await verifier.verify('0', 0), false);
  assert.equal(asked, []);
});

test('an error status passes the password, unreported', async () => {
  mode = 'fail';
  const reported: unknown[] = [];
  assert.is(await new NotPwnedVerifier({ endpoint, report: (e) => reported.push(e) }).verify('password', 0), true);
  assert.equal(reported, []);
});

test('a refused connection passes the password and is reported', async () => {
  const reported: unknown[] = [];
  const verifier = new NotPwnedVerifier({ endpoint: 'http://127.0.0.1:1/range/', report: (e) => reported.push(e) });
  assert.is(await verifier.verify('password', 0), true);
  assert.is(reported.length, 1);
});

test('a service that never answers passes the password after the timeout, reported', async () => {
  mode = 'hang';
  const reported: unknown[] = [];
  // Against a timer of the timeout (200 ms): tests/helpers/deadline.ts. Not before it, nor long after.
  const { value: passed, late } = await lateness(200, () =>
    new NotPwnedVerifier({ endpoint, timeout: 200, report: (e) => reported.push(e) }).verify('password', 0),
  );
  assert.is(passed, true);
  assert.ok(late >= -50 && late < 1800, `${late.toFixed(0)} ms after the timeout`);
  assert.is(reported.length, 1);
});

test('an answer past 1 MiB is refused, reported, and the password passes', async () => {
  mode = 'flood';
  const reported: unknown[] = [];
  assert.is(await new NotPwnedVerifier({ endpoint, report: (e) => reported.push(e) }).verify('password', 0), true);
  assert.match(String(reported[0]), /larger than/);
});

test('a bad timeout is refused when the verifier is made', () => {
  for (const timeout of [0, -5, 2.5])
    assert.throws(
      () => new NotPwnedVerifier({ timeout }),
      (e: unknown) => e instanceof LogicException,
    );
});

test.run();
