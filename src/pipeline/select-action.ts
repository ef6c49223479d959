import type { ActionSource } from '../config.js';
import { NotFoundError } from '../errors/http-error.js';
import { hasOwnKey, own, type InputBag } from '../http/own.js';
import type { ActionPlan, ActionTable } from './action-plan.js';
import { DEFAULT_ACTION } from '../action-controller.js';

/**
 * Stage 1 of a `svc` route: chooses the action (SPEC selection rules 1-8).
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
