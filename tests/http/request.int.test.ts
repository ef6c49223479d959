/**
 * `Request.all()` and `allFiles()` with uploads, over real sockets: the
 * files sit at their bracket-parsed paths over the input, as the host
 * framework's `$request->all()` (`array_replace_recursive($input,
 * $allFiles)`), while `input()`, `body()` and `file()` keep their meaning.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, json, type HttpRequest } from '../../src/index.js';
import { serve } from '../helpers/apps.js';
import { multipart } from '../helpers/multipart.js';

function describe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function makeApp(): Application {
  return new Application({ max_files: 5, max_input_nesting: 3 }).withRouting({
    api(router) {
      router.addRoute(['GET', 'POST'], '/echo', async (request: HttpRequest) => {
        await request.loadBody();
        return json({
          all: describe(request.all()),
          files: describe(request.allFiles()),
          body: describe(request.body()),
          input: request.input('doc.a') ?? 'missing',
          file: request.file('photo')?.filename ?? 'none',
          photos: request.files('photos[]').map((f) => f.filename),
        });
      });
    },
  });
}

const test = suite('Request.all() and allFiles() with uploaded files');
const app = serve(test, makeApp);
const file = (name: string, filename: string, content = 'x') => ({ name, filename, type: 'text/plain', content });
const summary = (filename: string, size = 1) => ({ filename, mimeType: 'text/plain', size });

test('photo, photos[] and doc[a] land at their paths, files over fields of the same name', async () => {
  const { body, headers } = multipart([
    { name: 'title', content: 'Report' },
    { name: 'photo', content: 'a text field' },
    file('photo', 'a.txt'),
    file('photos[]', 'b.txt'),
    file('photos[]', 'c.txt'),
    { name: 'doc[b]', content: 'kept' },
    file('doc[a]', 'd.txt'),
  ]);
  const reply = await app.http.send('POST', '/api/echo', { body, headers });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body.all, {
    title: 'Report',
    photo: summary('a.txt'),
    photos: [summary('b.txt'), summary('c.txt')],
    doc: { b: 'kept', a: summary('d.txt') },
  });
  assert.equal(reply.body.files, { photo: summary('a.txt'), photos: [summary('b.txt'), summary('c.txt')], doc: { a: summary('d.txt') } });
  // body() and input() are the fields only, as Laravel's input().
  assert.equal(reply.body.body, { title: 'Report', photo: 'a text field', doc: { b: 'kept' } });
  assert.is(reply.body.input, 'missing');
  assert.is(reply.body.file, 'a.txt');
  assert.equal(reply.body.photos, ['b.txt', 'c.txt']);
});

test("a file input left empty (no file name) is left out, as Laravel's filterFiles drops PHP's UPLOAD_ERR_NO_FILE; file() has nothing", async () => {
  const { body, headers } = multipart([
    { name: 'photo', filename: '', content: '' },
    { name: 'title', content: 't' },
  ]);
  const reply = await app.http.send('POST', '/api/echo', { body, headers });
  assert.is(reply.status, 200, reply.text);
  assert.equal(reply.body.all, { title: 't' });
  assert.equal(reply.body.files, {});
  assert.is(reply.body.file, 'none');
});

test('an empty part among photos[] is left out of the list; all empty, the key is absent (Laravel: file[] with filename="")', async () => {
  const mixed = multipart([file('photos[]', 'b.txt'), { name: 'photos[]', filename: '', content: '' }]);
  const reply = await app.http.send('POST', '/api/echo', mixed);
  assert.equal(reply.body.files, { photos: [summary('b.txt')] });
  const empty = multipart([
    { name: 'photos[]', filename: '', content: '' },
    { name: 'title', content: 't' },
  ]);
  const none = await app.http.send('POST', '/api/echo', empty);
  assert.equal([none.body.all, none.body.files], [{ title: 't' }, {}]);
});

test("a plain name sent twice is a list, as text fields are (Switchyard's choice; PHP keeps the last)", async () => {
  const { body, headers } = multipart([file('photo', 'a.txt'), file('photo', 'b.txt')]);
  const reply = await app.http.send('POST', '/api/echo', { body, headers });
  assert.equal(reply.body.files, { photo: [summary('a.txt'), summary('b.txt')] });
  assert.is(reply.body.file, 'a.txt');
});

test('a body without Content-Type: a GET goes on with no parsed input (Laravel), a POST is still a 415', async () => {
  const get = await app.http.send('GET', '/api/echo?q=1', { body: '{"a":1}', headers: { 'x-requested-with': 'XMLHttpRequest' } });
  assert.is(get.status, 200, get.text);
  assert.equal([get.body.all, get.body.body], [{ q: '1' }, {}]);
  const post = await app.http.send('POST', '/api/echo', { body: '{"a":1}' });
  assert.is(post.status, 415, post.text);
});

test('without files: all() is the input, allFiles() empty', async () => {
  const { body, headers } = multipart([{ name: 'title', content: 't' }]);
  const reply = await app.http.send('POST', '/api/echo', { body, headers });
  assert.equal([reply.body.all, reply.body.files], [{ title: 't' }, {}]);
  const jsonReply = await app.http.send('POST', '/api/echo', { json: { title: 't' } });
  assert.equal([jsonReply.body.all, jsonReply.body.files], [{ title: 't' }, {}]);
});

test('file names follow the input limits: nested too deeply is a 400, __proto__ is dropped', async () => {
  const deep = multipart([file('a[b][c][d][e]', 'x.txt')]);
  const reply = await app.http.send('POST', '/api/echo', deep);
  assert.is(reply.status, 400);
  assert.equal(reply.body, { message: 'Input name nested too deeply: at most 3 levels are accepted.' });
  const proto = multipart([file('__proto__', 'x.txt'), file('a[__proto__]', 'y.txt')]);
  const safe = await app.http.send('POST', '/api/echo', proto);
  assert.is(safe.status, 200, safe.text);
  assert.equal(safe.body.files, { a: {} });
  assert.is(({} as Record<string, unknown>).filename, undefined);
});
test.run();
