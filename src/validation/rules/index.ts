/**
 * Every built-in rule, by canonical name: the union of the families. Adding a
 * rule is one entry in one family file (see `definition.ts`).
 */
import { ARRAYS } from './arrays.js';
import { COMPARISON } from './comparison.js';
import { DATABASE } from './database.js';
import { DATES } from './dates.js';
import { EXCLUSION } from './exclusion.js';
import type { RuleDefinition } from './definition.js';
import { FILES } from './files.js';
import { FORMATS } from './formats.js';
import { NUMBERS } from './numbers.js';
import { PRESENCE } from './presence.js';
import { ruleKey } from '../rule-parser.js';
import { COMPARED_SIZES, SIZES } from './sizes.js';
import { STRINGS } from './strings.js';
import { TYPES } from './types.js';

export const RULES = {
  ...PRESENCE,
  ...EXCLUSION,
  ...TYPES,
  ...ARRAYS,
  ...SIZES,
  ...COMPARED_SIZES,
  ...NUMBERS,
  ...STRINGS,
  ...FORMATS,
  ...DATES,
  ...COMPARISON,
  ...DATABASE,
  ...FILES,
} as const satisfies Readonly<Record<string, RuleDefinition>>;

/** A rule name of the table. */
export type RuleName = keyof typeof RULES;

const BY_KEY = new Map<string, RuleName>();
for (const name of Object.keys(RULES) as RuleName[]) {
  BY_KEY.set(ruleKey(name), name);
  const def = RULES[name] as RuleDefinition;
  for (const alias of def.aliases ?? []) BY_KEY.set(ruleKey(alias), name);
}

/** The canonical name of a rule as written (`requiredIf`, `REQUIRED_IF`, `int`), or undefined. */
export function canonicalRule(written: string): RuleName | undefined {
  return BY_KEY.get(ruleKey(written));
}
