import { Application, type SwitchyardOptions } from '../../src/index.js';
import { AUTH_TOKENS, Authenticate } from './authenticate.js';
import { AccountController } from './account-controller.js';

/**
 * An application whose `/api/account` endpoint requires a bearer token. The
 * token table is bound in the container, `Authenticate` is resolved from it
 * under the `auth` alias, and the route asks for `auth`.
 */
export function createAuthApp(tokens: Record<string, string>, options: SwitchyardOptions = {}): Application {
  const app = new Application(options);
  app.container.bind(AUTH_TOKENS).toConstantValue(tokens);
  app.aliasMiddleware('auth', Authenticate);
  return app.withRouting({
    api: (router) => {
      router.svc('/account', AccountController, ['GET']).name('account').middleware('auth');
    },
  });
}
