/**
 * What a CommonJS project writes (`"type": "commonjs"`, plain JavaScript,
 * `require`): the package is ESM, which Node >= 20.19 can `require()`. No
 * decorators here, so the form request is named with `static formRequest`.
 */
const { Action, ActionController, Application, FormRequest } = require('switchyard-http');
const { UrlSigner } = require('switchyard-http/signing');
// The database entry loads without Kysely (an optional peer this project does not install).
const { PresenceVerifier } = require('switchyard-http/database');

/** A presence verifier of the application's own (no database): `unique` asks it. */
class TakenNames extends PresenceVerifier {
  getCount(_table, _column, value) {
    return value === 'taken' ? 1 : 0;
  }
  getMultiCount() {
    return 0;
  }
  getPresentValues() {
    throw new Error('not used here');
  }
}

class MessageRequest extends FormRequest {
  rules() {
    return { message: 'required|string|max:255' };
  }
}
class NameRequest extends FormRequest {
  rules() {
    return { name: 'required|unique:users,name' };
  }
}
class NameAction extends Action {
  static formRequest = NameRequest;
  methods = ['POST'];
  handle(request) {
    return request.validated();
  }
}
class EchoAction extends Action {
  static formRequest = MessageRequest;
  methods = ['POST'];
  handle(request) {
    return request.validated();
  }
}
class SystemController extends ActionController {
  actions = { echo: EchoAction, name: NameAction };
}

async function main() {
  const app = new Application({ app_key: 'consumer-key' }).withRouting({
    api: (router) => router.svc('/system', SystemController, ['POST']).name('system'),
  });
  app.container.bind(PresenceVerifier).toConstantValue(new TakenNames());
  const { port } = await app.listen(0, '127.0.0.1');
  const post = (body, action = 'echo') =>
    fetch(`http://127.0.0.1:${port}/api/system?action=${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const ok = await post('{"message":"from CommonJS"}');
  const okText = await ok.text();
  const bad = await post('{}');
  const badText = await bad.text();
  const taken = await (await post('{"name":"taken"}', 'name')).text();
  const free = await (await post('{"name":"free"}', 'name')).text();
  const signed = app.urlSigner.signedRoute('system', { action: 'echo' }, { absolute: false });
  await app.close();
  const actual = [ok.status, okText, bad.status, badText, app.urlSigner instanceof UrlSigner, signed.startsWith('/api/system?action=echo&signature='), taken, free];
  const expected = [200, '{"message":"from CommonJS"}', 422, '{"message":"The message field is required.","errors":{"message":["The message field is required."]}}', true, true, '{"message":"The name has already been taken.","errors":{"name":["The name has already been taken."]}}', '{"name":"free"}'];
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    console.error('CommonJS consumer check failed:', actual);
    process.exit(1);
  }
  console.log('consumer check (CommonJS): require() loads the packed library and it answers; switchyard-http/database loads without Kysely');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
