/**
 * Input normalisation end to end (issue #10): a default Laravel 11 app's
 * TrimStrings and ConvertEmptyStringsToNull, over real sockets. Query, form,
 * multipart and JSON input reach route middleware, form requests,
 * validation, `validated()` and handlers trimmed and with '' as null; the
 * action is still selected on the raw value (SPEC rule 2). The options
 * `trim_strings` and `convert_empty_strings_to_null`, their `except` and
 * `skip_when`, the per-action `normalizeInput = false`, plain routes, and
 * bad input.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Action,
  ActionController,
  Application,
  FormRequest,
  json,
  LogicException,
  type MiddlewareFunction,
  type HttpRequest,
  type SwitchyardOptions,
} from '../../src/index.js';
import { serve } from '../helpers/apps.js';

class MessageRequest extends FormRequest {
  override rules() {
    return {
      message: 'required|string|max:255',
      note: 'nullable|string',
      password: 'nullable|string',
      secret: 'nullable|string',
      tags: 'array',
      'tags.*': 'nullable|string',
      user: 'array',
      'user.password': 'nullable|string',
      count: 'integer',
      flag: 'boolean',
    };
  }
}

class MergingRequest extends MessageRequest {
  override prepareForValidation() {
    this.merge({ note: '  merged  ' });
  }
}

class EchoAction extends Action {
  override methods = ['POST'];
  static override formRequest = MessageRequest;
  handle(request: MessageRequest) {
    return request.validated();
  }
}

class RawEchoAction extends EchoAction {
  override normalizeInput = false;
}

class MergeAction extends Action {
  override methods = ['POST'];
  static override formRequest = MergingRequest;
  handle(request: MergingRequest) {
    return request.validated();
  }
}

/** What the handler sees of the input. */
class InspectAction extends Action {
  override methods = ['GET', 'POST'];
  handle(request: HttpRequest) {
    return { query: { ...request.query() }, body: { ...request.body() }, input: request.input('q') ?? 'missing' };
  }
}

class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

/** The fallback: answers with the action value as the handler reads it. */
class FallbackAction extends Action {
  override methods = ['GET', 'POST'];
  handle(request: HttpRequest) {
    return { fallback: true, action: request.input('action') ?? 'missing' };
  }
}

class NormaliseController extends ActionController {
  override actions = {
    echo: EchoAction,
    raw: RawEchoAction,
    merge: MergeAction,
    inspect: InspectAction,
    status: StatusAction,
    '*': FallbackAction,
  };
}

/** What route middleware and global middleware saw of `q`, per request. */
let seen: { global?: unknown; route?: unknown } = {};
const globalProbe: MiddlewareFunction = (request, next) => {
  seen.global = request.query('q');
  return next(request);
};
const routeProbe: MiddlewareFunction = (request, next) => {
  seen.route = request.input('q');
  return next(request);
};

function makeApp(options: SwitchyardOptions = {}): Application {
  return new Application(options).use(globalProbe).withRouting({
    api(router) {
      router.svc('/n', NormaliseController, ['GET', 'POST']).middleware(routeProbe);
      router.addRoute(['GET', 'POST'], '/plain', async (request) => {
        // A plain route reads its body itself; the promise's value is normalised too.
        const body = await request.loadBody();
        return json({ all: { ...request.all() }, loaded: { ...body } });
      });
    },
  });
}

function multipart(fields: [string, string][]): { body: string; headers: Record<string, string> } {
  const body =
    fields.map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + '--b--\r\n';
  return { body, headers: { 'content-type': 'multipart/form-data; boundary=b' } };
}

// --- defaults -------------------------------------------------------------------

const defaults = suite('defaults: TrimStrings and ConvertEmptyStringsToNull before form requests and handlers');
const app = serve(defaults, () => makeApp());

defaults('JSON: strings trimmed at any depth, blank and empty strings null, passwords untrimmed, other values untouched', async () => {
  const reply = await app.http.send('POST', '/api/n?action=echo', {
    json: {
      message: ' \t hello \u00a0\u200b',
      note: '   ',
      password: '  secret  ',
      tags: [' a ', '', '\u3000'],
      user: { password: ' nested ' },
      count: 3,
      flag: false,
    },
  });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, {
    message: 'hello',
    note: null,
    password: '  secret  ',
    tags: ['a', null, null],
    user: { password: 'nested' },
    count: 3,
    flag: false,
  });
});

defaults("a blank required field fails as missing (it is null by then); '' passwords are null too", async () => {
  const reply = await app.http.send('POST', '/api/n?action=echo', { json: { message: ' \n ', password: '' } });
  assert.is(reply.status, 422);
  assert.equal(reply.body.errors, { message: ['The message field is required.'] });
});

defaults('form body and query string', async () => {
  const reply = await app.http.send('POST', '/api/n?action=echo&note=+', { form: 'message=+hi%09&tags[]=+x&tags[]=' });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'hi', note: null, tags: ['x', null] });
  const inspect = await app.http.send('GET', '/api/n?action=inspect&q=+%20spaced%20+&empty=&list[]=+1');
  assert.equal(inspect.body, { query: { action: 'inspect', q: 'spaced', empty: null, list: ['1'] }, body: {}, input: 'spaced' });
});

defaults('multipart fields', async () => {
  const { body, headers } = multipart([
    ['message', '  from a form  '],
    ['note', ''],
    ['password', ' p '],
  ]);
  const reply = await app.http.send('POST', '/api/n?action=echo', { body, headers });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'from a form', note: null, password: ' p ' });
});

defaults('selection reads the raw value: "status " is not "status"; the handler then sees it trimmed', async () => {
  const exact = await app.http.send('GET', '/api/n?action=status');
  assert.equal(exact.body, { status: 'ok' });
  for (const value of ['status%20', '%20status', 'status%09', 'status%E2%80%8B']) {
    const reply = await app.http.send('GET', `/api/n?action=${value}`);
    assert.is(reply.status, 200);
    assert.equal(reply.body, { fallback: true, action: 'status' }, value);
  }
  const empty = await app.http.send('GET', '/api/n?action=');
  assert.equal(empty.body, { fallback: true, action: 'missing' }, "'' selects the fallback, then reads as null");
});

defaults('route middleware see the normalised input; global middleware (before selection) the raw input', async () => {
  seen = {};
  await app.http.send('GET', '/api/n?action=inspect&q=+x+');
  assert.equal(seen, { global: ' x ', route: 'x' });
  seen = {};
  await app.http.send('GET', '/api/n?action=nope&q=');
  assert.equal(seen, { global: '', route: null }, 'also before an unknown action is answered');
});

defaults('an action with normalizeInput = false gets its input as sent', async () => {
  const reply = await app.http.send('POST', '/api/n?action=raw&tags[]=', { json: { message: '  hi  ', note: '', tags: [' a '] } });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: '  hi  ', note: '', tags: [' a '] });
  seen = {};
  await app.http.send('POST', '/api/n?action=raw&q=+r+', { json: { message: 'm' } });
  assert.is(seen.route, ' r ');
});

defaults('values merged in prepareForValidation() are taken as given', async () => {
  const reply = await app.http.send('POST', '/api/n?action=merge', { json: { message: ' m ' } });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body, { message: 'm', note: '  merged  ' });
});

defaults('plain routes see normalised input too', async () => {
  const reply = await app.http.send('POST', '/api/plain?a=+1+', { json: { b: ' 2 ', c: '' } });
  assert.equal(reply.body, { all: { a: '1', b: '2', c: null }, loaded: { b: '2', c: null } });
});

defaults('bad input: too deep is a 400; huge arrays, __proto__ keys and odd values are answered, never a 500', async () => {
  const deep = await app.http.send('POST', '/api/n?action=echo', {
    body: `{"message":${'['.repeat(70)}${']'.repeat(70)}}`,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(deep.status, 400);
  const deepQuery = await app.http.send('GET', `/api/n?action=inspect&q${'[a]'.repeat(70)}=+x`);
  assert.is(deepQuery.status, 400);
  const many = await app.http.send('POST', '/api/n?action=echo', {
    json: { message: 'm', tags: Array.from({ length: 9_000 }, () => ' t ') },
  });
  assert.is(many.status, 200, many.text);
  assert.is(many.body.tags.length, 9_000);
  assert.is(many.body.tags[8_999], 't');
  const proto = await app.http.send('POST', '/api/n?action=inspect', {
    body: '{"__proto__":{"polluted":" yes "},"q":" v ","nested":{"__proto__":""}}',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(proto.status, 200);
  assert.is(proto.body.input, 'v');
  assert.is(({} as Record<string, unknown>)['polluted'], undefined);
  const odd = await app.http.send('POST', '/api/n?action=inspect', { json: { a: 1e308, b: -0, c: [null, true, {}], d: '\u0000' } });
  assert.equal(odd.body.body, { a: 1e308, b: 0, c: [null, true, {}], d: null });
  const queryProto = await app.http.send('GET', '/api/n?action=inspect&__proto__[x]=+1&q[__proto__]=+2');
  assert.is(queryProto.status, 200);
});

defaults.run();

// --- turned off, and configured ------------------------------------------------

const off = suite('trim_strings: false, convert_empty_strings_to_null: false: the raw input');
const rawApp = serve(off, () => makeApp({ trim_strings: false, convert_empty_strings_to_null: false }));

off('nothing is changed', async () => {
  const reply = await rawApp.http.send('POST', '/api/n?action=echo&note=', { json: { message: ' hi ', tags: [''] } });
  assert.equal(reply.body, { message: ' hi ', tags: [''], note: '' });
  const plain = await rawApp.http.send('GET', '/api/plain?a=+1+&b=');
  assert.equal(plain.body, { all: { a: ' 1 ', b: '' }, loaded: {} });
});

off.run();

const bodySource = suite('action_source body: selection reads the raw body value, validation the normalised body');
const bodyApp = serve(bodySource, () => makeApp({ action_source: 'body' }));

bodySource('"echo " in the body does not select echo; "echo" does, and its input is normalised', async () => {
  const padded = await bodyApp.http.send('POST', '/api/n', { json: { action: 'echo ', message: ' m ' } });
  assert.equal(padded.body, { fallback: true, action: 'echo' });
  const exact = await bodyApp.http.send('POST', '/api/n', { form: 'action=echo&message=+m+&note=' });
  assert.is(exact.status, 200, exact.text);
  assert.equal(exact.body, { message: 'm', note: null });
});

bodySource.run();

const configured = suite('trim_strings: { except, skip_when }, convert_empty_strings_to_null: { skip_when }');
const trimOnly = serve(configured, () =>
  makeApp({
    trim_strings: {
      except: ['secret', 'user.password'],
      skip_when: [(request) => request.header('x-keep-spaces') === 'yes'],
    },
    convert_empty_strings_to_null: { skip_when: [(request: HttpRequest) => request.attributes.get('svc.action') === 'inspect'] },
  }),
);

configured('except adds to the three defaults and matches the full dotted path', async () => {
  const reply = await trimOnly.http.send('POST', '/api/n?action=echo', {
    json: { message: ' m ', secret: ' s ', password: ' p ', user: { password: ' u ' } },
  });
  assert.equal(reply.body, { message: 'm', secret: ' s ', password: ' p ', user: { password: ' u ' } });
});

configured('skip_when: each option skips on its own callbacks, which run after selection on the raw input', async () => {
  const kept = await trimOnly.http.send('POST', '/api/n?action=echo', {
    json: { message: ' m ', note: '' },
    headers: { 'x-keep-spaces': 'yes' },
  });
  assert.equal(kept.body, { message: ' m ', note: null }, 'trimming skipped, conversion not');
  const inspect = await trimOnly.http.send('GET', '/api/n?action=inspect&q=+x+&e=');
  assert.equal(inspect.body.query, { action: 'inspect', q: 'x', e: '' }, 'conversion skipped for the action, trimming not');
});

configured.run();

const signed = suite("the signed middleware reads signature and expires normalised, as after a default app's TrimStrings");
const KEY = `base64:${Buffer.from('k'.repeat(32)).toString('base64')}`;
let signedApp: Application;
const signedDefaults = serve(signed, () => {
  signedApp = new Application({ app_key: KEY }).withRouting({
    api(router) {
      router.svc('/s', NormaliseController, ['GET', 'POST']).name('s').middleware('signed:relative');
    },
  });
  return signedApp;
});

signed('a signature with a trailing %20 verifies (the HMAC covers the rest, unchanged); a changed parameter does not', async () => {
  const url = signedApp.urlSigner.signedRoute('s', { action: 'status' }, { absolute: false });
  assert.is((await signedDefaults.http.send('GET', url)).status, 200);
  assert.is((await signedDefaults.http.send('GET', `${url}%20`)).status, 200);
  assert.is((await signedDefaults.http.send('GET', url.replace('status', 'status%20'))).status, 403);
});

signed.run();

const options = suite('the options are checked at boot');

options('invalid values are a LogicException naming the option', () => {
  const bad: [SwitchyardOptions, RegExp][] = [
    [{ trim_strings: 'yes' as never }, /trim_strings/],
    [{ trim_strings: null as never }, /trim_strings/],
    [{ trim_strings: { excepts: ['a'] } as never }, /unknown key "excepts"/],
    [{ trim_strings: { except: 'password' as never } }, /trim_strings\.except/],
    [{ trim_strings: { except: [1 as never] } }, /trim_strings\.except/],
    [{ trim_strings: { skip_when: [true as never] } }, /trim_strings\.skip_when/],
    [{ convert_empty_strings_to_null: 1 as never }, /convert_empty_strings_to_null/],
    [{ convert_empty_strings_to_null: { except: [] } as never }, /unknown key "except"/],
  ];
  for (const [settings, message] of bad) {
    assert.throws(
      () => new Application(settings),
      (error: unknown) => error instanceof LogicException && message.test((error as Error).message),
    );
  }
});

options('the resolved configuration shows the full except list', () => {
  const config = new Application({ trim_strings: { except: ['secret', 'password'] } }).config;
  assert.equal(config.trim_strings && [...config.trim_strings.except], ['current_password', 'password', 'password_confirmation', 'secret']);
  assert.is(new Application({ trim_strings: false }).config.trim_strings, false);
  assert.is(new Application().config.convert_empty_strings_to_null !== false, true);
});

options.run();
