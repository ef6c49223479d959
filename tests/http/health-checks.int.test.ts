/**
 * Health that knows its dependencies (`health_checks`) and load shedding
 * (`max_event_loop_delay`), over real sockets: a failing or slow check turns
 * `/up` into a 503 that names it; checks run at most once per interval
 * whatever the request rate; past the event-loop delay, new requests get 503
 * with `Retry-After` while `/up` keeps answering.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, LogicException, type SwitchyardOptions } from '../../src/index.js';
import { start } from '../helpers/http.js';
import { thrown } from '../helpers/plain.js';

class PingAction extends Action {
  handle() {
    return { ok: true };
  }
}
/** Keeps the event loop busy for `ms` (bounded): the overload load shedding must notice. */
class SpinAction extends Action {
  handle() {
    const until = Date.now() + 400;
    while (Date.now() < until) {
      // busy on purpose
    }
    return { spun: true };
  }
}
class PingController extends ActionController {
  actions = { ping: PingAction, spin: SpinAction };
}

function app(options: SwitchyardOptions): Application {
  return new Application({ health: '/up', ...options }).withRouting({
    api: (router) => void router.svc('/ping', PingController, ['GET']),
  });
}

const checks = suite('health: checks');

checks('all checks pass: 200 with each check up', async () => {
  const http = await start(app({ health_checks: { redis: () => true, database: async () => undefined } }));
  try {
    const reply = await http.send('GET', '/up');
    assert.is(reply.status, 200);
    assert.equal(reply.body, { status: 'up', checks: { redis: { status: 'up' }, database: { status: 'up' } } });
    assert.is(reply.headers['cache-control'], 'no-store');
  } finally {
    await http.close();
  }
});

checks('a check that throws, rejects or answers false: 503 naming it, the reason kept out of the answer and reported', async () => {
  const reported: unknown[] = [];
  const http = await start(
    app({
      report: (error) => reported.push(error),
      health_checks: {
        redis: () => {
          throw new Error('ECONNREFUSED 10.0.0.5:6379 (password=hunter2)');
        },
        database: async () => Promise.reject(new Error('down')),
        queue: () => false,
        cache: () => true,
      },
    }),
  );
  try {
    const reply = await http.send('GET', '/up');
    assert.is(reply.status, 503);
    assert.equal(reply.body, {
      status: 'down',
      checks: {
        redis: { status: 'down', reason: 'failed' },
        database: { status: 'down', reason: 'failed' },
        queue: { status: 'down', reason: 'failed' },
        cache: { status: 'up' },
      },
    });
    assert.not.match(reply.text, /hunter2/);
    assert.is(reported.length, 3);
    assert.match(String(reported[0]), /health check "redis" failed/);
    const head = await http.send('HEAD', '/up');
    assert.is(head.status, 503);
    assert.is(head.text, '');
  } finally {
    await http.close();
  }
});

checks('a check past its deadline: 503 "timed out after N ms", its signal aborted, the answer not held', async () => {
  let aborted = false;
  const http = await start(
    app({
      health_checks: {
        database: {
          timeout: 50,
          check: (signal) =>
            new Promise((resolve) => {
              signal.addEventListener('abort', () => {
                aborted = true;
              });
              setTimeout(resolve, 60_000).unref();
            }),
        },
      },
    }),
  );
  try {
    const reply = await http.send('GET', '/up');
    assert.is(reply.status, 503);
    assert.equal(reply.body, { status: 'down', checks: { database: { status: 'down', reason: 'timed out after 50 ms' } } });
    assert.ok(aborted, 'the check was told to stop');
  } finally {
    await http.close();
  }
});

checks('checks run at most once per interval, whatever the request rate; concurrent probes share one run', async () => {
  let runs = 0;
  const http = await start(
    app({
      health_check_interval: 60_000,
      health_checks: {
        database: async () => {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      },
    }),
  );
  try {
    const replies = await Promise.all(Array.from({ length: 50 }, () => http.send('GET', '/up')));
    for (const reply of replies) assert.is(reply.status, 200);
    for (let i = 0; i < 50; i++) assert.is((await http.send('GET', '/up')).status, 200);
    assert.is(runs, 1);
  } finally {
    await http.close();
  }
});

checks('after the interval the checks run again, and a recovered dependency is up again', async () => {
  let healthy = false;
  let runs = 0;
  const http = await start(
    app({
      report: () => {},
      health_check_interval: 1,
      health_checks: {
        database: () => {
          runs++;
          return healthy;
        },
      },
    }),
  );
  try {
    assert.is((await http.send('GET', '/up')).status, 503);
    healthy = true;
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.is((await http.send('GET', '/up')).status, 200);
    assert.is(runs, 2);
  } finally {
    await http.close();
  }
});

checks('bad options are refused at boot', () => {
  assert.instance(
    thrown(() => app({ health_checks: { db: 5 as never } })),
    LogicException,
  );
  assert.instance(
    thrown(() => app({ health_checks: { db: { check: () => true, timeout: -1 } } })),
    LogicException,
  );
  assert.instance(
    thrown(() => new Application({ health_checks: { db: () => true } })),
    LogicException,
    'checks need a health path',
  );
  assert.instance(
    thrown(() => app({ health_check_interval: 1.5 })),
    LogicException,
  );
});

checks.run();

// ---------------------------------------------------------------------------
const shedding = suite('load shedding: max_event_loop_delay');

shedding('past the delay, new requests get 503 with Retry-After while /up answers; then service resumes', async () => {
  const http = await start(app({ max_event_loop_delay: 100 }));
  try {
    assert.is((await http.send('GET', '/api/ping?action=ping')).status, 200);
    // Requests that arrive while one request keeps the event loop busy meet an overloaded server.
    const spin = http.send('GET', '/api/ping?action=spin');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [spun, queued, probe] = await Promise.all([spin, http.send('GET', '/api/ping?action=ping'), http.send('GET', '/up')]);
    assert.is(spun.status, 200);
    assert.is(queued.status, 503);
    assert.is(queued.headers['retry-after'], '1');
    assert.equal(queued.body, { message: 'Service Unavailable' });
    assert.is(probe.status, 200);
    let status = 503;
    for (let attempt = 0; attempt < 100 && status === 503; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await http.send('GET', '/api/ping?action=ping')).status;
    }
    assert.is(status, 200, 'the server takes requests again once the loop is responsive');
  } finally {
    await http.close();
  }
});

shedding('off by default: a busy event loop sheds nothing', async () => {
  const http = await start(app({}));
  try {
    const spin = http.send('GET', '/api/ping?action=spin');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [, queued] = await Promise.all([spin, http.send('GET', '/api/ping?action=ping')]);
    assert.is(queued.status, 200);
  } finally {
    await http.close();
  }
});

shedding('a bad delay is refused at boot', () => {
  assert.instance(
    thrown(() => app({ max_event_loop_delay: -5 })),
    LogicException,
  );
});

shedding.run();
