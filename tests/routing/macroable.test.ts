import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Macroable } from '../../src/routing/macroable.js';
import { Router } from '../../src/routing/router.js';
import { Application } from '../../src/application.js';
import { LogicException } from '../../src/errors/logic-exception.js';
import { thrown } from '../helpers/plain.js';

class Widget extends Macroable {
  size = 3;
  real(): string {
    return 'real';
  }
}
class Gadget extends Macroable {}

type Dynamic = Record<string, (...args: unknown[]) => unknown>;
const dyn = (value: object) => value as unknown as Dynamic;

const test = suite('Macroable');

test.before.each(() => {
  Widget.flushMacros();
  Gadget.flushMacros();
});

test('macro() adds a method to every instance, with `this` bound to the instance', () => {
  Widget.macro('double', function (this: Widget, n: unknown) {
    return (n as number) * this.size;
  });
  const a = new Widget();
  const b = new Widget();
  b.size = 10;
  assert.is(dyn(a).double!(2), 6);
  assert.is(dyn(b).double!(2), 20);
});

test('hasMacro() reports registered macros only', () => {
  assert.is(Widget.hasMacro('hello'), false);
  Widget.macro('hello', () => 'hi');
  assert.is(Widget.hasMacro('hello'), true);
  assert.is(Widget.hasMacro('real'), false, 'a real method is not a macro');
});

test('flushMacros() removes every macro of the class', () => {
  Widget.macro('one', () => 1);
  Widget.macro('two', () => 2);
  Widget.flushMacros();
  assert.is(Widget.hasMacro('one'), false);
  assert.is(Widget.hasMacro('two'), false);
  assert.is(dyn(new Widget()).one, undefined);
  assert.is('two' in Widget.prototype, false);
});

test('flushMacros() keeps real methods', () => {
  Widget.macro('extra', () => 1);
  Widget.flushMacros();
  assert.is(new Widget().real(), 'real');
});

test('macros are per class', () => {
  Widget.macro('onlyWidget', () => 'w');
  assert.is(Gadget.hasMacro('onlyWidget'), false);
  assert.is(dyn(new Gadget()).onlyWidget, undefined);
  Gadget.flushMacros();
  assert.is(Widget.hasMacro('onlyWidget'), true, 'flushing another class keeps this one');
});

test('registering a macro again replaces it', () => {
  Widget.macro('v', () => 1);
  Widget.macro('v', () => 2);
  assert.is(dyn(new Widget()).v!(), 2);
});

test('a macro cannot replace a real method', () => {
  const error = thrown(() => Widget.macro('real', () => 'fake'));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /real/);
  assert.is(new Widget().real(), 'real');
});

test('a macro cannot shadow an inherited Object method', () => {
  const error = thrown(() => Widget.macro('toString', () => 'fake'));
  assert.instance(error, LogicException);
});

test('macroCall() calls a macro by name with its arguments', () => {
  Widget.macro('sum', function (this: Widget, a: unknown, b: unknown) {
    return (a as number) + (b as number) + this.size;
  });
  assert.is(new Widget().macroCall('sum', 1, 2), 6);
});

test('macroCall() on an unknown name is a clear LogicException', () => {
  const error = thrown(() => new Widget().macroCall('missing'));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /Widget::missing/);
});

test('after flushMacros(), calling the macro is a clear error', () => {
  Widget.macro('gone', () => 1);
  Widget.flushMacros();
  const error = thrown(() => new Widget().macroCall('gone'));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /does not exist/);
});

test('a subclass sees its parent class macros (hasMacro, macroCall)', () => {
  class SubWidget extends Widget {}
  Widget.macro('inherited', () => 'yes');
  assert.is(dyn(new SubWidget()).inherited!(), 'yes');
  assert.is(SubWidget.hasMacro('inherited'), true);
  assert.is(new SubWidget().macroCall('inherited'), 'yes');
});

test.run();

// ---------------------------------------------------------------------------
const router = suite('Router macros and the svc macro');

router.before.each(() => {
  Router.flushMacros();
});

router('flushMacros() removes svc from the router', () => {
  new Application();
  assert.is(Router.hasMacro('svc'), true);
  Router.flushMacros();
  assert.is(Router.hasMacro('svc'), false);
  assert.is(dyn(Router.prototype).svc, undefined);
});

router('new Application() registers the svc macro', () => {
  assert.is(Router.hasMacro('svc'), false);
  const app = new Application();
  assert.is(Router.hasMacro('svc'), true);
  assert.type(app.router.svc, 'function');
});

router('a second application reuses the registered svc macro', () => {
  const first = new Application();
  const second = new Application();
  assert.is(Router.hasMacro('svc'), true);
  assert.is(first.router.svc, second.router.svc);
});

router('router.macroCall("svc") names the missing macro after a flush', () => {
  const app = new Application();
  Router.flushMacros();
  const error = thrown(() => app.router.macroCall('svc', '/x', class {}, ['GET']));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /Router::svc/);
});

router('a user macro on Router gets the router as `this`', () => {
  Router.macro('health', function (this: Router) {
    return this;
  });
  const app = new Application();
  assert.is(dyn(app.router).health!(), app.router);
  assert.is(app.router.macroCall('health'), app.router);
});

router('a macro cannot replace Router.addRoute', () => {
  const error = thrown(() => Router.macro('addRoute', () => null));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /addRoute/);
});

router.run();
