import type { ControllerClass } from '../action-controller.js';
import type { HttpMethod } from '../action.js';
import { LogicException } from '../errors/logic-exception.js';
import { resolve } from '../container.js';
import { buildActionTable, type ActionTable } from '../routing/action-table.js';
import { expandMethods } from '../routing/methods.js';
import type { Route } from '../routing/route.js';
import type { Router } from '../routing/router.js';

/**
 * The body of the `svc` macro: registers `path` for every action of
 * `controller`. Everything that can be known at registration (the action
 * table, allowed methods, validators) is worked out here, once; the stages a
 * request goes through are in src/pipeline/dispatch.ts.
 */
export function registerSvcRoute(router: Router, path: string, controller: ControllerClass, methods: readonly HttpMethod[]): Route {
  if (!Array.isArray(methods) || methods.length === 0) {
    throw new LogicException(`svc("${path}"): give the list of HTTP methods the route allows.`);
  }
  const container = router.host.container;
  const instance = resolve(container, controller);
  const actions = instance.actions;
  if (actions === null || typeof actions !== 'object') {
    throw new LogicException(`${controller.name}: "actions" must map action names to action classes.`);
  }
  const table = buildActionTable(container, controller.name, actions);
  assertRouteAllows(controller.name, table, expandMethods(methods));
  return router.addRoute(methods, path, { actions: table });
}

/** Registration fails fast when an action accepts a method its route does not allow. */
function assertRouteAllows(controller: string, table: ActionTable, routeMethods: readonly string[]): void {
  const plans = [...table.byName.values()];
  if (table.defaultAction) plans.push(table.defaultAction);
  for (const plan of plans) {
    for (const method of plan.methods) {
      if (!routeMethods.includes(method)) {
        throw new LogicException(
          `${controller}: the action "${plan.name}" accepts ${method}, but the route only allows ${routeMethods.join(', ')}.`,
        );
      }
    }
  }
}
