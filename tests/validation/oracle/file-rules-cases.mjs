#!/usr/bin/env node
// Oracle cases for the file rules (file, image, mimes, mimetypes, extensions, dimensions) on what
// a JSON body can carry: no value is an uploaded file, so each must fail as Laravel's
// isValidFileInstance makes it fail, alone and behind nullable / sometimes / required / bail.
// (Real uploads are compared in tests/validation/rules/files.test.ts, whose expected answers are
// Laravel's on the same bytes.) Deterministic.
//
// usage: node tests/validation/oracle/file-rules-cases.mjs > /tmp/file-rules.jsonl
//        ORACLE_CASES=/tmp/file-rules.jsonl ../shared/oracle/run.sh .
const out = [];
let n = 0;
const MISSING = Symbol('missing');
const add = (rule, rules, data) => out.push({ id: `file-${String(n++).padStart(5, '0')}`, group: 'file-rules', rule, rules, data });
const input = (value, others = {}) => (value === MISSING ? { ...others } : { ...others, value });

const VALUES = [
  MISSING,
  null,
  '',
  ' ',
  'a',
  'ABC',
  'photo.png',
  'a.php',
  3,
  0,
  1.5,
  '1',
  true,
  false,
  [],
  ['a'],
  [1, 2],
  { a: 1 },
  { 0: 'x' },
  '#fff',
  'UTC',
  'x'.repeat(300),
  'image/png',
  'data:image/png;base64,iVBORw0KGgo=',
];
const RULES = [
  'file',
  'image',
  'mimes:png',
  'mimes:jpg,jpeg,png',
  'mimes:txt,csv',
  'mimetypes:image/png',
  'mimetypes:image/*,text/plain',
  'extensions:png',
  'extensions:pdf,PDF',
  'dimensions:min_width=1',
  'dimensions:width=10,height=20',
  'dimensions:ratio=3/2',
  'file|max:1',
  'image|mimes:png|max:2048',
  'file|extensions:txt|between:1,2',
];
for (const rule of RULES) {
  for (const prefix of ['', 'nullable|', 'sometimes|', 'required|', 'bail|']) {
    for (const value of VALUES) add(rule.split('|')[0].split(':')[0], { value: prefix + rule }, input(value));
  }
}
// Under a wildcard and nested.
for (const value of [['a', 'b'], [1], [null], [[]], { x: 'a' }]) add('image', { 'photos.*': 'image' }, { photos: value });
for (const value of ['a', null, 1]) add('mimes', { 'doc.file': 'required|mimes:pdf' }, { doc: { file: value } });

for (const c of out) process.stdout.write(JSON.stringify(c) + '\n');
process.stderr.write(`file-rules: ${out.length} cases\n`);
