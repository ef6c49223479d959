import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveConfig, type SwitchyardOptions } from '../src/config.js';
import { LogicException } from '../src/errors/logic-exception.js';
import { Application } from '../src/application.js';
import { Router } from '../src/routing/router.js';
import { thrown } from './helpers/plain.js';

/** Bypasses the option types, as plain JavaScript or a JSON config file would. */
const raw = (options: Record<string, unknown>) => options as SwitchyardOptions;

// ---------------------------------------------------------------------------
const defaults = suite('resolveConfig: defaults');

defaults('action_key defaults to "action"', () => {
  assert.is(resolveConfig().action_key, 'action');
  assert.is(resolveConfig({}).action_key, 'action');
});

defaults('action_source defaults to "query"', () => {
  assert.is(resolveConfig().action_source, 'query');
});

defaults('body_limit defaults to 1 MiB and api_prefix to /api', () => {
  const config = resolveConfig();
  assert.is(config.body_limit, 1024 * 1024);
  assert.is(config.api_prefix, '/api');
  assert.type(config.report, 'function');
});

defaults('undefined values take the default', () => {
  const config = resolveConfig({ action_key: undefined, action_source: undefined });
  assert.is(config.action_key, 'action');
  assert.is(config.action_source, 'query');
});

defaults('the resolved configuration is frozen', () => {
  const config = resolveConfig();
  assert.ok(Object.isFrozen(config));
});

defaults('the application exposes the resolved configuration', () => {
  Router.flushMacros();
  const app = new Application({ action_key: 'operation', action_source: 'both' });
  assert.is(app.config.action_key, 'operation');
  assert.is(app.config.action_source, 'both');
});

defaults.run();

// ---------------------------------------------------------------------------
const keys = suite('resolveConfig: action_key');

for (const key of ['action', 'operation', '_x', 'a1', 'A', '_', '__', 'action_id', 'Op2_b', 'x'.repeat(100)]) {
  keys(`valid key ${JSON.stringify(key)} is accepted`, () => {
    assert.is(resolveConfig({ action_key: key }).action_key, key);
  });
}

const BAD_KEYS: [string, unknown][] = [
  ['contains a dot', 'a.b'],
  ['ends in brackets', 'action[]'],
  ['contains brackets', 'action[x]'],
  ['starts with a digit', '1action'],
  ['is a digit', '9'],
  ['is empty', ''],
  ['has a hyphen', 'my-action'],
  ['has a space', 'my action'],
  ['has a leading space', ' action'],
  ['has a trailing newline', 'action\n'],
  ['has a non-ASCII letter', 'acción'],
  ['is a non-ASCII letter', 'é'],
  ['has a full-width letter', 'ａction'],
  ['has a dollar sign', '$action'],
  ['has a slash', 'a/b'],
];

for (const [why, value] of BAD_KEYS) {
  keys(`action_key that ${why} (${JSON.stringify(value)}) is a LogicException naming key and value`, () => {
    const error = thrown(() => resolveConfig(raw({ action_key: value })));
    assert.instance(error, LogicException);
    const message = (error as Error).message;
    assert.ok(message.includes('action_key'), `message names action_key: ${message}`);
    assert.ok(message.includes(JSON.stringify(value)), `message names the value: ${message}`);
    assert.is((error as Error).name, 'LogicException');
  });
}

const NON_STRINGS: [string, unknown, string][] = [
  ['a number', 123, '123'],
  ['a boolean', true, 'true'],
  ['an array', ['action'], 'action'],
  ['an object', { key: 'action' }, 'action'],
  ['a BigInt', BigInt(7), '7'],
];
for (const [why, value, shown] of NON_STRINGS) {
  keys(`action_key that is ${why} is a LogicException naming action_key`, () => {
    const error = thrown(() => resolveConfig(raw({ action_key: value })));
    assert.instance(error, LogicException);
    const message = (error as Error).message;
    assert.ok(message.includes('action_key'), `message names action_key: ${message}`);
    assert.ok(message.includes(shown), `message shows the value: ${message}`);
  });
}

keys.run();

// ---------------------------------------------------------------------------
const sources = suite('resolveConfig: action_source');

for (const source of ['query', 'body', 'both'] as const) {
  sources(`"${source}" is accepted`, () => {
    assert.is(resolveConfig({ action_source: source }).action_source, source);
  });
}

for (const value of ['QUERY', 'Body', 'header', 'cookie', 'input', '', ' query', 'query ', 'query,body']) {
  sources(`action_source ${JSON.stringify(value)} is a LogicException naming it`, () => {
    const error = thrown(() => resolveConfig(raw({ action_source: value })));
    assert.instance(error, LogicException);
    const message = (error as Error).message;
    assert.ok(message.includes('action_source'), `message names action_source: ${message}`);
    assert.ok(message.includes(JSON.stringify(value)), `message names the value: ${message}`);
  });
}

for (const value of [1, true, ['query'], { source: 'query' }]) {
  sources(`a non-string action_source (${JSON.stringify(value)}) is a LogicException`, () => {
    const error = thrown(() => resolveConfig(raw({ action_source: value })));
    assert.instance(error, LogicException);
    assert.ok((error as Error).message.includes('action_source'));
  });
}

sources.run();

// ---------------------------------------------------------------------------
const others = suite('resolveConfig: other keys');

others('body_limit accepts whole numbers of bytes', () => {
  assert.is(resolveConfig({ body_limit: 0 }).body_limit, 0);
  assert.is(resolveConfig({ body_limit: 1024 }).body_limit, 1024);
});

for (const value of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1024']) {
  others(`body_limit ${String(value)} is a LogicException naming body_limit`, () => {
    const error = thrown(() => resolveConfig(raw({ body_limit: value })));
    assert.instance(error, LogicException);
    assert.ok((error as Error).message.includes('body_limit'));
  });
}

others('api_prefix: a trailing slash is removed, empty is allowed', () => {
  assert.is(resolveConfig({ api_prefix: '/v1/' }).api_prefix, '/v1');
  assert.is(resolveConfig({ api_prefix: '' }).api_prefix, '');
});

others('api_prefix without a leading slash is a LogicException', () => {
  const error = thrown(() => resolveConfig({ api_prefix: 'api' }));
  assert.instance(error, LogicException);
  assert.ok((error as Error).message.includes('api_prefix'));
});

others('a custom reporter is kept', () => {
  const report = () => {};
  assert.is(resolveConfig({ report }).report, report);
});

others.run();

// ---------------------------------------------------------------------------
const boot = suite('new Application(): invalid configuration fails at boot');

boot.before.each(() => {
  Router.flushMacros();
});

boot('a bad action_key is thrown by the constructor', () => {
  const error = thrown(() => new Application({ action_key: 'a.b' }));
  assert.instance(error, LogicException);
  assert.ok((error as Error).message.includes('action_key'));
  assert.ok((error as Error).message.includes('"a.b"'));
});

boot('a bad action_key in brackets is thrown by the constructor', () => {
  const error = thrown(() => new Application({ action_key: 'action[]' }));
  assert.instance(error, LogicException);
  assert.ok((error as Error).message.includes('"action[]"'));
});

boot('a key starting with a digit is thrown by the constructor', () => {
  const error = thrown(() => new Application({ action_key: '1st' }));
  assert.instance(error, LogicException);
});

boot('a bad action_source is thrown by the constructor', () => {
  const error = thrown(() => new Application(raw({ action_source: 'header' })));
  assert.instance(error, LogicException);
  assert.ok((error as Error).message.includes('action_source'));
  assert.ok((error as Error).message.includes('"header"'));
});

boot('valid options construct an application', () => {
  const app = new Application({ action_key: '_x', action_source: 'body' });
  assert.is(app.config.action_key, '_x');
});

boot.run();

// ---------------------------------------------------------------------------
const unknown = suite('resolveConfig: unknown keys');

unknown('a camelCase spelling of a known key is refused, naming the key it means', () => {
  const error = thrown(() => new Application(raw({ bodyLimit: 10 })));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /Unknown option "bodyLimit"/);
  assert.match((error as Error).message, /did you mean "body_limit"\?/);
});

unknown('a misspelt key is refused, naming the closest known key', () => {
  const error = thrown(() => resolveConfig(raw({ max_wildcard_item: 5 })));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /"max_wildcard_item".*"max_wildcard_items"/);
});

unknown('a key like no known one is refused without a guess', () => {
  const error = thrown(() => resolveConfig(raw({ zzzzzzzzzzzz: 1 })));
  assert.instance(error, LogicException);
  assert.match((error as Error).message, /Unknown option "zzzzzzzzzzzz"/);
  assert.not.match((error as Error).message, /did you mean/);
});

unknown('a key whose value is undefined is still checked; every known key is accepted', () => {
  assert.instance(
    thrown(() => resolveConfig(raw({ healthcheck: undefined }))),
    LogicException,
  );
  const every = Object.fromEntries(
    Object.keys(resolveConfig())
      .filter((k) => k !== 'trusted_proxies')
      .map((k) => [k, undefined]),
  );
  assert.is(resolveConfig(raw(every)).body_limit, 1024 * 1024);
});

unknown('the derived trusted_proxies is not an option', () => {
  assert.instance(
    thrown(() => resolveConfig(raw({ trusted_proxies: [] }))),
    LogicException,
  );
});

unknown.run();
