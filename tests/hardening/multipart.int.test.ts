import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request, FormData } from 'undici';
import { Action, ActionController, Application, FormRequest, handles } from '../../src/index.js';

class UploadRequest extends FormRequest {
  override rules() {
    return { title: 'required|string|max:20', tags: 'array', 'tags.*': 'string' };
  }
}

class UploadAction extends Action {
  override methods = ['POST'];
  @handles()
  handle(request: UploadRequest) {
    const file = request.file('document');
    return { ...request.validated(), document: file ? { name: file.filename, size: file.size, text: file.content.toString() } : null };
  }
}

class UploadController extends ActionController {
  actions = { upload: UploadAction };
}

function makeApp() {
  return new Application({ max_file_size: 64, max_files: 2 }).withRouting({
    api: (router) => {
      router.svc('/files', UploadController, ['POST']);
    },
  });
}

const test = suite('multipart/form-data');

test('fields are validated like other input and files reach the form request', async () => {
  const app = makeApp();
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const form = new FormData();
    form.append('title', 'Report');
    form.append('tags[]', 'a');
    form.append('tags[]', 'b');
    form.append('ignored', 'x');
    form.append('document', new Blob(['hello file'], { type: 'text/plain' }), 'hello.txt');
    const response = await request(`http://127.0.0.1:${port}/api/files?action=upload`, { method: 'POST', body: form });
    assert.is(response.statusCode, 200);
    assert.equal(await response.body.json(), {
      title: 'Report',
      tags: ['a', 'b'],
      document: { name: 'hello.txt', size: 10, text: 'hello file' },
    });

    const invalid = new FormData();
    invalid.append('title', 'x'.repeat(21));
    const failed = await request(`http://127.0.0.1:${port}/api/files?action=upload`, { method: 'POST', body: invalid });
    assert.is(failed.statusCode, 422);
    assert.equal(await failed.body.json(), {
      message: 'The title field must not be greater than 20 characters.',
      errors: { title: ['The title field must not be greater than 20 characters.'] },
    });
  } finally {
    await app.close();
  }
});

test('a file over max_file_size and too many files are 413', async () => {
  const app = makeApp();
  const { port } = await app.listen(0, '127.0.0.1');
  try {
    const big = new FormData();
    big.append('title', 'Report');
    big.append('document', new Blob(['x'.repeat(100)]), 'big.txt');
    const tooBig = await request(`http://127.0.0.1:${port}/api/files?action=upload`, { method: 'POST', body: big });
    assert.is(tooBig.statusCode, 413);
    assert.is(tooBig.headers['connection'], 'close', 'the rest of the upload is not read: the connection closes');
    assert.equal(await tooBig.body.json(), { message: 'A file is larger than the limit of 64 bytes.' });

    const many = new FormData();
    for (let i = 0; i < 3; i++) many.append('document', new Blob(['x']), `f${i}.txt`);
    const tooMany = await request(`http://127.0.0.1:${port}/api/files?action=upload`, { method: 'POST', body: many });
    assert.is(tooMany.statusCode, 413);
    assert.is(tooMany.headers['connection'], 'close');
    assert.equal(await tooMany.body.json(), { message: 'Too many files: at most 2 are accepted.' });
  } finally {
    await app.close();
  }
});

test.run();
