/**
 * Form requests whose rules read the request, over real sockets, as Laravel
 * form requests are written: `Rule.unique('users').ignore(this.user().id)`,
 * other rules for a Precognition prediction, messages in the caller's
 * language. Each request gets the rules it reads; a rule set seen before is
 * not compiled again.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Action, ActionController, Application, FormRequest, handles, Rule } from '../../src/index.js';
import { PresenceVerifier, PresentValues, presenceKey, type PresenceValue } from '../../src/database/index.js';
import { compilationCount } from '../../src/validation/compiler.js';
import { serve } from '../helpers/apps.js';

/** The users table: id → email. */
const USERS = new Map<number, string>([
  [1, 'ada@example.com'],
  [2, 'grace@example.com'],
]);

/** `unique:users,email,<ignored id>` over USERS, without I/O. */
class UsersVerifier extends PresenceVerifier {
  #rows(column: string, value: PresenceValue, excludeId?: PresenceValue): number {
    let n = 0;
    for (const [id, email] of USERS) {
      if (excludeId !== undefined && excludeId !== null && String(id) === String(excludeId)) continue;
      if (presenceKey(column === 'id' ? id : email) === presenceKey(value)) n++;
    }
    return n;
  }
  getCount(_table: string, column: string, value: PresenceValue, excludeId?: PresenceValue): number {
    return this.#rows(column, value, excludeId);
  }
  getMultiCount(_table: string, column: string, values: readonly PresenceValue[]): number {
    return values.filter((v) => this.#rows(column, v) > 0).length;
  }
  getPresentValues(_table: string, column: string, values: readonly PresenceValue[]): PresentValues {
    return new PresentValues(values.filter((v) => this.#rows(column, v) > 0).map(presenceKey));
  }
}

class UpdateProfileRequest extends FormRequest {
  override rules() {
    return {
      email: ['required', 'email', Rule.unique('users', 'email').ignore(this.user<{ id: number }>()!.id)],
      bio: this.isPrecognitive() ? ['nullable', 'string'] : ['nullable', 'string', 'max:10'],
    };
  }
  override messages(): Record<string, string> {
    return this.header('accept-language') === 'fr' ? { 'email.unique': 'Cette adresse est déjà prise.' } : {};
  }
}

class UpdateProfileAction extends Action {
  override methods = ['POST'];
  override precognition = true;
  @handles()
  handle(request: UpdateProfileRequest) {
    return request.validated();
  }
}

class ProfileController extends ActionController {
  override actions = { update: UpdateProfileAction };
}

const reported: unknown[] = [];
const test = suite('rules that read the request');
const s = serve(test, () => {
  const app = new Application({ report: (e) => void reported.push(e) });
  app.container.bind(PresenceVerifier).toConstantValue(new UsersVerifier());
  app.aliasMiddleware('auth', (request, next) => {
    request.attributes.set('auth.user', { id: Number(request.header('x-user')) });
    return next(request);
  });
  return app.withRouting({ api: (router) => void router.svc('/profile', ProfileController, ['POST']).middleware('auth') });
});

test.after.each(() => {
  assert.equal(reported, []);
});

function update(user: number, json: unknown, headers: Record<string, string> = {}) {
  return s.http.send('POST', '/api/profile?action=update', { json, headers: { 'x-user': String(user), ...headers } });
}

const TAKEN = { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } };

test("Rule.unique(...).ignore(this.user().id): a user keeps their own email, not another's", async () => {
  const own = await update(1, { email: 'ada@example.com' });
  assert.is(own.status, 200, own.text);
  assert.equal(own.body, { email: 'ada@example.com' });
  const other = await update(2, { email: 'ada@example.com' });
  assert.is(other.status, 422, other.text);
  assert.equal(other.body, TAKEN);
  const free = await update(2, { email: 'grace.h@example.com' });
  assert.is(free.status, 200, free.text);
});

test('a prediction gets its own rules (isPrecognitive)', async () => {
  const long = { email: 'ada@example.com', bio: 'far more than ten characters' };
  const real = await update(1, long);
  assert.is(real.status, 422, real.text);
  assert.equal(Object.keys(real.body.errors), ['bio']);
  const predicted = await update(1, long, { precognition: 'true' });
  assert.is(predicted.status, 204, predicted.text);
  assert.is(predicted.headers['precognition-success'], 'true');
});

test('messages() may read the request', async () => {
  const reply = await update(2, { email: 'ada@example.com' }, { 'accept-language': 'fr' });
  assert.is(reply.status, 422, reply.text);
  assert.equal(reply.body, { message: 'Cette adresse est déjà prise.', errors: { email: ['Cette adresse est déjà prise.'] } });
});

test('a rule set seen before is not compiled again', async () => {
  await update(1, { email: 'ada@example.com' });
  await update(2, { email: 'grace@example.com' });
  const before = compilationCount();
  for (let i = 0; i < 10; i++) {
    assert.is((await update(1, { email: 'ada@example.com' })).status, 200);
    assert.is((await update(2, { email: 'grace@example.com' })).status, 200);
  }
  assert.is(compilationCount(), before);
});

test.run();
