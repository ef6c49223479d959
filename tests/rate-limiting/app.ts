/**
 * The application the rate-limiting tests throttle: one endpoint with three
 * actions (`status`, `export`, and `save`, which validates and supports
 * Precognition), and an `auth.user` set from an `X-User` header.
 */
import {
  Action,
  ActionController,
  Application,
  FormRequest,
  handles,
  type MiddlewareSpec,
  type SwitchyardOptions,
} from '../../src/index.js';

class StatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

class ExportAction extends Action {
  handle() {
    return { exported: true };
  }
}

class SaveRequest extends FormRequest {
  override rules() {
    return { name: 'required|string|max:20' };
  }
}

class SaveAction extends Action {
  override methods = ['POST'];
  override precognition = true;

  @handles()
  handle(request: SaveRequest) {
    return request.validated();
  }
}

export class ThrottledController extends ActionController {
  actions = { status: StatusAction, export: ExportAction, save: SaveAction };
}

/**
 * `/api/items` and `/api/other` (the same actions) behind `middleware`, and
 * `/api/free` without any. A request with `X-User: name` is authenticated as `name`.
 */
export function throttledApp(middleware: MiddlewareSpec[], options: SwitchyardOptions = {}): Application {
  const app = new Application(options);
  app.aliasMiddleware('user', (request, next) => {
    const user = request.header('x-user');
    if (user !== undefined) request.attributes.set('auth.user', user);
    return next(request);
  });
  return app.withRouting({
    api: (router) => {
      router.svc('/items', ThrottledController, ['GET', 'POST']).middleware('user', ...middleware);
      router.svc('/other', ThrottledController, ['GET', 'POST']).middleware('user', ...middleware);
      router.svc('/free', ThrottledController, ['GET', 'POST']);
    },
  });
}
