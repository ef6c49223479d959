/**
 * Policies an action declares for itself alone, applied right after its
 * selection and before its body is read: `bodyLimit`, `throttle` (its own
 * limit, or a named limiter shared by the actions that name it), `timeout`
 * and `middleware`. Over real sockets.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Action,
  ActionController,
  Application,
  json,
  LogicException,
  type MiddlewareFunction,
  type Next,
  type HttpRequest,
  type SwitchyardOptions,
} from '../../src/index.js';
import { Limit } from '../../src/rate-limiting/index.js';
import { describeRoutes } from '../../src/cli/describe-routes.js';
import { routesAsText } from '../../src/cli/routes-command.js';
import { start } from '../helpers/http.js';
import { thrown } from '../helpers/plain.js';

const MiB = 1024 * 1024;

class EchoAction extends Action {
  override methods = ['POST'];
  handle(request: HttpRequest) {
    return { bytes: JSON.stringify(request.all()).length };
  }
}
class UploadAction extends EchoAction {
  static override bodyLimit = 8 * MiB;
  static override throttle = (request: HttpRequest) => Limit.perMinute(5).by(request.ip());
}
class TinyAction extends EchoAction {
  static override bodyLimit = 10;
}
class OtpSendAction extends Action {
  static override throttle = 'otp';
  handle() {
    return { sent: true };
  }
}
class OtpResendAction extends OtpSendAction {}
class SlowAction extends Action {
  static override timeout = 50;
  handle(request: HttpRequest) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ late: true }), 5_000);
      request.signal.addEventListener('abort', () => clearTimeout(timer));
    });
  }
}
const seen: string[] = [];
const tag: MiddlewareFunction = (request, next) => {
  seen.push(`tag:${request.query('action')}`);
  return next(request);
};
class Stamp {
  handle(request: HttpRequest, next: Next, ...[value]: string[]) {
    seen.push(`stamp:${value}`);
    return next(request);
  }
}
class TaggedAction extends Action {
  static override middleware = [tag, 'stamp:yes'];
  handle() {
    return { tagged: true };
  }
}
class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

class SystemController extends ActionController {
  actions = {
    echo: EchoAction,
    upload: UploadAction,
    tiny: TinyAction,
    'otp.send': OtpSendAction,
    'otp.resend': OtpResendAction,
    slow: SlowAction,
    tagged: TaggedAction,
    status: StatusAction,
  };
}

function policiesApp(options: SwitchyardOptions = {}): Application {
  const app = new Application({ body_limit: MiB, ...options });
  app.rateLimiter.for('otp', (request) => Limit.perMinute(3).by(request.ip()));
  app.aliasMiddleware('stamp', Stamp);
  return app.withRouting({ api: (router) => void router.svc('/system', SystemController, ['GET', 'POST']) });
}

const body = (bytes: number) => ({ data: 'x'.repeat(bytes) });

const limits = suite('action policies: bodyLimit');

limits('a 2 MiB body is a 413 for echo (the application limit) and accepted by upload (its own 8 MiB)', async () => {
  const http = await start(policiesApp());
  try {
    const refused = await http.send('POST', '/api/system?action=echo', { json: body(2 * MiB) });
    assert.is(refused.status, 413);
    assert.match(refused.body.message, /limit of 1048576 bytes/);
    const accepted = await http.send('POST', '/api/system?action=upload', { json: body(2 * MiB) });
    assert.is(accepted.status, 200);
    assert.ok(accepted.body.bytes > 2 * MiB);
    assert.is(
      (await http.send('POST', '/api/system?action=tiny', { json: body(50) })).status,
      413,
      'smaller than the application limit too',
    );
  } finally {
    await http.close();
  }
});

limits("with action_source body the body is read within the largest limit, then the selected action's own holds", async () => {
  const http = await start(policiesApp({ action_source: 'body' }));
  try {
    assert.is((await http.send('POST', '/api/system', { json: { action: 'upload', ...body(2 * MiB) } })).status, 200);
    assert.is((await http.send('POST', '/api/system', { json: { action: 'echo', ...body(2 * MiB) } })).status, 413);
    assert.is((await http.send('POST', '/api/system', { json: { action: 'echo', ...body(10) } })).status, 200);
    assert.is((await http.send('POST', '/api/system', { json: { action: 'upload', ...body(9 * MiB) } })).status, 413);
  } finally {
    await http.close();
  }
});

limits.run();

const throttles = suite('action policies: throttle');

throttles('the 6th upload in a minute is a 429 while echo still answers', async () => {
  const http = await start(policiesApp());
  try {
    for (let i = 0; i < 5; i++) assert.is((await http.send('POST', '/api/system?action=upload', { json: body(10) })).status, 200);
    const sixth = await http.send('POST', '/api/system?action=upload', { json: body(10) });
    assert.is(sixth.status, 429);
    assert.is(sixth.headers['x-ratelimit-limit'], '5');
    assert.is((await http.send('POST', '/api/system?action=echo', { json: body(10) })).status, 200);
    assert.is((await http.send('GET', '/api/system?action=status')).status, 200);
  } finally {
    await http.close();
  }
});

throttles('otp.send and otp.resend name one limiter: together they get exactly its 3 attempts', async () => {
  const http = await start(policiesApp());
  try {
    const statuses: number[] = [];
    for (const action of ['otp.send', 'otp.resend', 'otp.send', 'otp.resend', 'otp.send']) {
      statuses.push((await http.send('GET', `/api/system?action=${action}`)).status);
    }
    assert.equal(statuses, [200, 200, 200, 429, 429]);
  } finally {
    await http.close();
  }
});

throttles('a throttle naming an unknown limiter, or of a wrong kind, fails at boot', () => {
  class Unknown extends Action {
    static override throttle = 'nope';
    handle() {
      return {};
    }
  }
  class Controller extends ActionController {
    actions = { unknown: Unknown };
  }
  const app = new Application().withRouting({ api: (router) => void router.svc('/x', Controller, ['GET']) });
  const error = thrown(() => app.boot());
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /The action "unknown" of route "\/api\/x" uses "throttle:nope"/);
  class Wrong extends Action {
    static override throttle = 42 as never;
    handle() {
      return {};
    }
  }
  class WrongController extends ActionController {
    actions = { wrong: Wrong };
  }
  assert.instance(
    thrown(() => new Application().withRouting({ api: (router) => void router.svc('/x', WrongController, ['GET']) })),
    LogicException,
  );
});

throttles.run();

const others = suite('action policies: timeout and middleware');

others('an action past its own timeout gets a 503 and its signal aborts; others are not cut', async () => {
  const http = await start(policiesApp());
  try {
    const slow = await http.send('GET', '/api/system?action=slow');
    assert.is(slow.status, 503);
    assert.is((await http.send('GET', '/api/system?action=status')).status, 200);
  } finally {
    await http.close();
  }
});

others("an action's own middleware runs for it alone, in order, with alias parameters", async () => {
  const http = await start(policiesApp());
  try {
    seen.length = 0;
    assert.is((await http.send('GET', '/api/system?action=tagged')).status, 200);
    assert.equal(seen, ['tag:tagged', 'stamp:yes']);
    seen.length = 0;
    assert.is((await http.send('GET', '/api/system?action=status')).status, 200);
    assert.equal(seen, []);
  } finally {
    await http.close();
  }
});

others("an unknown alias in an action's middleware, and a bad bodyLimit or timeout, fail at boot", () => {
  class Aliased extends Action {
    static override middleware = ['no-such-alias'];
    handle() {
      return json({});
    }
  }
  class Controller extends ActionController {
    actions = { aliased: Aliased };
  }
  assert.instance(
    thrown(() => new Application().withRouting({ api: (router) => void router.svc('/x', Controller, ['GET']) }).boot()),
    LogicException,
  );
  class Negative extends Action {
    static override bodyLimit = -1;
    handle() {
      return {};
    }
  }
  class NegativeController extends ActionController {
    actions = { negative: Negative };
  }
  assert.instance(
    thrown(() => new Application().withRouting({ api: (router) => void router.svc('/x', NegativeController, ['GET']) })),
    LogicException,
  );
});

others.run();

const listed = suite('action policies: switchyard routes and OpenAPI');

listed("the routes listing shows each action's own middleware, throttle and limits; OpenAPI adds its 429", () => {
  const app = policiesApp();
  app.boot();
  const [route] = describeRoutes(app.router);
  const upload = route!.actions!.find((action) => action.name === 'upload')!;
  assert.equal(upload.middleware, ['throttle:SystemController.upload']);
  assert.is(upload.bodyLimit, 8 * MiB);
  const send = route!.actions!.find((action) => action.name === 'otp.send')!;
  assert.equal(send.middleware, ['throttle:otp']);
  assert.is(route!.actions!.find((action) => action.name === 'slow')!.timeout, 50);
  assert.match(routesAsText(describeRoutes(app.router)), /LIMITS[\s\S]*body 8388608 B[\s\S]*timeout 50 ms/);
  const paths = app.openapi().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  assert.ok(paths['/api/system?action=upload']!['post']!.responses['429'], 'a throttled action documents its 429');
  assert.is(paths['/api/system?action=echo']!['post']!.responses['429'], undefined, 'an unthrottled one does not');
});

listed.run();
