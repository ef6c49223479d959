import type { ActionRuleSet, RuleSetsDocument } from '../typing/rule-sets.js';
import { CliError } from './cli-error.js';
import type { DescribableApplication } from './load-app.js';
import { openapiJson } from './openapi-command.js';

/** The parts of an OpenAPI operation read here. */
interface Operation {
  readonly 'x-switchyard'?: { readonly route?: string; readonly action?: string };
  readonly 'x-switchyard-rules'?: ActionRuleSet;
}

/**
 * `switchyard rules`: every action's form request as data (route path →
 * action name → its rules in Laravel's string form, messages, attributes,
 * and which rules need the server), the document the typed client takes as
 * `rules` to check input in the browser. Read from the application's own
 * OpenAPI document (`x-switchyard-rules`), so the application's copy of the
 * package reads its rules. Indented JSON.
 */
export function rulesJson(app: DescribableApplication): string {
  const document = JSON.parse(openapiJson(app)) as { paths?: Record<string, Record<string, Operation>> };
  if (typeof document.paths !== 'object' || document.paths === null) {
    throw new CliError('The application built an OpenAPI document without paths: it was built with an incompatible switchyard version.');
  }
  const routes: Record<string, Record<string, ActionRuleSet>> = {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const where = operation['x-switchyard'];
      const rules = operation['x-switchyard-rules'];
      if (rules === undefined || where?.route === undefined || where.action === undefined) continue;
      (routes[where.route] ??= {})[where.action] = rules;
    }
  }
  const out: RuleSetsDocument = { switchyardRules: 1, routes };
  return JSON.stringify(out, null, 2) + '\n';
}
