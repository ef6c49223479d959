/**
 * The request's path as docs/architecture.md shows it is the list the code
 * runs: `app.lifecycle()` names the steps from the same lists the kernel and
 * the routes execute, and the page's lists must equal them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, type MiddlewareFunction } from '../src/index.js';

const PAGE = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));

/** The step names of the page's `<!-- lifecycle:kind -->` list. */
function documented(kind: string): string[] {
  const page = readFileSync(PAGE, 'utf8');
  const start = page.indexOf(`<!-- lifecycle:${kind} -->`);
  assert.ok(start !== -1, `docs/architecture.md has a lifecycle:${kind} list`);
  const block = page.slice(start, page.indexOf('<!-- /lifecycle -->', start));
  return [...block.matchAll(/^\d+\. `(\w+)`/gm)].map((match) => match[1]!);
}

const pass: MiddlewareFunction = (request, next) => next(request);
class Guarded extends Action {
  static override timeout = 1000;
  static override middleware = [pass];
  handle() {
    return {};
  }
}
class Controller extends ActionController {
  actions = { guarded: Guarded };
}

/** An application with every optional step on. */
function everything(): Application {
  return new Application({ health: '/up', max_event_loop_delay: 1000, handler_timeout: 5000, action_source: 'both' }).withRouting({
    api: (router) => {
      router.svc('/system', Controller, ['GET', 'POST']);
    },
  });
}

test('a svc route: the page lists the steps app.lifecycle() runs, in order', async () => {
  const app = everything();
  try {
    assert.equal(documented('svc'), app.lifecycle('svc'));
  } finally {
    await app.close();
  }
});

test("a plain route with a form request: the page lists its stages, between the kernel's steps and the answer", async () => {
  const app = everything();
  try {
    const steps = app.lifecycle('form');
    const stages = steps.slice(steps.indexOf('globalMiddleware') + 1, steps.indexOf('answerHeaders'));
    assert.equal(documented('form'), stages);
    const plain = app.lifecycle('plain');
    assert.equal(
      plain.slice(plain.indexOf('globalMiddleware') + 1, plain.indexOf('answerHeaders')),
      stages.filter((stage) => stage !== 'readRouteBody' && stage !== 'resolveFormRequest'),
      'without a form request, the same stages less the body and the form request',
    );
  } finally {
    await app.close();
  }
});

test('optional steps are left out when their option is off', () => {
  const app = new Application({ cors: false, trim_strings: false, convert_empty_strings_to_null: false }).withRouting({
    api: (router) => void router.svc('/system', Controller, ['GET']),
  });
  const steps = app.lifecycle('svc');
  for (const step of ['health', 'loadShedding', 'corsPreflight', 'handlerDeadline', 'readBodyToSelect', 'normaliseInput']) {
    assert.not.ok(steps.includes(step), step);
  }
  assert.ok(steps.includes('actionDeadline') && steps.includes('actionMiddleware'), 'an action declares them');
});

test.run();
