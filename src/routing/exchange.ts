import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpRequest, type RequestRoute } from '../http/request.js';
import type { RequestRecord } from '../http/request/request-record.js';
import type { SwitchyardConfig } from '../config.js';
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
 * The one record of one request, made by the kernel as the request arrives
 * (it makes the request too) and passed to every stage, to the kernel's
 * observers and, through `request.record`, to what only has the request.
 * It holds:
 *
 * - `request`: the request as the last middleware passed it on;
 * - `route`: the matched route (undefined: 404);
 * - `plan`: the selected action (`svc` routes), and `selectedAction`, its name;
 * - `missing`: the 404 for an unknown action, held back until route middleware has run;
 * - `form`: the form request, once it passed;
 * - where the request is in the route's ordered stages (`next()`);
 * - `requestId` and `startedAt`: set by request logging as the request begins;
 * - `published`: diagnostics' record while the request is published.
 *
 * The request reads its id, start and selected action from here; nothing
 * else keeps per-request state. Middleware never sees the exchange (it is
 * threaded past them by `compose`).
 */
export class Exchange implements RequestRecord {
  /** The request as the last middleware passed it on. */
  request: HttpRequest;
  /** The matched route; undefined when no route matched (404). */
  readonly route: (ExchangeRoute & RequestRoute) | undefined;
  /** The selected action (svc routes). */
  plan: ActionPlan | undefined = undefined;
  /** The 404 for an action that does not exist, answered after route middleware (svc routes). */
  missing: NotFoundError | undefined = undefined;
  /** The form request, once it passed (a svc action's, or a plain route's). */
  form: FormRequest | undefined = undefined;
  /** The request's id, when request logging is on. */
  requestId: string | undefined = undefined;
  // NaN, not 0: the field always holds a fraction (`performance.now()`), so it starts as one; a field that
  // changes kind slows every exchange down (tests/logging/field-representation holds it).
  /** When request logging saw the request begin (`performance.now()`). */
  startedAt = Number.NaN;
  /** Diagnostics' record of the request while it is published. */
  published: object | undefined = undefined;
  #step = 0;

  /** Makes the record and its request (`HttpRequest`'s arguments, less the record). */
  constructor(
    raw: IncomingMessage,
    res: ServerResponse,
    path: string,
    rawQuery: string,
    config: SwitchyardConfig,
    route: (ExchangeRoute & RequestRoute) | undefined,
  ) {
    this.route = route;
    this.request = new HttpRequest(raw, res, path, rawQuery, config, this);
  }

  /** The selected action's registered name. */
  get selectedAction(): string | undefined {
    return this.plan?.name;
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
