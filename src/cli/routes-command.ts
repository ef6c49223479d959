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
    rows.push([route.methods.join('|'), route.path, route.name ?? '', '', route.handler, '', '', route.middleware.join(', '), '']);
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
        limits(action),
      ]);
    }
  }
  // The LIMITS column only when some action declares its own body limit or deadline.
  const limited = rows.some((row) => row[8] !== '');
  const header = limited ? [...HEADER, 'LIMITS'] : HEADER;
  const table = limited ? rows : rows.map((row) => row.slice(0, 8));
  const counted = `${routes.length} ${routes.length === 1 ? 'route' : 'routes'}`;
  const withActions = actions === 0 ? '' : ` with ${actions} ${actions === 1 ? 'action' : 'actions'}`;
  return `${textTable(header, table)}\n\nShowing ${counted}${withActions}.\n`;
}

/** An action's own body limit and deadline, when it declares them. */
function limits(action: ActionDescription): string {
  const parts: string[] = [];
  if (action.bodyLimit !== null) parts.push(`body ${action.bodyLimit} B`);
  if (action.timeout !== null) parts.push(`timeout ${action.timeout} ms`);
  return parts.join(', ');
}

/** The reserved names read as what they are. */
function actionLabel(action: ActionDescription): string {
  if (action.name === '/') return '/ (default)';
  if (action.name === '*') return '* (fallback)';
  return action.name;
}
