/**
 * `active_url`, `email:dns` and `email:spoof` through the validator, with a
 * table resolver in the context: Laravel's answers, each distinct host
 * looked up once per validation, a failed lookup a failed rule (never an
 * error), and no lookup for values that cannot pass anyway.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileValidator } from '../../src/validation/compiler.js';
import { DnsResolver } from '../../src/validation/services/dns-resolver.js';
import type { RuleMap } from '../../src/validation/types.js';
import { NodeDnsResolver } from '../../src/validation/services/node-dns-resolver.js';
import type { ValidationLimits } from '../../src/validation/limits.js';
import { TableDnsResolver, contextWith } from '../helpers/validation-context.js';
import { startDnsServer, type DnsServer, type ZoneEntry } from '../helpers/dns-server.js';

const RECORDS = {
  'example.com A': ['192.0.2.1'],
  'v6.example AAAA': ['2001:db8::1'],
  'mx.example.org MX': ['mail.mx.example.org'],
  'nullmx.example.org MX': [''],
  'nullmx.example.org A': ['192.0.2.2'],
  'xn--bcher-kva.de MX': ['mail.xn--bcher-kva.de'],
};

async function validate(
  rules: RuleMap,
  input: Record<string, unknown>,
  resolver = new TableDnsResolver(RECORDS, ['broken.example', 'broken.example.org']),
) {
  const validator = compileValidator(rules, { owner: 'NetworkRequest' });
  const outcome = await validator.validate(input, undefined, undefined, contextWith([[DnsResolver, resolver]]));
  return { outcome, asked: resolver.asked };
}

const URL = 'The site field must be a valid URL.';
const active = suite('active_url');

for (const [value, passes] of [
  ['http://example.com', true],
  ['https://user:pw@example.com:8443/path?q#f', true],
  ['//example.com/x', true],
  ['example.com:80', true], // parse_url reads a host and a port
  ['ftp://v6.example', true], // an AAAA record is enough
  ['http://none.example', false],
  ['http://broken.example', false], // the lookup fails: the rule fails, no error
  ['example.com', false], // no host: a path
  ['mailto:someone@example.com', false],
  ['http://0/', false], // PHP's falsy "0"
] as const) {
  active(`${JSON.stringify(value)} ${passes ? 'passes' : 'fails'}`, async () => {
    const { outcome } = await validate({ site: 'active_url' }, { site: value });
    assert.equal(outcome, passes ? { ok: true, validated: { site: value } } : { ok: false, errors: { site: [URL] } });
  });
}

active('a value that is not a string fails without a lookup', async () => {
  for (const value of [123, true, ['http://example.com'], { url: 'http://example.com' }]) {
    const { outcome, asked } = await validate({ site: 'active_url' }, { site: value });
    assert.equal(outcome, { ok: false, errors: { site: [URL] } });
    assert.equal(asked, []);
  }
});

active('a missing or empty field asks nothing', async () => {
  for (const input of [{}, { site: '' }, { site: null }]) {
    const { outcome, asked } = await validate({ site: 'nullable|active_url' }, input);
    assert.is(outcome.ok, true);
    assert.equal(asked, []);
  }
});

active('wildcard items: each distinct host looked up once (A and AAAA), each failing item reported', async () => {
  const sites = ['http://example.com/a', 'https://example.com/b', 'http://none.example', 'http://example.com:81', 'http://none.example/2'];
  const { outcome, asked } = await validate({ 'sites.*': 'active_url' }, { sites });
  assert.equal(outcome, {
    ok: false,
    errors: { 'sites.2': ['The sites.2 field must be a valid URL.'], 'sites.4': ['The sites.4 field must be a valid URL.'] },
  });
  assert.equal(asked.sort(), ['example.com A', 'example.com AAAA', 'none.example A', 'none.example AAAA']);
});

active('the validator says it answers later', () => {
  assert.is(compileValidator({ site: 'active_url' }, { owner: 'R' }).async, true);
});

active.run();

const MAIL = 'The email field must be a valid email address.';
const dns = suite('email:dns');

for (const [rule, value, passes] of [
  ['email:dns', 'user@mx.example.org', true],
  ['email:dns', 'user@example.com', true], // an A record without MX, as egulias
  ['email:dns', 'user@none.example.org', false],
  ['email:dns', 'user@nullmx.example.org', false], // RFC 7505: accepts no mail
  ['email:dns', 'user@broken.example.org', false],
  ['email:dns', 'user@mail.test', false], // reserved top-level names: no lookup
  ['email:dns', 'user@mx.example', false], // .example is reserved too
  ['email:dns', 'user@bücher.de', true], // looked up in ASCII
  ['email:dns', 'not an address@mx.example.org', true], // dns alone runs no RFC validation, as Laravel
  ['email:rfc,dns', 'not an address@mx.example.org', false],
  ['email:rfc,dns', 'user@mx.example.org', true],
  ['email:filter,dns', 'user@mx.example.org', true],
  ['email:dns,spoof', 'us\u0435r@mx.example.org', false],
] as const) {
  dns(`${rule} on ${JSON.stringify(value)} ${passes ? 'passes' : 'fails'}`, async () => {
    const { outcome } = await validate({ email: rule }, { email: value });
    assert.equal(outcome, passes ? { ok: true, validated: { email: value } } : { ok: false, errors: { email: [MAIL] } });
  });
}

dns('an address the other validations refuse is not looked up', async () => {
  const { asked } = await validate({ email: 'email:rfc,dns' }, { email: 'not an address@none.example.org' });
  assert.equal(asked, []);
});

dns('wildcard items: one lookup per distinct domain and type', async () => {
  const { outcome, asked } = await validate(
    { 'to.*': 'email:dns' },
    { to: ['a@mx.example.org', 'b@MX.example.org', 'c@none.example.org'] },
  );
  assert.equal(outcome, { ok: false, errors: { 'to.2': ['The to.2 field must be a valid email address.'] } });
  assert.equal(asked.sort(), [
    'mx.example.org A',
    'mx.example.org AAAA',
    'mx.example.org MX',
    'none.example.org A',
    'none.example.org AAAA',
    'none.example.org MX',
  ]);
});

dns.run();

const spoof = suite('email:spoof (no network: answered at once)');

for (const [rule, value, passes] of [
  ['email:spoof', 'user@example.com', true],
  ['email:spoof', 'p\u0430ypal@paypal.com', false], // a Cyrillic а among Latin letters
  ['email:spoof', 'иван@пример.рф', true],
  ['email:spoof', 'παράδειγμα@δοκιμή.gr', false], // Greek with a Latin top-level domain
  ['email:spoof', 'ユーザー@例え.jp', true],
  ['email:spoof', 'not an address', true], // spoof alone runs no RFC validation
  ['email:rfc,spoof', 'not an address', false],
  ['email:rfc,spoof', 'p\u0430ypal@paypal.com', false],
] as const) {
  spoof(`${rule} on ${JSON.stringify(value)} ${passes ? 'passes' : 'fails'}`, () => {
    const validator = compileValidator({ email: rule }, { owner: 'SpoofRequest' });
    assert.is(validator.async, false);
    assert.equal(
      validator.validate({ email: value }),
      passes ? { ok: true, validated: { email: value } } : { ok: false, errors: { email: [MAIL] } },
    );
  });
}

spoof.run();

const bounded = suite('the lookups of one request: each host once, at most max_dns_lookups hosts');
let server: DnsServer;
let resolver: NodeDnsResolver;
const HOSTS = 10_000;

bounded.before(async () => {
  const zone: Record<string, ZoneEntry> = {};
  for (let i = 0; i < HOSTS; i++) zone[`h${i}.example.org`] = { MX: [`mail.h${i}.example.org`], A: ['192.0.2.1'] };
  server = await startDnsServer({ zone });
  resolver = new NodeDnsResolver({ servers: [server.address] });
});

bounded.after(() => server.close());

/** The validator's answer and the questions the DNS server received for it. */
async function run(rules: RuleMap, input: Record<string, unknown>, limits?: ValidationLimits) {
  const before = server.questions.length;
  const validator = compileValidator(rules, { owner: 'BulkRequest' });
  const outcome = await validator.validate(input, undefined, limits, contextWith([[DnsResolver, resolver]]));
  return { outcome, questions: server.questions.slice(before) };
}

const perType = (questions: readonly string[]) => {
  const counts: Record<string, number> = {};
  for (const q of questions) counts[q.split(' ')[1]!] = (counts[q.split(' ')[1]!] ?? 0) + 1;
  return counts;
};

bounded('10,000 addresses over 3 hosts: 3 questions per record type', async () => {
  const e = Array.from({ length: 10_000 }, (_, i) => `user${i}@h${i % 3}.example.org`);
  const { outcome, questions } = await run({ 'e.*': 'email:rfc,dns' }, { e });
  assert.is(outcome.ok, true);
  assert.equal(perType(questions), { MX: 3, A: 3, AAAA: 3 });
});

bounded('the same host under several fields and rules is asked once per request', async () => {
  const { outcome, questions } = await run(
    { 'a.*': 'email:rfc,dns', 'b.*': 'email:rfc,dns', site: 'active_url' },
    { a: ['x@h1.example.org', 'y@h2.example.org'], b: ['z@h1.example.org'], site: 'https://h2.example.org/' },
  );
  assert.is(outcome.ok, true);
  assert.equal(perType(questions), { MX: 2, A: 2, AAAA: 2 });
});

bounded('10,000 distinct hosts: at most max_dns_lookups (default 100) hosts asked; the rest fail as hosts without records', async () => {
  const e = Array.from({ length: HOSTS }, (_, i) => `user@h${i}.example.org`);
  const { outcome, questions } = await run({ 'e.*': 'email:rfc,dns' }, { e }, { max_validation_errors: 0, max_wildcard_items: 0 });
  assert.is(new Set(questions.map((q) => q.split(' ')[0])).size, 100);
  assert.ok(questions.length <= 300, `${questions.length} questions`);
  assert.ok(!outcome.ok);
  const failed = Object.keys(outcome.errors);
  assert.is(failed.length, HOSTS - 100);
  assert.is(failed[0], 'e.100'); // the first hosts in input order are the ones asked
  assert.equal(outcome.errors['e.100'], ['The e.100 field must be a valid email address.']);
});

bounded('the budget is per request, shared by the rules, and max_dns_lookups sets it', async () => {
  const limits = { max_validation_errors: 0, max_wildcard_items: 0, max_dns_lookups: 2 };
  const { outcome, questions } = await run(
    { email: 'email:rfc,dns', site: 'active_url', 'more.*': 'active_url' },
    { email: 'a@h1.example.org', site: 'http://h2.example.org', more: ['http://h1.example.org', 'http://h3.example.org'] },
    limits,
  );
  assert.equal(outcome, { ok: false, errors: { 'more.1': ['The more.1 field must be a valid URL.'] } });
  assert.equal(new Set(questions.map((q) => q.split(' ')[0])), new Set(['h1.example.org', 'h2.example.org']));
});

bounded('max_dns_lookups 0: no budget', async () => {
  const e = Array.from({ length: 300 }, (_, i) => `user@h${i}.example.org`);
  const { outcome, questions } = await run(
    { 'e.*': 'email:rfc,dns' },
    { e },
    { max_validation_errors: 0, max_wildcard_items: 0, max_dns_lookups: 0 },
  );
  assert.is(outcome.ok, true);
  assert.is(new Set(questions.map((q) => q.split(' ')[0])).size, 300);
});

bounded.run();
