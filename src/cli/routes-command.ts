import type { ActionDescription, RouteDescription } from './describe-routes.js';
import { textTable } from './text-table.js';

const HEADER = ['METHOD', 'PATH', 'NAME', 'ACTION', 'HANDLER', 'FORM REQUEST', 'PRECOGNITION', 'MIDDLEWARE'];

/** `switchyard routes --json`: the description as JSON, one route per array item. */
export function routesAsJson(routes: readonly RouteDescription[]): string {
  return JSON.stringify(routes, null, 2) + '\n';
}

/**
 * `switchyard routes`: one row per route, then one row per action of a `svc`
 * route (its methods, name, class, form request, Precognition, middleware).
 */
export function routesAsText(routes: readonly RouteDescription[]): string {
  if (routes.length === 0) return 'The application has no routes.\n';
  const rows: string[][] = [];
  let actions = 0;
  for (const route of routes) {
    rows.push([route.methods.join('|'), route.path, route.name ?? '', '', route.handler, '', '', route.middleware.join(', ')]);
    for (const action of route.actions ?? []) {
      actions++;
      rows.push([
        action.methods.join('|'),
        '',
        '',
        actionLabel(action),
        action.class,
        action.formRequest ?? '',
        action.precognition ? 'yes' : '',
        action.middleware.join(', '),
      ]);
    }
  }
  const counted = `${routes.length} ${routes.length === 1 ? 'route' : 'routes'}`;
  const withActions = actions === 0 ? '' : ` with ${actions} ${actions === 1 ? 'action' : 'actions'}`;
  return `${textTable(HEADER, rows)}\n\nShowing ${counted}${withActions}.\n`;
}

/** The reserved names read as what they are. */
function actionLabel(action: ActionDescription): string {
  if (action.name === '/') return '/ (default)';
  if (action.name === '*') return '* (fallback)';
  return action.name;
}
