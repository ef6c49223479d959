/**
 * Limits read from the authenticated user, over real sockets: authentication
 * middleware sets `request.setUserResolver()`, `throttle:rate_limit,1` reads
 * `request.user().rate_limit` (Laravel's `resolveMaxAttempts`), each user is
 * counted apart (`resolveRequestSignature`: the user's identifier), and a
 * form request's `authorize()` sees the same `user()`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Action,
  ActionController,
  Application,
  FormRequest,
  handles,
  LogicException,
  type MiddlewareSpec,
  type SwitchyardOptions,
} from '../../src/index.js';
import { start, type Client, type Reply } from '../helpers/http.js';

class User {
  constructor(
    readonly id: number,
    readonly rate_limit: number | string,
    readonly admin = false,
  ) {}
}

const USERS: Record<string, User> = { ada: new User(1, 2, true), bob: new User(2, 3), eve: new User(3, 'many') };

class AdminRequest extends FormRequest {
  override authorize() {
    return (this.user() as User | undefined)?.admin === true;
  }
}

class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

class AdminAction extends Action {
  @handles()
  handle(request: AdminRequest) {
    return { user: (request.user() as User).id, token: request.bearerToken() };
  }
}

class UserController extends ActionController {
  actions = { status: StatusAction, admin: AdminAction };
}

function makeApp(throttle: MiddlewareSpec[], options: SwitchyardOptions = {}): Application {
  const app = new Application(options);
  // Authentication as Laravel's guards do it: the user is found from the bearer token, on demand.
  app.aliasMiddleware('auth', (request, next) => {
    const token = request.bearerToken();
    request.setUserResolver(() => (token === undefined ? undefined : USERS[token]));
    return next(request);
  });
  return app.withRouting({
    api: (router) => {
      router.svc('/items', UserController, ['GET']).middleware('auth', ...throttle);
    },
  });
}

async function withApp(app: Application, run: (http: Client) => Promise<void>): Promise<void> {
  const http = await start(app);
  try {
    await run(http);
  } finally {
    await http.close();
  }
}

const as = (http: Client, user: string | undefined, action = 'status'): Promise<Reply> =>
  http.send('GET', `/api/items?action=${action}`, { headers: user === undefined ? {} : { authorization: `Bearer ${user}` } });

const test = suite('throttle with the limit read from the user');

test('throttle:rate_limit,1 allows each user their own rate_limit, counted per user', async () => {
  await withApp(makeApp(['throttle:rate_limit,1']), async (http) => {
    for (const remaining of ['1', '0']) {
      const reply = await as(http, 'ada');
      assert.is(reply.status, 200);
      assert.is(reply.headers['x-ratelimit-limit'], '2');
      assert.is(reply.headers['x-ratelimit-remaining'], remaining);
    }
    const over = await as(http, 'ada');
    assert.is(over.status, 429);
    assert.equal(over.body, { message: 'Too Many Attempts.' });
    // Bob's count is his own (the signature is the user's id), and his limit is 3.
    for (const remaining of ['2', '1', '0']) {
      const reply = await as(http, 'bob');
      assert.is(reply.status, 200);
      assert.equal([reply.headers['x-ratelimit-limit'], reply.headers['x-ratelimit-remaining']], ['3', remaining]);
    }
    assert.is((await as(http, 'bob')).status, 429);
  });
});

test('guest|attribute: guests get the number, users their attribute', async () => {
  await withApp(makeApp(['throttle:5|rate_limit,1']), async (http) => {
    assert.is((await as(http, undefined)).headers['x-ratelimit-limit'], '5');
    assert.is((await as(http, 'bob')).headers['x-ratelimit-limit'], '3');
  });
});

test("no user, or a user without a numeric attribute: one reported 500, as Laravel's MissingRateLimiterException", async () => {
  const reports: unknown[] = [];
  await withApp(makeApp(['throttle:rate_limit,1'], { report: (error) => void reports.push(error) }), async (http) => {
    const guest = await as(http, undefined);
    assert.is(guest.status, 500);
    assert.equal(guest.body, { message: 'Server Error' });
    const eve = await as(http, 'eve');
    assert.is(eve.status, 500);
    // The server keeps serving.
    assert.is((await as(http, 'ada')).status, 200);
  });
  assert.is(reports.length, 2);
  assert.instance(reports[0], LogicException);
  assert.is((reports[0] as Error).message, 'Rate limiter [rate_limit] is not defined.');
  assert.is((reports[1] as Error).message, 'Rate limiter [rate_limit] is not defined for user [User].');
});

test('a name alone is a limiter name: throttle:rate_limit without a decay still fails at boot', () => {
  assert.throws(
    () => makeApp(['throttle:rate_limit']).boot(),
    (error: unknown) => error instanceof LogicException && /Rate limiter \[rate_limit\] is not defined\./.test(error.message),
  );
  assert.not.throws(() => makeApp(['throttle:rate_limit,1']).boot());
});

test("a form request's authorize() and handler see the resolver's user", async () => {
  await withApp(makeApp([]), async (http) => {
    const admin = await as(http, 'ada', 'admin');
    assert.is(admin.status, 200, admin.text);
    assert.equal(admin.body, { user: 1, token: 'ada' });
    const other = await as(http, 'bob', 'admin');
    assert.is(other.status, 403);
    assert.equal(other.body, { message: 'This action is unauthorized.' });
  });
});

test.run();
