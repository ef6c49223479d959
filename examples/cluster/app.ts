import { Action, ActionController, Application, UrlSigner, type SwitchyardOptions } from '../../src/index.js';
import { inject, injectable } from 'inversify';
import apiRoutes from '../system/routes/api.js';
import { SystemController } from '../system/system-controller.js';

/** GET ?action=issue: a signed link to the status action, valid for five minutes. */
@injectable()
class IssueLinkAction extends Action {
  constructor(@inject(UrlSigner) private readonly signer: UrlSigner) {
    super();
  }

  handle() {
    return { url: this.signer.temporarySignedRoute('signed-system', 300, { action: 'status' }) };
  }
}

class LinkController extends ActionController {
  actions = { issue: IssueLinkAction };
}

/**
 * The example endpoint, plus `/api/links?action=issue`, which signs a URL for
 * `/api/signed/system` (behind the `signed` middleware). Every worker builds
 * the same app with the same APP_KEY, so any worker verifies any link.
 * `/api/limited` is throttled to 10 requests a minute per client: with the
 * Redis store (`rate_limit_store: 'redis'`) every worker counts in one place,
 * with the default memory store each worker counts on its own.
 * Each answer names its worker in `x-worker`.
 */
export function createClusterApp(options: SwitchyardOptions = {}): Application {
  const app = new Application(options);
  app.use(async (request, next) => (await next(request)).header('x-worker', String(process.pid)));
  return app.withRouting({
    api: (router) => {
      apiRoutes(router);
      router.svc('/signed/system', SystemController, ['GET', 'POST']).name('signed-system').middleware('signed');
      router.svc('/links', LinkController, ['GET']).name('links');
      router.svc('/limited', SystemController, ['GET', 'POST']).name('limited').middleware('throttle:10,1');
    },
  });
}
