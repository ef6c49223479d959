import { Action, ActionController, Application, FormRequest, type ActionSource } from '../../src/index.js';

class MessageRequest extends FormRequest {
  override rules() {
    return { message: 'required|string|max:255' };
  }
}

class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

class EchoAction extends Action {
  override methods = ['POST'];
  override precognition = true;
  static override formRequest = MessageRequest;
  handle(request: MessageRequest) {
    return request.validated();
  }
}

class DefaultAction extends Action {
  override methods = ['GET', 'POST'];
  handle() {
    return { action: '/' };
  }
}

class CorpusController extends ActionController {
  actions = { status: StatusAction, echo: EchoAction, '/': DefaultAction, '*': StatusAction };
}

/** An application serving `/api/corpus` with the given action source, reporting 500s to `report`. */
export function corpusApp(source: ActionSource, report: (error: unknown) => void): Application {
  return new Application({ action_source: source, report, headers_timeout: 2000, request_timeout: 3000 }).withRouting({
    api: (router) => {
      router.svc('/corpus', CorpusController, ['GET', 'POST']);
    },
  });
}
