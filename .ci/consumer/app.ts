/** What a user writes after `npm install switchyard-http`: CI packs the library, installs the tarball and runs this. */
import { Action, ActionController, Application, FormRequest, handles, type Router } from 'switchyard-http';
import { createClient, ValidationFailed } from 'switchyard-http/client';
// The database entry's declarations type-check without Kysely installed (an optional peer).
import { PresenceVerifier, PresentValues, type PresenceValue } from 'switchyard-http/database';

class NoRows extends PresenceVerifier {
  getCount(_table: string, _column: string, _value: PresenceValue) { return 0; }
  getMultiCount() { return 0; }
  getPresentValues() { return new PresentValues([]); }
}

class MessageRequest extends FormRequest {
  override rules() { return { message: 'required|string|max:255|unique:messages,body' }; }
}
class EchoAction extends Action {
  override methods = ['POST'];
  override precognition = true;
  @handles() handle(request: MessageRequest) { return request.validated(); }
}
class SystemController extends ActionController {
  actions = { echo: EchoAction };
}
function apiRoutes(router: Router) {
  router.svc('/system', SystemController, ['POST']).name('system');
}
const app = new Application().withRouting({ api: apiRoutes });
app.container.bind(PresenceVerifier).toConstantValue(new NoRows());
const { port } = await app.listen(0, '127.0.0.1');
const res = await fetch(`http://127.0.0.1:${port}/api/system?action=echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"from a consumer"}' });
const okText = await res.text();
const bad = await fetch(`http://127.0.0.1:${port}/api/system?action=echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
const badText = await bad.text();
// The typed client from the package's ./client export. These rules are not `as const`, so the field is known but its type is not: { message?: unknown }.
const api = createClient<{ system: typeof SystemController }>({ baseUrl: `http://127.0.0.1:${port}/api` });
const echoed: { message?: unknown } = await api.system.echo({ message: 'typed' });
const prediction = await api.system.echo.validate({ message: '' });
const failed = await api.system.echo({}).catch((error: unknown) => error instanceof ValidationFailed);
await app.close();
const expected = [200, '{"message":"from a consumer"}', 422, '{"message":"The message field is required.","errors":{"message":["The message field is required."]}}', 'typed', '["The message field is required."]', true];
const actual = [res.status, okText, bad.status, badText, echoed.message, JSON.stringify(prediction.message), failed];
if (JSON.stringify(actual) !== JSON.stringify(expected)) {
  console.error('consumer check failed:', actual);
  process.exit(1);
}
console.log('consumer check: the packed library installs, type-checks under strict and answers, to fetch and to switchyard-http/client; switchyard-http/database type-checks without Kysely');
