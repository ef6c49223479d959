/**
 * A TypeScript project that compiles to CommonJS (`"type": "commonjs"`,
 * `module: nodenext`): `import` becomes `require()` of the ESM package, and
 * the public types check under `strict`, decorators included.
 */
import { Action, ActionController, Application, FormRequest, handles, type Router } from 'switchyard-http';

class MessageRequest extends FormRequest {
  override rules() { return { message: 'required|string|max:255' }; }
}
class EchoAction extends Action {
  override methods = ['POST'];
  @handles() handle(request: MessageRequest) { return request.validated(); }
}
class SystemController extends ActionController {
  actions = { echo: EchoAction };
}
function apiRoutes(router: Router) {
  router.svc('/system', SystemController, ['POST']);
}

async function main(): Promise<void> {
  const app = new Application().withRouting({ api: apiRoutes });
  const { port } = await app.listen(0, '127.0.0.1');
  const res = await fetch(`http://127.0.0.1:${port}/api/system?action=echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":"typed"}' });
  const text = await res.text();
  await app.close();
  if (res.status !== 200 || text !== '{"message":"typed"}') {
    console.error('CommonJS TypeScript consumer check failed:', res.status, text);
    process.exit(1);
  }
  console.log('consumer check (CommonJS, TypeScript): types check under strict, the compiled require() answers');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
