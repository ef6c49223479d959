import { Action } from '../../../src/index.js';

/** GET ?action=status: reports that the service is up. */
export class StatusAction extends Action {
  /** The 200 body: compiled once to its serializer, and the OpenAPI document's schema. */
  static response = { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] };

  handle() {
    return { status: 'ok' };
  }
}
