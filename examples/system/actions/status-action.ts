import { Action } from '../../../src/index.js';

/** GET ?action=status: reports that the service is up. */
export class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}
