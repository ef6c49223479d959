import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles, inject } from '../src/index.js';
import { makeFactory } from '../src/container.js';
import { createContainer } from '../src/container.js';

const CLOCK = Symbol('clock');
interface Clock {
  now(): number;
}

class StampedRequest extends FormRequest {
  @inject(CLOCK) clock!: Clock;
  override rules() {
    return {};
  }
}

class Stamp extends Action {
  @handles()
  handle(request: StampedRequest) {
    return { at: request.clock.now() };
  }
}
class Controller extends ActionController {
  actions = { stamp: Stamp };
}

const test = suite('container: building classes');

test('a class with Inversify property injection is built through the container (not with new)', () => {
  const container = createContainer();
  container.bind<Clock>(CLOCK).toConstantValue({ now: () => 42 });
  const make = makeFactory(container, StampedRequest);
  assert.is(make().clock?.now(), 42);
});

test('a form request with @inject on a property gets its dependency in the handler', async () => {
  const app = new Application().withRouting({ api: (router) => void router.svc('/c', Controller, ['GET']) });
  app.container.bind<Clock>(CLOCK).toConstantValue({ now: () => 7 });
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/c?action=stamp`);
    assert.is(response.status, 200);
    assert.equal(await response.json(), { at: 7 });
  } finally {
    await app.close();
  }
});

test('a class with nothing to inject is still built with new (the fast path)', () => {
  class Plain {
    made = true;
  }
  const container = createContainer();
  assert.ok(makeFactory(container, Plain)().made);
});

test.run();
