import type { ActionSource, SwitchyardConfig } from '../config.js';
import { NotFoundError } from '../errors/http-error.js';
import { hasOwnKey, own, type InputBag } from '../http/own.js';
import type { ActionPlan, ActionTable } from '../routing/action-table.js';
import { DEFAULT_ACTION } from '../action-controller.js';
import type { Stage } from '../routing/exchange.js';
import { publishAction } from '../diagnostics/channels.js';

/**
 * Chooses the action of a `svc` route (SPEC selection rules 1-8).
 *
 * - The key's presence and value come from the configured source only;
 *   `both` is body over query, as the host framework's `input()`.
 * - A string value equal to a registered name selects it (exact, Map lookup,
 *   so `toString` or `__proto__` are never found). `/` is never selectable.
 * - Key absent: `/`, else `*`. Key present but not selectable: `*`. Else 404.
 */
export function selectAction(table: ActionTable, key: string, source: ActionSource, query: InputBag, body: InputBag): ActionPlan {
  // The one bag the key is read from: `both` is body over query.
  const bag = source === 'query' ? query : source === 'body' ? body : hasOwnKey(body, key) ? body : query;
  const present = hasOwnKey(bag, key);
  const value = present ? own(bag, key) : undefined;

  if (!present) {
    const reserved = table.defaultAction ?? table.fallbackAction;
    if (reserved) return reserved;
    throw new NotFoundError('No action was given.');
  }
  if (typeof value === 'string' && value !== DEFAULT_ACTION) {
    const plan = table.byName.get(value);
    if (plan) return plan;
  }
  if (table.fallbackAction) return table.fallbackAction;
  throw new NotFoundError('The action does not exist.');
}

/**
 * The stage: selects the action for the request's input. An unknown action
 * is not answered yet: its 404 is held back until route middleware has run,
 * so callers must pass authentication or a signature before they can learn
 * which action names exist.
 */
export function selectActionStage(config: SwitchyardConfig): Stage {
  const key = config.action_key;
  const source = config.action_source;
  return (exchange) => {
    const request = exchange.request;
    try {
      const plan = selectAction(exchange.route!.actions!, key, source, request.query(), request.body());
      exchange.plan = plan;
      request.selectAction(plan.name);
      publishAction(exchange, plan.name, exchange.route!.actions!.controller);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      exchange.missing = error;
    }
    return exchange.next();
  };
}
