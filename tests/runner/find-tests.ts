/**
 * The test files and their tier, by name alone, so a new file lands in one
 * without a list to update: `*.int.test.js` is the integration tier (sockets,
 * browser, Redis, PostgreSQL, child processes), every other `*.test.js` the
 * unit tier (in-process only; unit-guard.ts enforces it).
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export type Tier = 'unit' | 'integration';

export interface TestFile {
  /** Absolute path of the compiled file. */
  readonly file: string;
  /** Path under the tests folder, with `/`: what the output shows. */
  readonly name: string;
}

export const tierOf = (name: string): Tier => (name.endsWith('.int.test.js') ? 'integration' : 'unit');

export function findTests(root: string, tier: Tier): TestFile[] {
  const found: TestFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.js')) found.push({ file: path, name: relative(root, path).split(sep).join('/') });
    }
  };
  walk(root);
  return found.filter((test) => tierOf(test.name) === tier).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
