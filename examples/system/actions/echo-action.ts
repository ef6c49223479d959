import { Action, handles } from '../../../src/index.js';
import { MessageRequest } from '../requests/message-request.js';

/** POST ?action=echo: returns the validated fields. Supports Precognition. */
export class EchoAction extends Action {
  override methods = ['POST'];
  override precognition = true;
  /** The 200 body: only `message` is ever sent back. */
  static response = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };

  @handles()
  handle(request: MessageRequest) {
    return request.validated();
  }
}
