/**
 * The DNS half of `active_url` and `email:dns`: the name egulias'
 * DNSCheckValidation looks up for an address (checked against PHP 8.2's
 * `idn_to_ascii`), and the batch lookup: each distinct host asked once per
 * record type and run, all at once, at most the run's budget of hosts; a
 * failed lookup fails its host, and so does a host past the budget.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ADDRESS_TYPES,
  DnsLookups,
  MAIL_TYPES,
  acceptsMail,
  emailDnsHost,
  hasAddress,
  hostsPassing,
} from '../../src/validation/dns-lookups.js';
import { TableDnsResolver } from '../helpers/validation-context.js';

const host = suite('emailDnsHost: the name egulias looks up');

const HOSTS: readonly (readonly [string, string | null])[] = [
  ['user@example.com', 'example.com'],
  ['user@Example.COM', 'example.com'],
  ['a@b@example.org', 'example.org'], // after the last @
  ['example.net', 'example.net'], // no @: the whole value
  ['user@bücher.de', 'xn--bcher-kva.de'],
  ['user@例子.广告', 'xn--fsqu00a.xn--4rr70v'],
  ['user@example.com.', 'example.com'],
  ['user@localhost', null], // one label
  ['user@', null],
  ['user@mail.test', null], // reserved top-level names
  ['user@box.local', null],
  ['user@corp.internal', null],
  ['user@mail.TEST', 'mail.test'], // egulias compares them case-sensitively
  ['user@-foo.com', null], // ICU refuses these: PHP then looks up the root, which has no mail
  ['user@foo-.com', null],
  ['user@ab--cd.com', null],
  ['user@foo..com', null],
  ['user@.foo.com', null],
  [`user@${'a'.repeat(64)}.com`, null],
  [`user@${'a.'.repeat(126)}com`, null],
  [`user@${'a.'.repeat(125)}com`, `${'a.'.repeat(125)}com`],
];
for (const [value, expected] of HOSTS) {
  host(
    `${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)} → ${JSON.stringify(expected?.slice(0, 40) ?? null)}`,
    () => {
      assert.is(emailDnsHost(value), expected);
    },
  );
}
host.run();

const lookups = suite('hostsPassing: one lookup per distinct host and type, all at once');

lookups('active_url: an A or an AAAA record passes; a failed lookup fails', async () => {
  const resolver = new TableDnsResolver({ 'v4.example A': ['192.0.2.1'], 'v6.example AAAA': ['2001:db8::1'] }, ['broken.example']);
  const passing = await hostsPassing(
    new DnsLookups(resolver, 0),
    new Set(['v4.example', 'v6.example', 'none.example', 'broken.example']),
    ADDRESS_TYPES,
    hasAddress,
  );
  assert.equal([...passing].sort(), ['v4.example', 'v6.example']);
  assert.is(resolver.asked.length, 8);
});

lookups('email:dns: MX, A or AAAA passes; a null MX fails even beside an A record', async () => {
  const resolver = new TableDnsResolver({
    'mx.example MX': ['mail.mx.example'],
    'a.example A': ['192.0.2.1'],
    'nullmx.example MX': [''],
    'nullmx.example A': ['192.0.2.2'],
    'dotmx.example MX': ['.'],
  });
  const passing = await hostsPassing(
    new DnsLookups(resolver, 0),
    new Set(['mx.example', 'a.example', 'nullmx.example', 'dotmx.example', 'none.example']),
    MAIL_TYPES,
    acceptsMail,
  );
  assert.equal([...passing].sort(), ['a.example', 'mx.example']);
});

lookups('the lookups run in parallel, not one after another', async () => {
  let open = 0;
  let most = 0;
  const resolver = new TableDnsResolver({});
  const records = resolver.records.bind(resolver);
  resolver.records = async (h, t) => {
    most = Math.max(most, ++open);
    try {
      return await records(h, t);
    } finally {
      open--;
    }
  };
  await hostsPassing(new DnsLookups(resolver, 0), new Set(['a.example', 'b.example', 'c.example']), ADDRESS_TYPES, hasAddress);
  assert.is(most, 6);
});

lookups('one run asks a host and type once, whichever rule asks', async () => {
  const resolver = new TableDnsResolver({ 'a.example A': ['192.0.2.1'], 'a.example MX': ['mx.a.example'] });
  const run = new DnsLookups(resolver, 0);
  const [address, mail] = await Promise.all([
    hostsPassing(run, new Set(['a.example']), ADDRESS_TYPES, hasAddress),
    hostsPassing(run, new Set(['a.example', 'b.example']), MAIL_TYPES, acceptsMail),
  ]);
  assert.equal([...address], ['a.example']);
  assert.equal([...mail], ['a.example']);
  assert.equal(resolver.asked.sort(), ['a.example A', 'a.example AAAA', 'a.example MX', 'b.example A', 'b.example AAAA', 'b.example MX']);
});

lookups('past the budget, hosts fail unasked; hosts already asked stay free', async () => {
  const resolver = new TableDnsResolver({ 'a.example A': ['192.0.2.1'], 'b.example A': ['192.0.2.2'], 'c.example A': ['192.0.2.3'] });
  const run = new DnsLookups(resolver, 2);
  const first = await hostsPassing(run, new Set(['a.example', 'b.example', 'c.example']), ADDRESS_TYPES, hasAddress);
  const again = await hostsPassing(run, new Set(['c.example', 'b.example']), ADDRESS_TYPES, hasAddress);
  assert.equal([...first].sort(), ['a.example', 'b.example']);
  assert.equal([...again], ['b.example']);
  assert.is(resolver.asked.length, 4);
});

lookups.run();
