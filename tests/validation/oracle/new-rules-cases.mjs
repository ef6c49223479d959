#!/usr/bin/env node
// Oracle cases for the rules added by issue #11 (accepted_if ... uppercase): each rule on a
// grid of JSON values, alone and behind nullable / sometimes / required, the field-reading
// rules on a grid of both fields, and validated() with the exclude rules. Deterministic.
//
// usage: node tests/validation/oracle/new-rules-cases.mjs > /tmp/new-rules.jsonl
//        ORACLE_CASES=/tmp/new-rules.jsonl ../shared/oracle/run.sh .
const out = [];
let n = 0;
const MISSING = Symbol('missing');
const add = (rule, rules, data) => out.push({ id: `new-${String(n++).padStart(5, '0')}`, group: 'new-rules', rule, rules, data });
const input = (value, others = {}) => (value === MISSING ? { ...others } : { ...others, value });

const VALUES = [
  MISSING,
  null,
  '',
  ' ',
  'a',
  'A',
  'abc',
  'ABC',
  'Abc',
  0,
  1,
  '0',
  '1',
  1.5,
  '1.5',
  '1.50',
  '-1.5',
  -1,
  true,
  false,
  'yes',
  'no',
  'on',
  'off',
  'true',
  'false',
  [],
  ['a'],
  ['a', 'b'],
  [1, 2],
  ['1'],
  { a: 1 },
  { a: 1, b: 2 },
  { 0: 'x' },
  '#fff',
  '#FFFFFF',
  '#ffff',
  '#12345',
  '#fff\n',
  'fff',
  '01:23:45:67:89:ab',
  '01-23-45-67-89-AB',
  '0123.4567.89ab',
  '01:23:45-67:89:ab',
  '01:23:45:67:89',
  'UTC',
  'utc',
  'Europe/Paris',
  'America/New_York',
  'Asia/Calcutta',
  'US/Eastern',
  'é',
  'É',
  'ß',
  'İ',
  '123',
  '1234',
  12,
  123,
  1234,
  '12.345',
  10,
  15,
  '15',
  '3',
  3,
  '9',
  9,
  'a1',
  'ａｂ',
  '1e3',
  ' 2 ',
  '100',
  100,
  1e21,
  0.30000000000000004,
  '\n',
  'abc\n',
  'a\tb',
  '\u0010',
  '12.',
  '.5',
  '+1.25',
  4.5,
  '4.50',
  '0.0',
  6,
  '6',
  7.5,
  '-9',
];
const SINGLE = [
  'ascii',
  'lowercase',
  'uppercase',
  'hex_color',
  'mac_address',
  'timezone',
  'timezone:Europe',
  'timezone:all_with_bc',
  'timezone:UTC',
  'doesnt_start_with:a,b',
  'doesnt_end_with:c,1',
  'max_digits:3',
  'min_digits:2',
  'decimal:2',
  'decimal:0,2',
  'decimal:1',
  'numeric|decimal:0',
  'multiple_of:3',
  'multiple_of:0.5',
  'multiple_of:0',
  'multiple_of:x',
  'integer|multiple_of:5',
  'contains:a',
  'contains:a,b',
  'contains:1',
  'required_array_keys:a',
  'required_array_keys:a,b',
  'required_array_keys:0',
  'missing',
  'prohibited',
  'exclude',
  'gt:5',
  'lt:5',
  'gte:1.5',
  'lte:3',
  'numeric|gt:5',
  'array|lt:2',
  'string|gte:3',
];
for (const rule of SINGLE) {
  for (const prefix of ['', 'nullable|', 'sometimes|', 'required|']) {
    for (const value of VALUES) add(rule.split('|').pop().split(':')[0], { value: prefix + rule }, input(value));
  }
}

const OTHERS = [MISSING, null, '', 'a', 'b', 1, '1', 0, '0', true, false, 'yes', 'no', 'on', ['a'], 5, '5', 'abc', 3.5];
const SMALL = [MISSING, null, '', ' ', 'a', 'b', 1, '1', 0, '0', true, false, 'yes', 'no', ['a'], [], 5, '5', 'abc', 'abcdef', 7, '2.5'];
const CROSS = [
  'accepted_if:other,a',
  'declined_if:other,a',
  'accepted_if:other,true',
  'missing_if:other,a',
  'missing_unless:other,a',
  'missing_with:other',
  'missing_with_all:other,third',
  'present_if:other,a',
  'present_unless:other,a',
  'present_with:other',
  'present_with_all:other,third',
  'prohibited_if:other,a',
  'prohibited_unless:other,a',
  'prohibited_if_accepted:other',
  'prohibited_if_declined:other',
  'prohibits:other',
  'required_if_accepted:other',
  'required_if_declined:other',
  'exclude_if:other,a',
  'exclude_unless:other,a',
  'exclude_with:other',
  'exclude_without:other',
  'gt:other',
  'gte:other',
  'lt:other',
  'lte:other',
  'numeric|gt:other',
  'integer|lte:other',
  'array|gt:other',
  'in_array:other',
  'exclude_if:other,a|string',
  'string|exclude_unless:other,b',
  'prohibited_if:other,null',
  'missing_if:other,true',
];
for (const rule of CROSS) {
  for (const other of OTHERS) {
    for (const value of SMALL) {
      const others = other === MISSING ? {} : { other };
      if (rule.includes('third')) others.third = 'x';
      add(
        rule
          .split('|')
          .find((r) => !['string', 'numeric', 'integer', 'array'].includes(r))
          .split(':')[0],
        { value: rule },
        input(value, others),
      );
    }
  }
}
// in_array against a list, and validated() with exclusions.
const LISTS = [['a', 'b'], [1, 2], ['1'], [true], [], [null], [['a']], { x: 'a' }, [{ k: 'a' }], ['0']];
for (const list of LISTS) for (const value of SMALL) add('in_array', { value: 'in_array:list.*' }, input(value, { list }));
for (const list of LISTS) for (const value of SMALL) add('in_array', { value: 'in_array:list.*.k' }, input(value, { list }));
const SHAPES = [
  [{ items: 'array', 'items.*.name': 'string', 'items.*.secret': 'exclude' }, { items: [{ name: 'a', secret: 's' }, { name: 'b' }] }],
  [{ user: 'array:name,secret', 'user.secret': 'exclude' }, { user: { name: 'a', secret: 's' } }],
  [
    { user: 'array:name,role', 'user.role': 'exclude_unless:admin,1' },
    { user: { name: 'a', role: 'x' }, admin: 0 },
  ],
  [
    { user: 'array:name,role', 'user.role': 'exclude_unless:admin,1', admin: 'integer' },
    { user: { name: 'a', role: 'x' }, admin: 1 },
  ],
  [
    { 'items.*.name': 'exclude_if:items.*.skip,1|required', 'items.*.skip': 'integer' },
    { items: [{ skip: 1 }, { name: 'n', skip: 0 }, {}] },
  ],
  [{ items: 'exclude', 'items.*': 'integer' }, { items: [1, 'x'] }],
  [
    { a: 'exclude_with:b|integer', b: 'string' },
    { a: 'x', b: 'y' },
  ],
  [{ a: 'exclude_without:b|integer', b: 'string' }, { a: 'x' }],
  [
    { a: 'integer|exclude_if:b,1', b: 'integer' },
    { a: 'x', b: 1 },
  ],
  [{ a: 'sometimes|exclude_if:b,1|integer', b: 'integer' }, { b: 1 }],
];
for (const [rules, data] of SHAPES) add('exclude', rules, data);

for (const c of out) process.stdout.write(JSON.stringify(c) + '\n');
process.stderr.write(`new-rules: ${out.length} cases\n`);
