/** What a request knows of the route that matched it (the routing layer's `Route`). */
export interface RequestRoute {
  /** The route's path, e.g. `/api/items`. */
  readonly path: string;
  /** Its methods, `HEAD` included with `GET`. */
  readonly methods: readonly string[];
  /** Its name, if it has one. */
  getName(): string | undefined;
}

/**
 * What a request reads of its per-request record: the routing layer's
 * `Exchange` (src/routing/exchange.ts), which the kernel makes first and
 * which makes the request. The request keeps none of these itself, so each
 * has one place.
 */
export interface RequestRecord {
  /** The route that matched; undefined when none did (404). */
  readonly route: RequestRoute | undefined;
  /** The request's id when request logging is on. */
  readonly requestId: string | undefined;
  /** When request logging saw the request begin (`performance.now()`); NaN without logging. */
  readonly startedAt: number;
  /** The selected action's registered name (`svc` routes), once selected. */
  readonly selectedAction: string | undefined;
  /** Diagnostics' record of the request while it is published (src/diagnostics/channels.ts); undefined when nobody listens. */
  published: object | undefined;
}
