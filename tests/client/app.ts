/**
 * The client tests' second application, beside the example: a shop with
 * richer rules (nested, wildcards, `in:`, nullable, integers), literal
 * methods, an action that always refuses (403), a throttled route (429), a
 * bearer-token route (401) and actions without a form request.
 */
import {
  Action,
  ActionController,
  Application,
  AuthenticationError,
  FormRequest,
  handles,
  json,
  type HttpRequest,
  type SwitchyardOptions,
} from '../../src/index.js';

export class OrderRequest extends FormRequest {
  override rules() {
    return {
      customer: 'required|string|max:40',
      note: 'nullable|string',
      express: 'boolean',
      size: 'required|in:s,m,l',
      items: 'required|array|min:1',
      'items.*.sku': 'required|string',
      'items.*.qty': 'required|integer|min:1',
      'address.city': 'required|string',
      'address.zip': ['string', 'size:5'],
    } as const;
  }
}

/** POST ?action=place: places an order (echoes it with an id). Supports Precognition. */
export class PlaceOrderAction extends Action {
  override methods = ['POST'] as const;
  override precognition = true;

  @handles()
  handle(request: OrderRequest) {
    return { id: 7, order: request.validated() };
  }
}

export class SearchRequest extends FormRequest {
  override rules() {
    return { q: 'required|string', page: 'integer|min:1', exact: 'boolean', 'tags.*': 'string' } as const;
  }
}

/** GET ?action=search: a form request read from the query string. */
export class SearchAction extends Action {
  override methods = ['GET'] as const;
  override precognition = true;

  @handles()
  handle(request: SearchRequest) {
    return { query: request.validated() };
  }
}

class RefuseRequest extends FormRequest {
  override authorize() {
    return false;
  }
}

/** POST ?action=refuse: `authorize()` always says no. */
export class RefuseAction extends Action {
  override methods = ['POST'];

  @handles()
  handle(_request: RefuseRequest) {
    return { never: true };
  }
}

/** GET ?action=ping: no form request, a JsonResponse (untyped body). */
export class PingAction extends Action {
  handle(request: HttpRequest) {
    return json({ pong: true, query: request.query() });
  }
}

/** DELETE ?action=clear: no body back (204). */
export class ClearAction extends Action {
  override methods = ['DELETE'] as const;
  handle() {
    return undefined;
  }
}

export class ShopController extends ActionController {
  actions = { place: PlaceOrderAction, search: SearchAction, refuse: RefuseAction, ping: PingAction, clear: ClearAction };
}

/** GET ?action=status, with a tight limit or a token in front. */
class GuardedStatusAction extends Action {
  handle() {
    return { status: 'ok' };
  }
}

export class GuardedController extends ActionController {
  actions = { status: GuardedStatusAction };
}

/** The routes, as the client sees them: `/api/shop`, `/api/limited` (2 a minute), `/api/private` (bearer `secret`). */
export type ShopApi = { shop: typeof ShopController; limited: typeof GuardedController; private: typeof GuardedController };

export function createShopApp(options: SwitchyardOptions = {}): Application {
  const app = new Application(options);
  app.aliasMiddleware('token', (request, next) => {
    if (request.header('authorization') !== 'Bearer secret') throw new AuthenticationError();
    return next(request);
  });
  return app.withRouting({
    api: (router) => {
      router.svc('/shop', ShopController, ['GET', 'POST', 'DELETE']);
      router.svc('/limited', GuardedController, ['GET']).middleware('throttle:2,1');
      router.svc('/private', GuardedController, ['GET']).middleware('token');
    },
  });
}
