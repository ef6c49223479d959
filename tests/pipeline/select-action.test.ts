/**
 * SPEC selection rules 1-8 and 11, table-driven, against `selectAction`
 * directly, for every `action_source`. Each case is run against four action
 * tables: no reserved action, only `/`, only `*`, and both.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { selectAction } from '../../src/pipeline/select-action.js';
import type { ActionPlan, ActionTable } from '../../src/routing/action-table.js';
import { NO_POLICY } from '../../src/routing/action-policy.js';
import { toResponse } from '../../src/http/response.js';
import type { Action } from '../../src/action.js';
import type { ActionSource } from '../../src/config.js';
import { NotFoundError } from '../../src/errors/http-error.js';
import { parseUrlEncoded } from '../../src/http/query.js';
import { parseJsonObject } from '../../src/http/body.js';
import type { InputBag } from '../../src/http/own.js';

// --- tables, built as buildActionTable builds them ---------------------------

const NAMES = ['status', 'echo', 'a', 'b', 'user.create', 'user-delete', 'v1.users-list'];

function plan(name: string): ActionPlan {
  return {
    name,
    action: {} as Action,
    methods: new Set(['GET', 'HEAD']),
    allow: 'GET, HEAD',
    precognition: false,
    form: undefined,
    readsBody: false,
    policy: NO_POLICY,
    respond: toResponse,
  };
}

type TableKind = 'none' | 'default' | 'fallback' | 'both';
const TABLE_KINDS: TableKind[] = ['none', 'default', 'fallback', 'both'];

function makeTable(kind: TableKind): ActionTable {
  const byName = new Map<string, ActionPlan>();
  for (const name of NAMES) byName.set(name, plan(name));
  const defaultAction = kind === 'default' || kind === 'both' ? plan('/') : undefined;
  const fallbackAction = kind === 'fallback' || kind === 'both' ? plan('*') : undefined;
  if (fallbackAction) byName.set('*', fallbackAction);
  return { byName, defaultAction, fallbackAction };
}

const TABLES: Record<TableKind, ActionTable> = {
  none: makeTable('none'),
  default: makeTable('default'),
  fallback: makeTable('fallback'),
  both: makeTable('both'),
};

/** Expected outcome per table kind: [none, default-only, fallback-only, both]. */
type Outcome = string | 404;
type Expect = readonly [Outcome, Outcome, Outcome, Outcome];
const NAME = (name: string): Expect => [name, name, name, name];
/** Key present, value not selectable: `*` when registered, else 404 (rules 1, 5). */
const INVALID: Expect = [404, 404, '*', '*'];
/** Key absent: `/`, then `*`, then 404 (rules 4, 6). */
const ABSENT: Expect = [404, '/', '*', '/'];

function check(kind: TableKind, key: string, source: ActionSource, query: InputBag, body: InputBag, expected: Outcome, label: string) {
  const table = TABLES[kind];
  const where = `${label} [source=${source}, table=${kind}]`;
  if (expected === 404) {
    let error: unknown;
    let selected: ActionPlan | undefined;
    try {
      selected = selectAction(table, key, source, query, body);
    } catch (e) {
      error = e;
    }
    assert.is(selected?.name, undefined, `${where}: expected 404, selected ${JSON.stringify(selected?.name)}`);
    assert.instance(error, NotFoundError, `${where}: expected a NotFoundError`);
    assert.is((error as NotFoundError).status, 404, where);
    assert.ok((error as NotFoundError).message.length > 0, `${where}: a 404 has a message`);
    return;
  }
  let selected: ActionPlan;
  try {
    selected = selectAction(table, key, source, query, body);
  } catch (e) {
    assert.unreachable(`${where}: expected "${expected}", threw ${String(e)}`);
    return;
  }
  assert.is(selected.name, expected, where);
  const same = expected === '/' ? table.defaultAction : expected === '*' ? table.fallbackAction : table.byName.get(expected);
  assert.ok(selected === same, `${where}: not the table's own plan object`);
}

// --- value cases: the key is given one value, in the configured source --------

interface ValueCase {
  rule: string;
  title: string;
  value: unknown;
  expect: Expect;
  key?: string;
}

const obj = (entries: Record<string, unknown>): InputBag => Object.assign(Object.create(null), entries);

const VALUE_CASES: ValueCase[] = [
  // rule 1: the value must be a string
  { rule: 'rule 1', title: 'a list holding a registered name is not a string', value: ['status'], expect: INVALID },
  { rule: 'rule 1', title: 'a nested list is not a string', value: [['status']], expect: INVALID },
  { rule: 'rule 1', title: 'an object is not a string', value: { status: 'status' }, expect: INVALID },
  { rule: 'rule 1', title: 'a number is not a string', value: 1, expect: INVALID },
  { rule: 'rule 1', title: 'a boolean is not a string', value: true, expect: INVALID },
  { rule: 'rule 1', title: 'an unknown name is 404 unless * is registered', value: 'missing', expect: INVALID },
  // rule 2: exact match only
  { rule: 'rule 2', title: 'an exact registered name', value: 'status', expect: NAME('status') },
  { rule: 'rule 2', title: 'another exact registered name', value: 'echo', expect: NAME('echo') },
  { rule: 'rule 2', title: 'a name with a dot', value: 'user.create', expect: NAME('user.create') },
  { rule: 'rule 2', title: 'a name with a hyphen', value: 'user-delete', expect: NAME('user-delete') },
  { rule: 'rule 2', title: 'a name with dots and hyphens', value: 'v1.users-list', expect: NAME('v1.users-list') },
  { rule: 'rule 2', title: 'case-sensitive: "Status"', value: 'Status', expect: INVALID },
  { rule: 'rule 2', title: 'case-sensitive: "STATUS"', value: 'STATUS', expect: INVALID },
  { rule: 'rule 2', title: 'no trimming: leading space', value: ' status', expect: INVALID },
  { rule: 'rule 2', title: 'no trimming: trailing space', value: 'status ', expect: INVALID },
  { rule: 'rule 2', title: 'no trimming: trailing newline', value: 'status\n', expect: INVALID },
  { rule: 'rule 2', title: 'no trimming: leading tab', value: '\tstatus', expect: INVALID },
  { rule: 'rule 2', title: 'a trailing NUL is not ignored', value: 'status\u0000', expect: INVALID },
  { rule: 'rule 2', title: 'a prefix of a name', value: 'stat', expect: INVALID },
  { rule: 'rule 2', title: 'a name plus a suffix', value: 'statuses', expect: INVALID },
  { rule: 'rule 2', title: 'a look-alike letter (Cyrillic s)', value: '\u0455tatus', expect: INVALID },
  { rule: 'rule 2', title: 'the part before a dot', value: 'user', expect: INVALID },
  { rule: 'rule 2', title: 'a trailing dot', value: 'user.create.', expect: INVALID },
  { rule: 'rule 2', title: 'dot and hyphen are not interchangeable', value: 'user-create', expect: INVALID },
  { rule: 'rule 2', title: 'underscore is not a dot', value: 'user_create', expect: INVALID },
  { rule: 'rule 2', title: '"toString" is not registered', value: 'toString', expect: INVALID },
  { rule: 'rule 2', title: '"__proto__" is not registered', value: '__proto__', expect: INVALID },
  { rule: 'rule 2', title: '"constructor" is not registered', value: 'constructor', expect: INVALID },
  { rule: 'rule 2', title: '"hasOwnProperty" is not registered', value: 'hasOwnProperty', expect: INVALID },
  { rule: 'rule 2', title: '"valueOf" is not registered', value: 'valueOf', expect: INVALID },
  { rule: 'rule 2', title: '"__defineGetter__" is not registered', value: '__defineGetter__', expect: INVALID },
  // rule 4: "/" is never selected by a value
  { rule: 'rule 4', title: 'the value "/" never selects the default action', value: '/', expect: INVALID },
  { rule: 'rule 4', title: 'the value "//" is not "/"', value: '//', expect: INVALID },
  { rule: 'rule 4', title: 'a list holding "/" never selects the default', value: ['/'], expect: INVALID },
  // rule 5: * for any present but invalid value
  { rule: 'rule 5', title: 'the empty string', value: '', expect: INVALID },
  { rule: 'rule 5', title: 'null', value: null, expect: INVALID },
  { rule: 'rule 5', title: 'the string "/"', value: '/', expect: INVALID },
  { rule: 'rule 5', title: 'an empty list', value: [], expect: INVALID },
  { rule: 'rule 5', title: 'an empty object', value: {}, expect: INVALID },
  { rule: 'rule 5', title: 'a prototype-less object', value: obj({ a: '1' }), expect: INVALID },
  { rule: 'rule 5', title: 'the number 0', value: 0, expect: INVALID },
  { rule: 'rule 5', title: 'false', value: false, expect: INVALID },
  { rule: 'rule 5', title: 'an unregistered name', value: 'nope', expect: INVALID },
  // rule 7: an exact name over reserved names
  { rule: 'rule 7', title: 'a registered name wins over / and *', value: 'a', expect: NAME('a') },
  { rule: 'rule 7', title: 'the value "*" gives the fallback, or 404 without one', value: '*', expect: INVALID },
  // rule 11: a custom action_key
  { rule: 'rule 11', title: 'key "operation" reads "operation"', key: 'operation', value: 'status', expect: NAME('status') },
  { rule: 'rule 11', title: 'key "operation" with an unknown value', key: 'operation', value: 'nope', expect: INVALID },
  { rule: 'rule 11', title: 'key "_x" reads "_x"', key: '_x', value: 'b', expect: NAME('b') },
];

/** Where the one value is placed, per source; `both` is tried with the value in the query and in the body. */
const PLACEMENTS: { source: ActionSource; where: 'query' | 'body' }[] = [
  { source: 'query', where: 'query' },
  { source: 'body', where: 'body' },
  { source: 'both', where: 'query' },
  { source: 'both', where: 'body' },
];

const values = suite('selectAction: one value in the configured source (rules 1, 2, 4, 5, 7, 11)');
for (const c of VALUE_CASES) {
  for (const { source, where } of PLACEMENTS) {
    const key = c.key ?? 'action';
    const name = `${c.rule}: ${c.title} (${JSON.stringify(c.value)}) [source=${source}, value in ${where}]`;
    values(name, () => {
      const bag = obj({ [key]: c.value, other: 'status' });
      const query = where === 'query' ? bag : obj({ other: 'x' });
      const body = where === 'body' ? bag : obj({});
      TABLE_KINDS.forEach((kind, i) => {
        check(kind, key, source, query, body, c.expect[i]!, name);
      });
    });
  }
}
values.run();

// --- absence cases (rules 4, 6): the key is not in the configured source ------

interface AbsentCase {
  rule: string;
  title: string;
  key?: string;
  query: InputBag;
  body: InputBag;
}

const ABSENT_CASES: AbsentCase[] = [
  { rule: 'rule 6', title: 'no input at all', query: obj({}), body: obj({}) },
  { rule: 'rule 6', title: 'other names only', query: obj({ other: 'status' }), body: obj({ other: 'echo' }) },
  { rule: 'rule 6', title: 'a name differing in case ("Action")', query: obj({ Action: 'status' }), body: obj({ ACTION: 'status' }) },
  { rule: 'rule 6', title: 'a longer name ("actions")', query: obj({ actions: 'status' }), body: obj({ action_: 'status' }) },
  { rule: 'rule 6', title: 'plain objects: inherited "constructor" is not presence', key: 'constructor', query: {}, body: {} },
  { rule: 'rule 6', title: 'plain objects: inherited "toString" is not presence', key: 'toString', query: {}, body: {} },
  {
    rule: 'rule 11',
    title: 'key "operation": an "action" value is not the key',
    key: 'operation',
    query: obj({ action: 'status' }),
    body: obj({ action: 'echo' }),
  },
];

const absent = suite('selectAction: key absent -> "/" then "*" then 404 (rules 4, 6)');
for (const c of ABSENT_CASES) {
  for (const source of ['query', 'body', 'both'] as const) {
    const name = `${c.rule}: ${c.title} [source=${source}]`;
    absent(name, () => {
      TABLE_KINDS.forEach((kind, i) => {
        check(kind, c.key ?? 'action', source, c.query, c.body, ABSENT[i]!, name);
      });
    });
  }
}
absent.run();

// --- query and body both given: which one is read (rules 3, 8) ----------------

interface SourceCase {
  rule: string;
  title: string;
  query: InputBag;
  body: InputBag;
  expect: Record<ActionSource, Expect>;
}

const SOURCE_CASES: SourceCase[] = [
  {
    rule: 'rule 3 (worked example)',
    title: 'query action=a, JSON body action=b: a under query, b under body and both',
    query: obj({ action: 'a' }),
    body: parseJsonObject('{"action":"b"}'),
    expect: { query: NAME('a'), body: NAME('b'), both: NAME('b') },
  },
  {
    rule: 'rule 3',
    title: 'under both, a JSON body value overrides the query value',
    query: parseUrlEncoded('action=status'),
    body: parseJsonObject('{"action":"echo"}'),
    expect: { query: NAME('status'), body: NAME('echo'), both: NAME('echo') },
  },
  {
    rule: 'rule 3',
    title: 'under both, a form body value overrides the query value',
    query: parseUrlEncoded('action=status'),
    body: parseUrlEncoded('action=user.create'),
    expect: { query: NAME('status'), body: NAME('user.create'), both: NAME('user.create') },
  },
  {
    rule: 'rule 3',
    title: 'under both, a null body value overrides a valid query value',
    query: obj({ action: 'status' }),
    body: parseJsonObject('{"action":null}'),
    expect: { query: NAME('status'), body: INVALID, both: INVALID },
  },
  {
    rule: 'rule 3',
    title: 'under both, an empty body value overrides a valid query value',
    query: obj({ action: 'status' }),
    body: obj({ action: '' }),
    expect: { query: NAME('status'), body: INVALID, both: INVALID },
  },
  {
    rule: 'rule 3',
    title: 'under both, a valid body value overrides an invalid query value',
    query: parseUrlEncoded('action[]=status'),
    body: obj({ action: 'echo' }),
    expect: { query: INVALID, body: NAME('echo'), both: NAME('echo') },
  },
  {
    rule: 'rule 3',
    title: 'under both, the query value is used when the body lacks the key',
    query: obj({ action: 'echo' }),
    body: parseJsonObject('{"message":"hi"}'),
    expect: { query: NAME('echo'), body: ABSENT, both: NAME('echo') },
  },
  {
    rule: 'rule 8',
    title: 'under query, a value only in the body does not make the key present',
    query: obj({}),
    body: parseJsonObject('{"action":"echo"}'),
    expect: { query: ABSENT, body: NAME('echo'), both: NAME('echo') },
  },
  {
    rule: 'rule 8',
    title: 'under query, an invalid value only in the body still gives "/" (not "*")',
    query: obj({}),
    body: obj({ action: '' }),
    expect: { query: ABSENT, body: INVALID, both: INVALID },
  },
  {
    rule: 'rule 8',
    title: 'under body, a value only in the query does not make the key present',
    query: parseUrlEncoded('action=echo'),
    body: obj({}),
    expect: { query: NAME('echo'), body: ABSENT, both: NAME('echo') },
  },
  {
    rule: 'rule 8',
    title: 'under body, an invalid value only in the query still gives "/"',
    query: parseUrlEncoded('action='),
    body: obj({}),
    expect: { query: INVALID, body: ABSENT, both: INVALID },
  },
  {
    rule: 'rule 4',
    title: 'a "/" in one place and a name in the other',
    query: obj({ action: '/' }),
    body: obj({ action: 'status' }),
    expect: { query: INVALID, body: NAME('status'), both: NAME('status') },
  },
];

const sources = suite('selectAction: query versus body (rules 3, 8)');
for (const c of SOURCE_CASES) {
  for (const source of ['query', 'body', 'both'] as const) {
    const name = `${c.rule}: ${c.title} [source=${source}]`;
    sources(name, () => {
      TABLE_KINDS.forEach((kind, i) => {
        check(kind, 'action', source, c.query, c.body, c.expect[source][i]!, name);
      });
    });
  }
}
sources.run();

// --- values as the parsers produce them ---------------------------------------

const parsed = suite('selectAction: values produced by the query and body parsers');

const QUERY_TEXTS: [string, Expect][] = [
  ['action=status', NAME('status')],
  ['action=user.create', NAME('user.create')],
  ['action=user%2Ddelete', NAME('user-delete')],
  ['action[]=echo', INVALID],
  ['action[x]=echo', INVALID],
  ['action=status&action=status', INVALID],
  ['action=', INVALID],
  ['action', INVALID],
  ['action=%2F', INVALID],
  ['action=+status', INVALID],
  ['action=toString', INVALID],
  ['', ABSENT],
  ['other=status', ABSENT],
  ['__proto__[action]=status', ABSENT],
];
for (const [text, expect] of QUERY_TEXTS) {
  for (const source of ['query', 'both'] as const) {
    const name = `query string "${text}" [source=${source}]`;
    parsed(name, () => {
      const query = parseUrlEncoded(text);
      TABLE_KINDS.forEach((kind, i) => {
        check(kind, 'action', source, query, obj({}), expect[i]!, name);
      });
    });
  }
}

const JSON_TEXTS: [string, Expect][] = [
  ['{"action":"echo"}', NAME('echo')],
  ['{"action":"v1.users-list"}', NAME('v1.users-list')],
  ['{"action":null}', INVALID],
  ['{"action":1}', INVALID],
  ['{"action":["echo"]}', INVALID],
  ['{"action":{"name":"echo"}}', INVALID],
  ['{"action":"/"}', INVALID],
  ['{"action":""}', INVALID],
  ['{"\\u0061ction":"echo"}', NAME('echo')],
  ['{"action":"a","action":"b"}', NAME('b')],
  ['{}', ABSENT],
  ['{"__proto__":{"action":"echo"}}', ABSENT],
];
for (const [text, expect] of JSON_TEXTS) {
  for (const source of ['body', 'both'] as const) {
    const name = `JSON body ${text} [source=${source}]`;
    parsed(name, () => {
      const body = parseJsonObject(text);
      TABLE_KINDS.forEach((kind, i) => {
        check(kind, 'action', source, obj({}), body, expect[i]!, name);
      });
    });
  }
}

parsed('a query-only value with source=body is ignored even when JSON also has unrelated keys', () => {
  const query = parseUrlEncoded('action=status');
  const body = parseJsonObject('{"message":"hi"}');
  TABLE_KINDS.forEach((kind, i) => {
    check(kind, 'action', 'body', query, body, ABSENT[i]!, 'body ignores query');
  });
});

parsed.run();
