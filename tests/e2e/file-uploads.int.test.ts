/**
 * File uploads end to end, over real sockets: multipart bodies from undici's
 * FormData (what a browser's form sends) and written by hand, real PNG, JPEG,
 * GIF, PDF, SVG and text bytes, a form request with Laravel 11's file rules
 * and builders. The 422 bodies are Laravel's answers for the same rules and
 * bytes; `validated()` holds the UploadedFile objects.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FormData } from 'undici';
import { Action, ActionController, Application, FileRule, FormRequest, Rule, UploadedFile } from '../../src/index.js';
import { serve } from '../helpers/apps.js';
import { multipart } from '../helpers/multipart.js';
import { gif, jpeg, pdf, png, svg } from '../files/sample-files.js';

class UploadRequest extends FormRequest {
  override rules() {
    return {
      title: 'required|string',
      photo: 'required|image|max:1|dimensions:max_width=100',
      photos: 'array',
      'photos.*': 'image|mimes:png,gif',
      doc: ['nullable', FileRule.types(['pdf']).max(1)],
      avatar: ['nullable', FileRule.image().dimensions(Rule.dimensions().ratio('1/1'))],
      'notes.a': 'file|extensions:txt',
    };
  }
}

class UploadAction extends Action {
  override methods = ['POST'];
  override precognition = true;
  static override formRequest = UploadRequest;
  handle(request: UploadRequest) {
    const validated = request.validated() as Record<string, unknown>;
    return { validated, photoIsUploadedFile: validated.photo instanceof UploadedFile, fileFields: Object.keys(request.allFiles()) };
  }
}

class UploadController extends ActionController {
  override actions = { upload: UploadAction };
}

function makeApp(): Application {
  return new Application({ max_file_size: 64 * 1024, max_files: 10 }).withRouting({
    api(router) {
      router.svc('/files', UploadController, ['POST']);
    },
  });
}

const test = suite('file uploads validated as Laravel 11 validates them');
const app = serve(test, makeApp);
const URL = '/api/files?action=upload';

/** FormData as a browser builds it; undici writes the multipart body. */
async function post(form: FormData, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.http.base}${URL}`, { method: 'POST', body: form as unknown as RequestInit['body'], headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text), text };
}

function blob(content: Buffer, type: string): Blob {
  return new Blob([content], { type });
}

test('valid uploads pass; validated() holds the files, which JSON answers summarise', async () => {
  const form = new FormData();
  form.append('title', 'Holiday');
  form.append('photo', blob(png(10, 20), 'image/png'), 'beach.png');
  form.append('photos[]', blob(png(4, 4), 'image/png'), 'a.png');
  form.append('photos[]', blob(gif(3, 2), 'image/gif'), 'b.gif');
  form.append('doc', blob(pdf(), 'application/pdf'), 'plan.pdf');
  form.append('avatar', blob(jpeg(30, 30), 'image/jpeg'), 'me.jpg');
  form.append('notes[a]', blob(Buffer.from('hello\n'), 'text/plain'), 'a.txt');
  form.append('ignored', 'x');
  const reply = await post(form);
  assert.is(reply.status, 200, reply.text);
  const summary = (filename: string, mimeType: string, content: Buffer) => ({ filename, mimeType, size: content.length });
  assert.equal(reply.body, {
    validated: {
      title: 'Holiday',
      photo: summary('beach.png', 'image/png', png(10, 20)),
      photos: [summary('a.png', 'image/png', png(4, 4)), summary('b.gif', 'image/gif', gif(3, 2))],
      doc: summary('plan.pdf', 'application/pdf', pdf()),
      avatar: summary('me.jpg', 'image/jpeg', jpeg(30, 30)),
      notes: { a: summary('a.txt', 'text/plain', Buffer.from('hello\n')) },
    },
    photoIsUploadedFile: true,
    fileFields: ['photo', 'photos', 'doc', 'avatar', 'notes'],
  });
});

test('the type comes from the bytes, not the name or the declared type: every failure reported as Laravel does', async () => {
  const form = new FormData();
  form.append('title', 'Holiday');
  // Text named .png and declared image/png.
  form.append('photo', blob(Buffer.from('not an image\n'), 'image/png'), 'beach.png');
  form.append('photos[]', blob(png(4, 4), 'image/png'), 'a.png');
  form.append('photos[]', blob(jpeg(8, 8), 'image/png'), 'b.png');
  form.append('photos[]', blob(Buffer.from('%PDF-1.4\n'), 'image/png'), 'c.png');
  form.append('doc', blob(png(300, 200), 'application/pdf'), 'plan.pdf');
  form.append('avatar', blob(jpeg(30, 20), 'image/jpeg'), 'me.jpg');
  form.append('notes[a]', blob(Buffer.from('hello\n'), 'text/plain'), 'a.md');
  const reply = await post(form);
  assert.is(reply.status, 422, reply.text);
  assert.equal(reply.body, {
    message: 'The photo field must be an image. (and 7 more errors)',
    errors: {
      photo: ['The photo field must be an image.', 'The photo field has invalid image dimensions.'],
      doc: ['The doc field must be a file of type: pdf.'],
      avatar: ['The avatar field has invalid image dimensions.'],
      'notes.a': ['The notes.a field must have one of the following extensions: txt.'],
      'photos.1': ['The photos.1 field must be a file of type: png, gif.'],
      'photos.2': ['The photos.2 field must be an image.', 'The photos.2 field must be a file of type: png, gif.'],
    },
  });
});

test('sizes in kilobytes with the file message; an SVG is an image and passes dimensions unmeasured', async () => {
  const form = new FormData();
  form.append('title', 'Holiday');
  form.append('photo', blob(Buffer.concat([png(10, 20), Buffer.alloc(1100)]), 'image/png'), 'big.png');
  const reply = await post(form);
  assert.is(reply.status, 422, reply.text);
  assert.equal(reply.body.errors, { photo: ['The photo field must not be greater than 1 kilobytes.'] });

  const vector = new FormData();
  vector.append('title', 'Logo');
  vector.append('photo', blob(svg(5000, 5000), 'image/svg+xml'), 'logo.svg');
  const passed = await post(vector);
  assert.is(passed.status, 200, passed.text);
  assert.equal(passed.body.validated.photo, { filename: 'logo.svg', mimeType: 'image/svg+xml', size: svg(5000, 5000).length });
});

test('a text field where a file is expected fails the file rules; a file input left empty is missing to required', async () => {
  const text = new FormData();
  text.append('title', 'Holiday');
  text.append('photo', 'beach.png');
  text.append('doc', 'plan.pdf');
  const reply = await post(text);
  assert.is(reply.status, 422, reply.text);
  // max:1 then measures a string: characters, with the string message.
  assert.equal(reply.body.errors, {
    photo: [
      'The photo field must be an image.',
      'The photo field must not be greater than 1 characters.',
      'The photo field has invalid image dimensions.',
    ],
    doc: [
      'The doc field must be a file.',
      'The doc field must be a file of type: pdf.',
      'The doc field must not be greater than 1 characters.',
    ],
  });

  // A browser sends an empty file input as a part with filename="" and no bytes: null, as in Laravel.
  const { body, headers } = multipart([
    { name: 'title', content: 'Holiday' },
    { name: 'photo', filename: '', content: '' },
    { name: 'doc', filename: '', content: '' },
  ]);
  const empty = await app.http.send('POST', URL, { body, headers });
  assert.is(empty.status, 422, empty.text);
  assert.equal(empty.body, { message: 'The photo field is required.', errors: { photo: ['The photo field is required.'] } });
});

test('Precognition validates uploads too: only the named field, no handler', async () => {
  const form = new FormData();
  form.append('photo', blob(png(200, 10), 'image/png'), 'wide.png');
  const reply = await post(form, { precognition: 'true', 'precognition-validate-only': 'photo' });
  assert.is(reply.status, 422, reply.text);
  assert.is(reply.headers.get('precognition'), 'true');
  assert.equal(reply.body.errors, { photo: ['The photo field has invalid image dimensions.'] });

  const ok = new FormData();
  ok.append('photo', blob(png(20, 10), 'image/png'), 'small.png');
  const passed = await post(ok, { precognition: 'true', 'precognition-validate-only': 'photo' });
  assert.is(passed.status, 204, passed.text);
  assert.is(passed.headers.get('precognition-success'), 'true');
});
test.run();
