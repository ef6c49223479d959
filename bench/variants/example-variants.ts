import {
  Action,
  ActionController,
  Application,
  handles,
  type ActionClass,
  type HttpRequest,
  type SwitchyardOptions,
} from '../../src/index.js';
import { ValidationError } from '../../src/errors/validation-error.js';
import { EchoAction } from '../../examples/system/actions/echo-action.js';
import { StatusAction } from '../../examples/system/actions/status-action.js';
import { MessageRequest } from '../../examples/system/requests/message-request.js';

/**
 * The example application (examples/system) with one of its actions
 * replaced, for the benchmark's variants (pieces.ts). Each class differs
 * from the example's own in the one piece its name says.
 */
export function exampleWith(actions: { status?: ActionClass; echo?: ActionClass }, options: SwitchyardOptions = {}): Application {
  class VariantController extends ActionController {
    actions = { status: actions.status ?? StatusAction, echo: actions.echo ?? EchoAction };
  }
  return new Application(options).withRouting({
    api: (router) => router.svc('/system', VariantController, ['GET', 'POST']).name('system'),
  });
}

/** Echo without `precognition = true`: its answers no longer vary on `Precognition`. */
export class EchoWithoutPrecognition extends EchoAction {
  override precognition = false;
}

/** Echo checking `message` by hand (a string of at most 255 characters, else 422): no form request, no rule engine. */
export class EchoWithoutFormRequest extends Action {
  override methods = ['POST'];
  override precognition = true;
  static response = EchoAction.response;

  handle(request: HttpRequest) {
    const message = request.input('message');
    if (typeof message !== 'string' || message === '' || message.length > 255) {
      throw new ValidationError({ message: ['The message field must be a string of at most 255 characters.'] });
    }
    return { message };
  }
}

/** Echo with its form request, answering from `input()` instead of `validated()`. */
export class EchoWithoutValidated extends Action {
  override methods = ['POST'];
  override precognition = true;
  static response = EchoAction.response;

  @handles()
  handle(request: MessageRequest) {
    return { message: request.input('message') };
  }
}

/** Status without a declared response: its answer is written with `JSON.stringify`. */
export class StatusWithoutDeclaredResponse extends Action {
  handle() {
    return { status: 'ok' };
  }
}

/** Echo without a declared response. */
export class EchoWithoutDeclaredResponse extends Action {
  override methods = ['POST'];
  override precognition = true;

  @handles()
  handle(request: MessageRequest) {
    return request.validated();
  }
}
