/**
 * The rules with input/output end to end, over real sockets: a form request
 * with `active_url`, `email:rfc,dns`, `current_password` and
 * `Password.min(8).uncompromised()`, in an application that binds the real
 * default services to stand-ins on 127.0.0.1 — node's DNS resolver asking a
 * UDP DNS server the test runs, the Have I Been Pwned client asking a local
 * HTTP server — and its own `PasswordUserResolver` reading the user a
 * middleware authenticated. A DNS server that never answers is a 422, not a
 * 500; an application that bound no user resolver answers one reported 500
 * naming it and keeps serving.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Application } from '../../src/application.js';
import { Action } from '../../src/action.js';
import { ActionController } from '../../src/action-controller.js';
import { FormRequest } from '../../src/form-request.js';
import { Router } from '../../src/routing/router.js';
import type { HttpRequest } from '../../src/http/request.js';
import type { Next } from '../../src/http/middleware.js';
// The services and the rule builder as an application imports them: the public API.
import { Password } from '../../src/index.js';
import {
  DnsResolver,
  NodeDnsResolver,
  NotPwnedVerifier,
  PasswordUserResolver,
  UncompromisedVerifier,
} from '../../src/validation/services/index.js';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.js';
import { start, type Client } from '../helpers/http.js';
import { lateness } from '../helpers/deadline.js';

/** `password_hash('sécret', PASSWORD_BCRYPT, ['cost' => 4])` in PHP 8.2. */
const ADA_HASH = '$2y$04$O8.sQZUmFa7ZZmNTnwRyG.QuaRGMWuF0kEYsVWhnrQIM6T2jaFDy.';
const USERS: Record<string, { name: string; password: string }> = { 'token-ada': { name: 'ada', password: ADA_HASH } };

class UpdateProfileRequest extends FormRequest {
  override rules() {
    return {
      website: 'nullable|active_url',
      email: 'required|email:rfc,dns',
      current_password: 'required|current_password',
      new_password: ['required', Password.min(8).uncompromised()],
    };
  }
}

class UpdateProfile extends Action {
  override methods = ['POST'];
  handle(request: UpdateProfileRequest) {
    return { saved: request.validated('email') };
  }
}
UpdateProfile.formRequest = UpdateProfileRequest;

class ProfileController extends ActionController {
  override actions = { update: UpdateProfile };
}

/** The application's authentication, as a middleware: `Authorization: Bearer <token>` sets `auth.user`. */
function authenticate(request: HttpRequest, next: Next) {
  const token = (request.header('authorization') ?? '').replace(/^Bearer /, '');
  if (USERS[token] !== undefined) request.attributes.set('auth.user', USERS[token]);
  return next(request);
}

class AuthUsers extends PasswordUserResolver {
  override passwordHash(request: HttpRequest): string | null {
    return (request.attributes.get('auth.user') as { password: string } | undefined)?.password ?? null;
  }
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();
const LEAKED = ['password123'];

let dns: DnsServer;
let pwned: Server;
let http: Client;
let bare: Client;
const reported: unknown[] = [];

function routes(router: Router) {
  router.svc('/profile', ProfileController, ['POST']);
}

const test = suite('rules with input/output over HTTP, with the real default services');

test.before(async () => {
  Router.flushMacros();
  dns = await startDnsServer({
    zone: {
      'example.org': { A: ['192.0.2.1'], MX: ['mail.example.org'] },
      'nomail.example.org': { A: ['192.0.2.2'], MX: [''] },
    },
    silent: ['slow.example.org'],
  });
  pwned = createServer((req, res) => {
    const prefix = (req.url ?? '').slice('/range/'.length);
    const lines = LEAKED.map(sha1)
      .filter((hash) => hash.startsWith(prefix))
      .map((hash) => `${hash.slice(5)}:12`);
    res.end([...lines, '0018A45C4D1DEF81644B54AB7F969B88D65:0'].join('\r\n'));
  });
  await new Promise<void>((resolve) => pwned.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(pwned.address() as AddressInfo).port}/range/`;

  const app = new Application({ report: (error) => reported.push(error) });
  app.container.bind(DnsResolver).toConstantValue(new NodeDnsResolver({ servers: [dns.address], timeout: 300 }));
  app.container.bind(UncompromisedVerifier).toConstantValue(new NotPwnedVerifier({ endpoint }));
  app.container.bind(PasswordUserResolver).toConstantValue(new AuthUsers());
  app.use(authenticate);
  http = await start(app.withRouting({ api: routes }));

  // The same form in an application that bound no PasswordUserResolver.
  const other = new Application({ report: (error) => reported.push(error) });
  other.container.bind(DnsResolver).toConstantValue(new NodeDnsResolver({ servers: [dns.address], timeout: 300 }));
  other.container.bind(UncompromisedVerifier).toConstantValue(new NotPwnedVerifier({ endpoint }));
  bare = await start(other.withRouting({ api: routes }));
});

test.after(async () => {
  await http?.close();
  await bare?.close();
  await dns?.close();
  pwned?.closeAllConnections();
  await new Promise<void>((resolve) => (pwned ? pwned.close(() => resolve()) : resolve()));
});

const AS_ADA = { authorization: 'Bearer token-ada' };
const VALID = {
  website: 'https://example.org/about',
  email: 'ada@example.org',
  current_password: 'sécret',
  new_password: 'a long fresh phrase',
};

test('valid input: every lookup passes and the handler runs', async () => {
  const reply = await http.send('POST', '/api/profile?action=update', { json: VALID, headers: AS_ADA });
  assert.is(reply.status, 200);
  assert.equal(reply.body, { saved: 'ada@example.org' });
});

test('each rule fails with its message: no address, a null MX, a wrong password, a leaked password', async () => {
  const reply = await http.send('POST', '/api/profile?action=update', {
    json: {
      website: 'http://missing.example.org',
      email: 'ada@nomail.example.org',
      current_password: 'secret',
      new_password: 'password123',
    },
    headers: AS_ADA,
  });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, {
    website: ['The website field must be a valid URL.'],
    email: ['The email field must be a valid email address.'],
    current_password: ['The password is incorrect.'],
    new_password: ['The given new password has appeared in a data leak. Please choose a different new password.'],
  });
});

test('a guest fails current_password', async () => {
  const reply = await http.send('POST', '/api/profile?action=update', { json: VALID });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { current_password: ['The password is incorrect.'] });
});

test('a DNS server that never answers fails the rule within the timeout: a 422, not a 500', async () => {
  // Against a timer of the resolver's timeout (300 ms): tests/helpers/deadline.ts.
  const { value: reply, late } = await lateness(300, () =>
    http.send('POST', '/api/profile?action=update', {
      json: { ...VALID, website: 'http://slow.example.org/' },
      headers: AS_ADA,
    }),
  );
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { website: ['The website field must be a valid URL.'] });
  assert.ok(late < 1700, `answered ${late.toFixed(0)} ms after the DNS deadline`);
});

test('no PasswordUserResolver bound: one reported 500 naming it, and the server keeps serving', async () => {
  const before = reported.length;
  const reply = await bare.send('POST', '/api/profile?action=update', { json: VALID, headers: AS_ADA });
  assert.is(reply.status, 500);
  assert.equal(reply.body, { message: 'Server Error' });
  assert.is(reported.length, before + 1);
  assert.match(String((reported.at(-1) as Error).message), /PasswordUserResolver/);
  const next = await bare.send('POST', '/api/profile?action=update', { json: { email: 'nope' } });
  assert.is(next.status, 422);
});

class InviteRequest extends FormRequest {
  override rules() {
    return { 'to.*': 'email:rfc,dns' };
  }
}

class Invite extends Action {
  override methods = ['POST'];
  handle(request: InviteRequest) {
    return { invited: request.validated('to') };
  }
}
Invite.formRequest = InviteRequest;

class InviteController extends ActionController {
  override actions = { send: Invite };
}

test('max_dns_lookups: past the budget, the other hosts fail as hosts without records, unasked', async () => {
  const app = new Application({ max_dns_lookups: 1 });
  app.container.bind(DnsResolver).toConstantValue(new NodeDnsResolver({ servers: [dns.address], timeout: 300 }));
  const client = await start(app.withRouting({ api: (router) => router.svc('/invites', InviteController, ['POST']) }));
  try {
    const before = dns.questions.length;
    const reply = await client.send('POST', '/api/invites?action=send', {
      json: { to: ['ada@example.org', 'bob@example.org', 'eve@nomail.example.org'] },
    });
    assert.is(reply.status, 422);
    assert.equal(reply.body.errors, { 'to.2': ['The to.2 field must be a valid email address.'] });
    assert.equal(new Set(dns.questions.slice(before).map((q) => q.split(' ')[0])), new Set(['example.org']));
  } finally {
    await client.close();
  }
});

test.run();
