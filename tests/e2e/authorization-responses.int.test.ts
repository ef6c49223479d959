/**
 * `authorize()` answering with an `AuthorizationResponse` (Laravel's
 * `Illuminate\Auth\Access\Response`), synchronously or not, or throwing an
 * `AuthorizationError` with a status, over real sockets: what the client
 * sees is what Laravel 11 sends for the same denial.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, AuthorizationError, AuthorizationResponse, FormRequest, handles } from '../../src/index.js';
import type { Reply } from '../helpers/http.js';
import { serve } from '../helpers/apps.js';

/** Answers as the `x-answer` header says: each case is one of Laravel's denials. */
class PostRequest extends FormRequest {
  override authorize(): boolean | AuthorizationResponse | Promise<boolean | AuthorizationResponse> {
    const answer = this.header('x-answer');
    if (answer === 'later') return this.later();
    return Promise.resolve().then(() => this.answer(answer));
  }

  async later(): Promise<AuthorizationResponse> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return AuthorizationResponse.denyWithStatus(409, 'Locked by another editor.');
  }

  answer(answer: string | undefined): boolean | AuthorizationResponse {
    switch (answer) {
      case 'allow':
        return AuthorizationResponse.allow();
      case 'deny':
        return AuthorizationResponse.deny('You do not own this post.');
      case 'deny-plain':
        return AuthorizationResponse.deny();
      case 'not-found':
        return AuthorizationResponse.denyAsNotFound();
      case 'not-found-message':
        return AuthorizationResponse.denyAsNotFound('No such post.');
      case 'teapot':
        return AuthorizationResponse.denyWithStatus(418);
      case 'throw':
        throw new AuthorizationError('Not yours.').withStatus(404);
      case 'throw-plain':
        throw new AuthorizationError('Not yours.');
      default:
        return true;
    }
  }

  override rules() {
    return { title: 'required|string' };
  }
}

/** The same denial from a synchronous authorize(), which keeps the synchronous path. */
class SyncPostRequest extends PostRequest {
  override authorize(): boolean | AuthorizationResponse {
    return this.answer(this.header('x-answer'));
  }
}

class SaveAction extends Action {
  override methods = ['POST'];
  override precognition = true;
  @handles()
  handle(request: PostRequest) {
    return request.validated();
  }
}

class SyncSaveAction extends Action {
  override methods = ['POST'];
  @handles()
  handle(request: SyncPostRequest) {
    return request.validated();
  }
}

class PostController extends ActionController {
  override actions = { save: SaveAction, 'sync-save': SyncSaveAction };
}

const reported: unknown[] = [];
const test = suite('authorization responses over the wire');
const s = serve(test, () =>
  new Application({ report: (e) => void reported.push(e) }).withRouting({
    api: (router) => void router.svc('/posts', PostController, ['POST']),
  }),
);

test.after.each(() => {
  assert.equal(reported, [], 'a denial is never reported as a server error');
});

function save(answer: string, action = 'save', headers: Record<string, string> = {}): Promise<Reply> {
  return s.http.send('POST', `/api/posts?action=${action}`, { json: { title: 'Hi' }, headers: { 'x-answer': answer, ...headers } });
}

function assertReply(reply: Reply, status: number, message: string, label: string): void {
  assert.is(reply.status, status, `${label}: status (body: ${reply.text})`);
  assert.match(reply.headers['content-type'] ?? '', /^application\/json/, `${label}: content-type`);
  assert.equal(reply.body, { message }, label);
}

const CASES: [string, number, string][] = [
  ['deny', 403, 'You do not own this post.'],
  ['deny-plain', 403, 'This action is unauthorized.'],
  ['not-found', 404, 'Not Found'],
  ['not-found-message', 404, 'No such post.'],
  ['teapot', 418, "I'm a teapot"],
  ['throw', 404, 'Not Found'],
  ['throw-plain', 403, 'Not yours.'],
];

test('each denial answers with its status and message, from an async or a sync authorize()', async () => {
  for (const action of ['save', 'sync-save']) {
    for (const [answer, status, message] of CASES) assertReply(await save(answer, action), status, message, `${action} ${answer}`);
  }
  assertReply(await save('later'), 409, 'Locked by another editor.', 'resolved later');
});

test('an allowing response lets the request through to validation and the handler', async () => {
  for (const action of ['save', 'sync-save']) {
    const reply = await save('allow', action);
    assert.is(reply.status, 200, reply.text);
    assert.equal(reply.body, { title: 'Hi' });
    const invalid = await s.http.send('POST', `/api/posts?action=${action}`, { json: {}, headers: { 'x-answer': 'allow' } });
    assert.is(invalid.status, 422, invalid.text);
  }
});

test('a prediction is denied the same way, before validation', async () => {
  const reply = await s.http.send('POST', '/api/posts?action=save', {
    json: {},
    headers: { 'x-answer': 'not-found', precognition: 'true' },
  });
  assertReply(reply, 404, 'Not Found', 'prediction');
  assert.is(reply.headers.precognition, 'true');
});

test.run();
