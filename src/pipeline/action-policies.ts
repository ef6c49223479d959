import type { SwitchyardConfig } from '../config.js';
import { PayloadTooLargeError } from '../errors/http-error.js';
import type { ErrorRenderer, Handler } from '../http/compose.js';
import type { RequestLimits } from '../http/request.js';
import type { JsonResponse } from '../http/response.js';
import { plansOf, type ActionPlan, type ActionTable } from '../routing/action-table.js';
import type { Exchange, Stage } from '../routing/exchange.js';
import { withDeadline } from './deadline.js';

/**
 * What boot worked out of the actions' own policies (`static middleware`,
 * `throttle`, `bodyLimit`, `timeout`), for the stages after selection. The
 * stages that apply only to some actions are left out of the route's list
 * when no action declares them.
 */
export class ActionPolicies {
  /** Each action's own middleware, composed once around the rest of its stages. */
  readonly #middleware: ReadonlyMap<ActionPlan, Handler<Exchange>>;
  /** The body limits of actions with their own, and of each table the largest (bodies read to select). */
  readonly #limits = new Map<ActionPlan | ActionTable, RequestLimits>();
  readonly #config: SwitchyardConfig;
  readonly deadlines: boolean;

  constructor(config: SwitchyardConfig, tables: readonly ActionTable[], middleware: ReadonlyMap<ActionPlan, Handler<Exchange>>) {
    this.#config = config;
    this.#middleware = middleware;
    let deadlines = false;
    for (const table of tables) {
      let largest = config.body_limit;
      for (const plan of plansOf(table)) {
        const { bodyLimit, timeout } = plan.policy;
        if (timeout !== undefined) deadlines = true;
        if (bodyLimit === undefined) continue;
        this.#limits.set(plan, { ...config, body_limit: bodyLimit });
        largest = Math.max(largest, bodyLimit);
      }
      if (largest !== config.body_limit) this.#limits.set(table, { ...config, body_limit: largest });
    }
    this.deadlines = deadlines;
  }

  /** True when some action has middleware of its own. */
  get middleware(): boolean {
    return this.#middleware.size > 0;
  }

  /** The limits the selected action's body is read within. */
  limitsOf(plan: ActionPlan): RequestLimits {
    return this.#limits.get(plan) ?? this.#config;
  }

  /** The limits a body read before selection is read within: the largest of the route's actions. */
  limitsToSelect(table: ActionTable | undefined): RequestLimits {
    return (table === undefined ? undefined : this.#limits.get(table)) ?? this.#config;
  }

  /** The stage that runs the selected action's own middleware, if it has any. */
  middlewareStage(): Stage {
    const composed = this.#middleware;
    return (exchange) => {
      const run = composed.get(exchange.plan!);
      return run === undefined ? exchange.next() : run(exchange.request, exchange);
    };
  }

  /** The stage that gives the rest of the request the selected action's own deadline, if it has one. */
  deadlineStage(render: ErrorRenderer): Stage {
    return (exchange) => {
      const ms = exchange.plan!.policy.timeout;
      if (ms === undefined) return exchange.next();
      let running: Promise<JsonResponse>;
      try {
        running = Promise.resolve(exchange.next());
      } catch (error) {
        return Promise.reject(error);
      }
      return withDeadline(running, ms, exchange.request, render);
    };
  }

  /** The stage that reads the body the selected action needs, within its limit. */
  readBodyStage(): Stage {
    return (exchange) => {
      const request = exchange.request;
      const plan = exchange.plan!;
      const limits = this.limitsOf(plan);
      if (request.bodyLoaded) {
        // Read before selection within the route's largest limit: the selected action's own still holds.
        if (request.bodyBytes > limits.body_limit) throw new PayloadTooLargeError(limits.body_limit);
        return exchange.next();
      }
      if (!plan.readsBody) return exchange.next();
      return request.loadBody(limits).then(() => exchange.next());
    };
  }
}
