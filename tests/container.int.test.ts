import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles } from '../src/index.js';
import { inject, injectable } from 'inversify';
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

test("a subclass that adds no constructor gets its base class's constructor and property injections", () => {
  const GREETING = Symbol('greeting');
  const PUNCTUATION = Symbol('punctuation');
  @injectable()
  class Greeter {
    @inject(PUNCTUATION) mark!: string;
    constructor(@inject(GREETING) readonly greeting: string) {}
  }
  class LoudGreeter extends Greeter {
    loud = true;
  }
  class LouderGreeter extends LoudGreeter {}
  const container = createContainer();
  container.bind(GREETING).toConstantValue('hello');
  container.bind(PUNCTUATION).toConstantValue('!');
  for (const cls of [LoudGreeter, LouderGreeter]) {
    const made = makeFactory(container, cls)();
    assert.is(made.greeting, 'hello', cls.name);
    assert.is(made.mark, '!', cls.name);
    assert.ok(made.loud, cls.name);
  }
});

test('a subclass that declares its own constructor keeps it, even one without parameters', () => {
  const GREETING = Symbol('greeting');
  const NAME = Symbol('name');
  @injectable()
  class Greeter {
    constructor(@inject(GREETING) readonly greeting: string) {}
  }
  @injectable()
  class NamedGreeter extends Greeter {
    constructor(@inject(NAME) readonly name: string) {
      super('hi');
    }
  }
  @injectable()
  class FixedGreeter extends Greeter {
    constructor() {
      super('hey');
    }
  }
  const container = createContainer(); // GREETING is not bound: neither subclass asks for it
  container.bind(NAME).toConstantValue('Ada');
  const named = makeFactory(container, NamedGreeter)();
  assert.is(named.greeting, 'hi');
  assert.is(named.name, 'Ada');
  assert.is(makeFactory(container, FixedGreeter)().greeting, 'hey');
});

test("a dependency that is itself a subclass without a constructor gets its base class's injections", () => {
  const URL_BASE = Symbol('url base');
  @injectable()
  class Client {
    constructor(@inject(URL_BASE) readonly base: string) {}
  }
  class BillingClient extends Client {}
  @injectable()
  class Invoices {
    constructor(@inject(BillingClient) readonly client: BillingClient) {}
  }
  const container = createContainer();
  container.bind(URL_BASE).toConstantValue('https://billing.test');
  assert.is(makeFactory(container, Invoices)().client.base, 'https://billing.test');
});

test.run();
