import { Action, handles } from '../../../src/index.js';
import { MessageRequest } from '../requests/message-request.js';

/** POST ?action=echo: returns the validated fields. Supports Precognition. */
export class EchoAction extends Action {
  override methods = ['POST'];
  override precognition = true;

  @handles()
  handle(request: MessageRequest) {
    return request.validated();
  }
}
