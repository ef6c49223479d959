import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles } from '../../src/index.js';
import { compilationCount } from '../../src/validation/compiler.js';
import { client } from '../helpers/http.js';

class NoteRequest extends FormRequest {
  override rules() {
    return { note: 'required|string|max:10' };
  }
}

class SaveNote extends Action {
  override methods = ['POST'];
  override precognition = true;
  @handles()
  handle(request: NoteRequest) {
    return request.validated();
  }
}

class CheckNote extends Action {
  override methods = ['POST'];
  @handles()
  handle(request: NoteRequest) {
    return { checked: request.validated('note') };
  }
}

class NotesController extends ActionController {
  actions = { save: SaveNote, check: CheckNote };
}

class OtherController extends ActionController {
  actions = { save: SaveNote };
}

const test = suite('validators are compiled once per form-request class');

test('one compilation for a class used by two actions on two routes, none per request', async () => {
  const before = compilationCount();
  const app = new Application().withRouting({
    api: (router) => {
      router.svc('/notes', NotesController, ['POST']);
      router.svc('/other-notes', OtherController, ['POST']);
    },
  });
  assert.is(compilationCount() - before, 1, 'compiled at registration, once');
  const { port } = await app.listen(0, '127.0.0.1');
  const http = client(`http://127.0.0.1:${port}`);
  try {
    for (let i = 0; i < 20; i++) {
      const ok = await http.send('POST', `/api/notes?action=${i % 2 ? 'save' : 'check'}`, { json: { note: 'hi' } });
      assert.is(ok.status, 200);
      const bad = await http.send('POST', '/api/other-notes?action=save', { json: { note: 'x'.repeat(11) } });
      assert.is(bad.status, 422);
      const predicted = await http.send('POST', '/api/notes?action=save', { json: { note: 'hi' }, headers: { precognition: 'true' } });
      assert.is(predicted.status, 204);
    }
    assert.is(compilationCount() - before, 1, 'still one after 60 requests');
  } finally {
    await http.close();
    await app.close();
  }
});

test.run();
