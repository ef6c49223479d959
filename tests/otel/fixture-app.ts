/** An application with each kind of answer a trace must tell apart: 200, 422, 403, 404 and 500. */
import { Action, ActionController, Application, FormRequest, handles, json } from '../../src/index.js';

class MessageRequest extends FormRequest {
  override authorize() {
    return true;
  }
  override rules() {
    return { message: 'required|string|max:255' };
  }
}
class RefusedRequest extends FormRequest {
  override authorize() {
    return false;
  }
  override rules() {
    return {};
  }
}
class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}
class EchoAction extends Action {
  override methods = ['POST'];
  @handles() handle(request: MessageRequest) {
    return request.validated();
  }
}
class SecretAction extends Action {
  @handles() handle(_request: RefusedRequest) {
    return { secret: true };
  }
}
class BrokenAction extends Action {
  handle(): never {
    throw new Error('database on fire');
  }
}
export class SystemController extends ActionController {
  actions = { status: StatusAction, echo: EchoAction, secret: SecretAction, broken: BrokenAction };
}

export function tracedApp(): Application {
  return new Application({ report: () => {} }).withRouting({
    api: (router) => {
      router.svc('/system', SystemController, ['GET', 'POST']);
      router.addRoute(['GET'], '/plain', () => json({ plain: true }));
    },
  });
}
