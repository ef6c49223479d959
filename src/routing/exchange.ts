import type { HttpRequest } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import type { Awaitable } from '../awaitable.js';
import type { Handler } from '../http/compose.js';
import type { NotFoundError } from '../errors/http-error.js';
import type { FormRequest } from '../form-request.js';
import type { ActionPlan, ActionTable, FormRequestPlan } from './action-table.js';

/** One step of a route's pipeline: answers, or calls `exchange.next()` to go on. */
export type Stage = (exchange: Exchange) => Awaitable<JsonResponse>;

/** What the stages read of the matched route (a `Route`; declared here so the two files do not import each other). */
export interface ExchangeRoute {
  readonly path: string;
  /** The route's `Allow` header. */
  readonly allow: string;
  readonly selectsAction: boolean;
  readonly actions: ActionTable | undefined;
  readonly stages: readonly Stage[];
  /** Behind the `precognitive` middleware. */
  readonly precognitive: boolean;
  /** A plain route's form request. */
  readonly form: FormRequestPlan | undefined;
  accepts(method: string): boolean;
  /** The route's middleware, composed at boot around the stages after it. */
  readonly composedMiddleware: Handler<Exchange>;
  callHandler(request: HttpRequest, form: FormRequest | undefined): Awaitable<JsonResponse>;
}

/**
 * Everything the pipeline decides about one request, in one typed record:
 * the route, the selected action (or the 404 held back until route
 * middleware has run), the form request, and where the request is in the
 * route's ordered stages. Made by the kernel, one per request; middleware
 * never sees it (it is threaded past them by `compose`).
 */
export class Exchange {
  /** The request as the last middleware passed it on. */
  request: HttpRequest;
  /** The matched route; undefined when no route matched (404). */
  readonly route: ExchangeRoute | undefined;
  /** The selected action (svc routes). */
  plan: ActionPlan | undefined = undefined;
  /** The 404 for an action that does not exist, answered after route middleware (svc routes). */
  missing: NotFoundError | undefined = undefined;
  /** The form request, once it passed (a svc action's, or a plain route's). */
  form: FormRequest | undefined = undefined;
  #step = 0;

  constructor(request: HttpRequest, route: ExchangeRoute | undefined) {
    this.request = request;
    this.route = route;
  }

  /** Runs the route's next stage. */
  next(): Awaitable<JsonResponse> {
    return this.route!.stages[this.#step++]!(this);
  }

  /**
   * True when the request reached what answers Precognition: an action with
   * `precognition = true` once selected, or a route behind the `precognitive`
   * middleware. Every answer then varies on `Precognition`, and only then is
   * a prediction answered as one.
   */
  get variesOnPrecognition(): boolean {
    return this.plan?.precognition === true || this.route?.precognitive === true;
  }
}
