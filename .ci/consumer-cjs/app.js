/**
 * What a CommonJS project writes (`"type": "commonjs"`, plain JavaScript,
 * `require`): the package is ESM, which Node >= 20.19 can `require()`. No
 * decorators here, so the form request is named with `static formRequest`.
 */
const { Action, ActionController, Application, FormRequest } = require('switchyard-http');
const { UrlSigner } = require('switchyard-http/signing');

class MessageRequest extends FormRequest {
  rules() {
    return { message: 'required|string|max:255' };
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
  actions = { echo: EchoAction };
}

async function main() {
  const app = new Application({ app_key: 'consumer-key' }).withRouting({
    api: (router) => router.svc('/system', SystemController, ['POST']).name('system'),
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const post = (body) =>
    fetch(`http://127.0.0.1:${port}/api/system?action=echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const ok = await post('{"message":"from CommonJS"}');
  const okText = await ok.text();
  const bad = await post('{}');
  const badText = await bad.text();
  const signed = app.urlSigner.signedRoute('system', { action: 'echo' }, { absolute: false });
  await app.close();
  const actual = [ok.status, okText, bad.status, badText, app.urlSigner instanceof UrlSigner, signed.startsWith('/api/system?action=echo&signature=')];
  const expected = [200, '{"message":"from CommonJS"}', 422, '{"message":"The message field is required.","errors":{"message":["The message field is required."]}}', true, true];
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    console.error('CommonJS consumer check failed:', actual);
    process.exit(1);
  }
  console.log('consumer check (CommonJS): require() loads the packed library and it answers');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
