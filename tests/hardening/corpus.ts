/**
 * The bad-input corpus: hand-written hostile requests plus generated ones
 * (seeded, so a failure can be replayed), as raw HTTP/1.1 bytes.
 */

import { seededRandom } from '../helpers/seeded-random.js';

export interface CorpusCase {
  name: string;
  bytes: Buffer;
  /** An upload the client abandons: the server may close without an answer (but must not crash). */
  abandoned?: boolean;
}

/** A complete request with `Connection: close` and a correct Content-Length unless `headers` says otherwise. */
export function httpRequest(method: string, target: string, headers: Record<string, string> = {}, body: Buffer | string = ''): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = [`${method} ${target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close'];
  const names = Object.keys(headers).map((h) => h.toLowerCase());
  if (payload.length > 0 && !names.includes('content-length') && !names.includes('transfer-encoding')) {
    lines.push(`content-length: ${payload.length}`);
  }
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1'), payload]);
}

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };
const PATH = '/api/corpus';

function handWritten(): CorpusCase[] {
  const cases: [string, Buffer][] = [];
  const add = (name: string, bytes: Buffer) => cases.push([name, bytes]);
  const post = (query: string, headers: Record<string, string>, body: Buffer | string) => httpRequest('POST', PATH + query, headers, body);

  // JSON bodies
  for (const body of [
    '{',
    '{"message":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    '"just a string"',
    '42',
    'null',
    '[]',
    '[{"message":"x"}]',
    '{"message":"x"}garbage',
    '\uFEFF{"message":"x"}',
    '{"message":"\\ud800"}',
    '{"message":"\\u0000"}',
    '{"a":' + '1'.repeat(400) + '}',
    '{"message":1e999}',
    '{"__proto__":{"polluted":1},"message":"x"}',
    '{"\\u005f_proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}},"message":"x"}',
    '{"message":"a","message":"b"}',
    '{"action":"status","message":"x"}',
    '{"message":["a"]}',
    '{"message":{"toString":"x"}}',
    '',
  ]) {
    add(`json body ${JSON.stringify(body).slice(0, 40)}`, post('?action=echo', JSON_TYPE, body));
  }
  add('json nested 100000 deep', post('?action=echo', JSON_TYPE, '['.repeat(100_000) + ']'.repeat(100_000)));
  add('json nested objects 5000 deep', post('?action=echo', JSON_TYPE, '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)));
  add('json over the body limit', post('?action=echo', JSON_TYPE, '{"message":"' + 'x'.repeat(2 * 1024 * 1024) + '"}'));
  add(
    'json announced over the limit, short body',
    post('?action=echo', { ...JSON_TYPE, 'content-length': String(50 * 1024 * 1024) }, '{}'),
  );
  add('invalid utf-8 json', post('?action=echo', JSON_TYPE, Buffer.from([0x7b, 0x22, 0x6d, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])));
  add('json with latin1 charset', post('?action=echo', { 'content-type': 'application/json; charset=latin1' }, '{"message":"x"}'));
  add('vnd+json', post('?action=echo', { 'content-type': 'application/vnd.api+json' }, '{"message":"x"}'));

  // content types
  for (const type of [
    'text/plain',
    'application/xml',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=xyz',
    'application/octet-stream',
    '',
    ';;;',
    'application/json, text/plain',
    'APPLICATION/JSON',
    'application/x-www-form-urlencoded; charset=utf-16',
  ]) {
    add(`content type "${type}"`, post('?action=echo', { 'content-type': type }, 'message=x'));
  }
  add('body without content type', httpRequest('POST', PATH + '?action=echo', {}, 'message=x'));
  add(
    'multipart broken',
    post(
      '?action=echo',
      { 'content-type': 'multipart/form-data; boundary=zz' },
      '--zz\r\ncontent-disposition: form-data; name="message"\r\n\r\nhello',
    ),
  );
  add(
    'multipart valid',
    post(
      '?action=echo',
      { 'content-type': 'multipart/form-data; boundary=zz' },
      '--zz\r\ncontent-disposition: form-data; name="message"\r\n\r\nhello\r\n--zz--\r\n',
    ),
  );
  add(
    'multipart __proto__ field',
    post(
      '?action=echo',
      { 'content-type': 'multipart/form-data; boundary=zz' },
      '--zz\r\ncontent-disposition: form-data; name="__proto__[polluted]"\r\n\r\n1\r\n--zz--\r\n',
    ),
  );

  // forms and queries
  for (const form of [
    'message=%',
    'message=%zz',
    'message=%E0%A4%A',
    'message[=x',
    'message]=x',
    'message[][]=x',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'a[__proto__][polluted]=1',
    '&&&=&=',
    'message=' + '%41'.repeat(1000),
    'message=%C0%AF',
    'a' + '[b]'.repeat(100) + '=1',
    Array.from({ length: 1500 }, (_, i) => `k${i}=v`).join('&'),
  ]) {
    add(`form ${form.slice(0, 40)}`, post('?action=echo', FORM_TYPE, form));
  }
  for (const query of [
    '?action',
    '?action=',
    '?action=%',
    '?action=%zz',
    '?action[]=echo',
    '?action[x]=echo',
    '?action=echo&action=echo',
    '?action=/',
    '?action=*',
    '?action=toString',
    '?action=__proto__',
    '?action=constructor',
    '?action=hasOwnProperty',
    '?action=%00',
    '?action=ECHO',
    '?action=%20echo',
    '?__proto__[polluted]=1&action=status',
    '?constructor[prototype][polluted]=1',
    '?action=' + 'x'.repeat(9000),
    '?' + Array.from({ length: 1200 }, (_, i) => `q${i}=1`).join('&'),
    '?a' + '[b]'.repeat(80) + '=1',
    '?action=status#frag',
    '??action=status',
    '?action=stat%75s',
    '?action=status;x=1',
  ]) {
    add(`GET query ${query.slice(0, 40)}`, httpRequest('GET', PATH + query));
  }

  // methods, paths, framing, headers
  for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'CONNECT', 'PROPFIND', 'get', 'FOO']) {
    add(`method ${method}`, httpRequest(method, PATH + '?action=status'));
  }
  for (const target of [
    '*',
    '/',
    '/api',
    '/api/',
    '/api/corpus/',
    '/api//corpus',
    '/API/CORPUS',
    'http://127.0.0.1/api/corpus?action=status',
    '/api/corpus/../corpus',
    '/%2e%2e/api',
    '/api/corpus%00',
    '//',
  ]) {
    add(`target ${target}`, httpRequest('GET', target));
  }
  const raw = (name: string, text: string) => add(name, Buffer.from(text, 'latin1'));
  raw(
    'duplicate content-length',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 5\r\nconnection: close\r\n\r\n{}`,
  );
  raw(
    'content-length and chunked',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  );
  raw(
    'bad chunk size',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  );
  raw(
    'chunked ok',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\nf\r\n{"message":"x"}\r\n0\r\n\r\n`,
  );
  raw(
    'content-length longer than body',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\nconnection: close\r\n\r\n{}`,
  );
  raw(
    'content-length shorter than body',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{"message":"x"}`,
  );
  raw('negative content-length', `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-length: -1\r\nconnection: close\r\n\r\n`);
  raw('header without colon', `GET ${PATH}?action=status HTTP/1.1\r\nhost: x\r\nbroken header\r\nconnection: close\r\n\r\n`);
  raw('header with NUL', `GET ${PATH}?action=status HTTP/1.1\r\nhost: x\r\nx-a: a\u0000b\r\nconnection: close\r\n\r\n`);
  raw('huge header', `GET ${PATH}?action=status HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(40_000)}\r\nconnection: close\r\n\r\n`);
  raw(
    'many headers',
    `GET ${PATH}?action=status HTTP/1.1\r\nhost: x\r\n${Array.from({ length: 3000 }, (_, i) => `x-h${i}: 1`).join('\r\n')}\r\nconnection: close\r\n\r\n`,
  );
  raw('HTTP/1.0', `GET ${PATH}?action=status HTTP/1.0\r\n\r\n`);
  raw('HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
  raw('garbage request line', 'HELLO\r\n\r\n');
  raw('lf-only line endings', `GET ${PATH}?action=status HTTP/1.1\nhost: x\nconnection: close\n\n`);
  raw('space in target', `GET ${PATH}?action=sta tus HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
  raw('precognition on status', `GET ${PATH}?action=status HTTP/1.1\r\nhost: x\r\nprecognition: true\r\nconnection: close\r\n\r\n`);
  raw(
    'precognition validate-only odd',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\nprecognition: true\r\nprecognition-validate-only: ,,,message,__proto__,*\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
  );
  raw(
    'method override not a method',
    `POST ${PATH}?action=echo&_method=x HTTP/1.1\r\nhost: x\r\nx-http-method-override: PUT, GET\r\nx-http-method-override: \u00e9\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 25\r\nconnection: close\r\n\r\n_method=%00&_method[]=PUT`,
  );
  raw(
    'method override in a JSON body',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 39\r\nconnection: close\r\n\r\n{"_method":{"__proto__":"PUT"},"a":"b"}`,
  );
  raw(
    'precognition header repeated',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\nprecognition: true\r\nprecognition: true\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
  );
  raw(
    'expect 100-continue',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\nexpect: 100-continue\r\ncontent-type: application/json\r\ncontent-length: 15\r\nconnection: close\r\n\r\n{"message":"x"}`,
  );
  raw(
    'expect unknown',
    `POST ${PATH}?action=echo HTTP/1.1\r\nhost: x\r\nexpect: teapot\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
  );
  raw(
    'forwarded headers from untrusted peer',
    `GET ${PATH}?action=status HTTP/1.1\r\nhost: x\r\nx-forwarded-host: evil\r\nx-forwarded-proto: gopher\r\nx-forwarded-for: ::::\r\nconnection: close\r\n\r\n`,
  );
  return cases.map(([name, bytes]) => ({ name, bytes, abandoned: name === 'content-length longer than body' }));
}

function generated(count: number, seed: number): CorpusCase[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const alphabet = [
    'a',
    'action',
    '=',
    '&',
    '[',
    ']',
    '%',
    '%2',
    '%41',
    '%ff',
    '+',
    '.',
    '-',
    '/',
    '*',
    '__proto__',
    'constructor',
    'echo',
    'status',
    ' ',
    '\u00e9',
    '"',
    '{',
    '}',
    ';',
    '#',
    '?',
  ];
  const types = [
    'application/json',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=b',
    'application/merge-patch+json',
    '',
  ];
  const methods = ['GET', 'POST', 'PUT', 'HEAD', 'OPTIONS', 'DELETE', 'PATCH'];
  const cases: CorpusCase[] = [];
  for (let i = 0; i < count; i++) {
    const query = Array.from({ length: Math.floor(random() * 12) }, () => pick(alphabet)).join('');
    const kind = random();
    let body: Buffer;
    if (kind < 0.3) {
      body = Buffer.from(Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256)));
    } else if (kind < 0.6) {
      body = Buffer.from(Array.from({ length: Math.floor(random() * 20) }, () => pick(alphabet)).join(''));
    } else {
      body = Buffer.from(JSON.stringify(randomJson(random, 0)));
    }
    const method = pick(methods);
    const headers: Record<string, string> = {};
    const type = pick(types);
    if (type !== '') headers['content-type'] = type;
    if (random() < 0.2) headers['precognition'] = pick(['true', 'false', 'TRUE', '1']);
    if (random() < 0.1) headers['precognition-validate-only'] = pick(['message', 'a,b', '', '*']);
    const target = PATH + '?' + query.replace(/[\s#]/g, '');
    cases.push({
      name: `generated #${i} ${method} ${target.slice(0, 50)}`,
      bytes: httpRequest(method, target, headers, method === 'GET' || method === 'HEAD' ? '' : body),
    });
  }
  return cases;
}

function randomJson(random: () => number, depth: number): unknown {
  const r = random();
  if (depth > 4 || r < 0.3) {
    const scalars: unknown[] = ['x', '', 'echo', '/', '*', 0, -1, 1.5, true, false, null, 'a'.repeat(300), '€', '__proto__'];
    return scalars[Math.floor(random() * scalars.length)];
  }
  if (r < 0.5) return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
  const keys = ['message', 'action', '__proto__', 'constructor', 'prototype', 'a', 'items', 'toString'];
  const out: Record<string, unknown> = {};
  for (let i = 0; i < Math.floor(random() * 4); i++) {
    Object.defineProperty(out, keys[Math.floor(random() * keys.length)]!, {
      value: randomJson(random, depth + 1),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return out;
}

/** Every case of the corpus. */
export function corpus(): CorpusCase[] {
  return [...handWritten(), ...generated(260, 20261121)];
}
