/**
 * Named limiters (`app.rateLimiter.for(name, callback)` and `throttle:name`)
 * over real sockets: keys with and without `.by()`, limits per selected
 * action, several limits at once, `Limit.none()`, custom responses, and
 * Precognition predictions.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Application, json, LogicException } from '../../src/index.js';
import { Limit, ThrottleRequests } from '../../src/rate-limiting/index.js';
import { start, type Client, type Reply } from '../helpers/http.js';
import { throttledApp } from './app.js';

async function withApp(app: Application, run: (http: Client) => Promise<void>): Promise<void> {
  const http = await start(app);
  try {
    await run(http);
  } finally {
    await http.close();
  }
}

const remaining = (reply: Reply) => reply.headers['x-ratelimit-remaining'];
const limitOf = (reply: Reply) => reply.headers['x-ratelimit-limit'];

const named = suite('named limiters');

named('throttle:name uses the limiter; `.by()` keys the count (here by user, else by address)', async () => {
  const app = throttledApp(['throttle:api']);
  app.rateLimiter.for('api', (request) => Limit.perMinute(2).by(String(request.attributes.get('auth.user') ?? request.ip())));
  await withApp(app, async (http) => {
    const ada = { headers: { 'x-user': 'ada' } };
    assert.is(remaining(await http.send('GET', '/api/items?action=status', ada)), '1');
    assert.is(remaining(await http.send('GET', '/api/items?action=status', ada)), '0');
    const over = await http.send('GET', '/api/items?action=status', ada);
    assert.is(over.status, 429);
    assert.equal(over.body, { message: 'Too Many Attempts.' });
    assert.is(limitOf(over), '2');
    assert.ok(Number(over.headers['retry-after']) >= 1);
    assert.is(remaining(await http.send('GET', '/api/items?action=status')), '1', 'a guest is counted by address');
  });
});

named('without `.by()` one counter serves every caller (as in Laravel)', async () => {
  const app = throttledApp(['throttle:global']);
  app.rateLimiter.for('global', () => Limit.perMinute(2));
  await withApp(app, async (http) => {
    assert.is(remaining(await http.send('GET', '/api/items?action=status', { headers: { 'x-user': 'ada' } })), '1');
    assert.is(remaining(await http.send('GET', '/api/items?action=status', { headers: { 'x-user': 'bob' } })), '0');
    assert.is((await http.send('GET', '/api/items?action=status')).status, 429);
  });
});

named('keys per selected action: two actions on one endpoint get different limits', async () => {
  const app = throttledApp(['throttle:per-action']);
  app.rateLimiter.for('per-action', (request) => {
    const action = String(request.attributes.get('svc.action'));
    return action === 'export' ? Limit.perMinute(1).by(`export|${request.ip()}`) : Limit.perMinute(3).by(`${action}|${request.ip()}`);
  });
  await withApp(app, async (http) => {
    const exported = await http.send('GET', '/api/items?action=export');
    assert.is(exported.status, 200);
    assert.equal([limitOf(exported), remaining(exported)], ['1', '0']);
    assert.is((await http.send('GET', '/api/items?action=export')).status, 429);
    // The other action on the same endpoint has its own, larger budget.
    for (const left of ['2', '1', '0']) {
      const status = await http.send('GET', '/api/items?action=status');
      assert.is(status.status, 200);
      assert.equal([limitOf(status), remaining(status)], ['3', left]);
    }
    assert.is((await http.send('GET', '/api/items?action=status')).status, 429);
  });
});

named('several limits: all are counted, the tightest shows in the headers, the first used up answers 429', async () => {
  const app = throttledApp(['throttle:layered']);
  app.rateLimiter.for('layered', (request) => [
    Limit.perMinute(10).by(`minute|${request.ip()}`),
    Limit.perDay(3).by(`day|${request.ip()}`),
  ]);
  await withApp(app, async (http) => {
    for (const left of ['2', '1', '0']) {
      const reply = await http.send('GET', '/api/items?action=status');
      assert.equal([limitOf(reply), remaining(reply)], ['3', left]);
    }
    const over = await http.send('GET', '/api/items?action=status');
    assert.is(over.status, 429);
    assert.is(limitOf(over), '3');
    const retryAfter = Number(over.headers['retry-after']);
    assert.ok(retryAfter > 60 && retryAfter <= 86400, `the day's window answers (Retry-After ${retryAfter})`);
  });
});

named('two limits with the same key are counted apart (Laravel fallback keys)', async () => {
  const app = throttledApp(['throttle:same-key']);
  app.rateLimiter.for('same-key', () => [Limit.perMinute(5), Limit.perMinute(2)]);
  await withApp(app, async (http) => {
    const first = await http.send('GET', '/api/items?action=status');
    assert.equal([limitOf(first), remaining(first)], ['2', '1']);
    assert.is(remaining(await http.send('GET', '/api/items?action=status')), '0');
    assert.is((await http.send('GET', '/api/items?action=status')).status, 429);
  });
});

named('Limit.none() lets every request through uncounted, without headers', async () => {
  const app = throttledApp(['throttle:vip']);
  app.rateLimiter.for('vip', (request) =>
    request.attributes.get('auth.user') === 'ada' ? Limit.none() : Limit.perMinute(1).by(request.ip()),
  );
  await withApp(app, async (http) => {
    for (let i = 0; i < 3; i++) {
      const reply = await http.send('GET', '/api/items?action=status', { headers: { 'x-user': 'ada' } });
      assert.is(reply.status, 200);
      assert.is(limitOf(reply), undefined);
    }
    assert.is((await http.send('GET', '/api/items?action=status')).status, 200);
    assert.is((await http.send('GET', '/api/items?action=status')).status, 429);
  });
});

named('a custom `.response()` answers over the limit and receives the headers; a limiter may also answer itself', async () => {
  const app = throttledApp(['throttle:custom']);
  app.rateLimiter.for('custom', (request) => {
    if (request.header('x-blocked') === 'yes') return json({ message: 'Blocked.' }, 403);
    return Limit.perMinute(1)
      .by(request.ip())
      .response((_request, headers) => json({ message: 'Slow down.', retry_in: Number(headers['retry-after']) }, 429, headers));
  });
  await withApp(app, async (http) => {
    assert.is((await http.send('GET', '/api/items?action=status')).status, 200);
    const over = await http.send('GET', '/api/items?action=status');
    assert.is(over.status, 429);
    assert.is(over.body.message, 'Slow down.');
    assert.is(over.body.retry_in, Number(over.headers['retry-after']));
    assert.is(over.headers['x-ratelimit-remaining'], '0');
    assert.ok(over.headers['x-ratelimit-reset'] !== undefined);
    const blocked = await http.send('GET', '/api/items?action=status', { headers: { 'x-blocked': 'yes' } });
    assert.equal([blocked.status, blocked.body], [403, { message: 'Blocked.' }]);
  });
});

named('an async limiter callback is awaited', async () => {
  const app = throttledApp([ThrottleRequests.using('async')]);
  app.rateLimiter.for('async', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Limit.perMinute(1).by(request.ip());
  });
  await withApp(app, async (http) => {
    assert.is((await http.send('GET', '/api/items?action=status')).status, 200);
    assert.is((await http.send('GET', '/api/items?action=status')).status, 429);
  });
});

named('an unknown limiter name or a limit that is not a number fails at boot, naming the route', () => {
  assert.throws(
    () => throttledApp(['throttle:missing']).boot(),
    (error: unknown) => {
      return (
        error instanceof LogicException &&
        /Route "\/api\/items" uses "throttle:missing": Rate limiter \[missing\] is not defined\./.test(error.message)
      );
    },
  );
  assert.throws(
    () => throttledApp(['throttle:5,soon']).boot(),
    (error: unknown) => error instanceof LogicException && /throttle decay "soon"/.test(error.message),
  );
  assert.not.throws(() => throttledApp([ThrottleRequests.with(5, 2, 'x')]).boot());
});

named.run();

const predictions = suite('Precognition predictions');

predictions('by default a prediction neither uses up nor needs the action’s attempts', async () => {
  await withApp(throttledApp(['throttle:2,1']), async (http) => {
    const predict = { json: { name: 'Ada' }, headers: { precognition: 'true' } };
    for (let i = 0; i < 5; i++) {
      const reply = await http.send('POST', '/api/items?action=save', predict);
      assert.is(reply.status, 204);
      assert.is(reply.headers['precognition-success'], 'true');
      assert.is(limitOf(reply), undefined);
    }
    assert.is(remaining(await http.send('POST', '/api/items?action=save', { json: { name: 'Ada' } })), '1');
    assert.is(remaining(await http.send('POST', '/api/items?action=save', { json: { name: 'Ada' } })), '0');
    assert.is((await http.send('POST', '/api/items?action=save', predict)).status, 204, 'still predicted once the submissions are used up');
    assert.is((await http.send('POST', '/api/items?action=save', { json: { name: 'Ada' } })).status, 429);
  });
});

predictions('rate_limit_predictions: "count" counts them, and a limiter can give them a budget of their own', async () => {
  await withApp(throttledApp(['throttle:2,1'], { rate_limit_predictions: 'count' }), async (http) => {
    const predict = { json: { name: 'Ada' }, headers: { precognition: 'true' } };
    assert.is(remaining(await http.send('POST', '/api/items?action=save', predict)), '1');
    assert.is(remaining(await http.send('POST', '/api/items?action=save', predict)), '0');
    assert.is((await http.send('POST', '/api/items?action=save', predict)).status, 429);
  });
  const app = throttledApp(['throttle:forms'], { rate_limit_predictions: 'count' });
  app.rateLimiter.for('forms', (request) =>
    request.isPrecognitive ? Limit.perMinute(100).by(`predict|${request.ip()}`) : Limit.perMinute(1).by(`submit|${request.ip()}`),
  );
  await withApp(app, async (http) => {
    const predict = { json: { name: 'Ada' }, headers: { precognition: 'true' } };
    const prediction = await http.send('POST', '/api/items?action=save', predict);
    assert.equal([prediction.status, limitOf(prediction), remaining(prediction)], [204, '100', '99']);
    assert.is((await http.send('POST', '/api/items?action=save', { json: { name: 'Ada' } })).status, 200);
    assert.is((await http.send('POST', '/api/items?action=save', { json: { name: 'Ada' } })).status, 429);
    assert.is(remaining(await http.send('POST', '/api/items?action=save', predict)), '98');
  });
});

predictions.run();
