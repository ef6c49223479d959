import { ActionController } from '../../src/index.js';
import { StatusAction } from './actions/status-action.js';
import { EchoAction } from './actions/echo-action.js';

/** The spec's example endpoint: two public action names. */
export class SystemController extends ActionController {
  actions = {
    status: StatusAction,
    echo: EchoAction,
  };
}
