import { Action, ActionController, type HttpRequest } from '../../src/index.js';

/** GET ?action=whoami: who the bearer token belongs to, and which action ran. */
class WhoAmIAction extends Action {
  handle(request: HttpRequest) {
    return { user: request.attributes.get('auth.user'), action: request.attributes.get('svc.action') };
  }
}

/** A controller whose route is protected by the `auth` middleware. */
export class AccountController extends ActionController {
  actions = { whoami: WhoAmIAction };
}
