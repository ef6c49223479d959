/**
 * The test runner: `node dist/tests/runner.js [unit|integration|all] [pattern]`
 * runs that tier's `*.test.js` files under dist/tests (`all`, the default:
 * both tiers at once, each in its own workers) in parallel worker processes
 * with uvu, and ends with one plain line `N passed, N failed`. It exits
 * non-zero whenever a test did not pass (runner/pool.ts says what counts as a
 * failure). A pattern (a regular expression) keeps the files whose path under
 * dist/tests matches it. Tiers are by file name: runner/find-tests.ts.
 * TEST_WORKERS sets the number of workers per tier.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { findTests, type Tier } from './runner/find-tests.js';
import { type Counts, runPool } from './runner/pool.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const [argument = 'all', pattern] = process.argv.slice(2);
if (argument !== 'unit' && argument !== 'integration' && argument !== 'all') {
  console.error(`usage: node dist/tests/runner.js [unit|integration|all] [pattern] (got "${argument}")`);
  process.exit(2);
}
const tiers: Tier[] = argument === 'all' ? ['unit', 'integration'] : [argument];
const only = pattern === undefined ? null : new RegExp(pattern);
// Two even on one core: integration files mostly wait on sockets and processes.
const workers = Number(process.env['TEST_WORKERS']) || Math.max(2, Math.min(4, availableParallelism()));
// A unit file runs in seconds; an integration file may start a browser or a database.
const fileTimeoutMs: Record<Tier, number> = { unit: 120_000, integration: 300_000 };

const line = (counts: Counts) =>
  `${counts.passed} passed, ${counts.failed} failed${counts.skipped > 0 ? `, ${counts.skipped} skipped` : ''}`;

async function runTier(tier: Tier): Promise<{ counts: Counts; summary: string }> {
  const started = performance.now();
  const files = findTests(root, tier).filter((test) => only === null || only.test(test.name));
  const counts = await runPool(files, { tier, workers, fileTimeoutMs: fileTimeoutMs[tier] });
  const seconds = (performance.now() - started) / 1000;
  const slowest = [...counts.seconds].sort((a, b) => b[1] - a[1]).slice(0, 3);
  const summary =
    `${tier} tier: ${line(counts)} in ${seconds.toFixed(1)} s (${files.length} files, ${workers} workers)` +
    `\n    slowest: ${slowest.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}`;
  return { counts, summary };
}

const results = await Promise.all(tiers.map(runTier));
const total: Counts = { passed: 0, failed: 0, skipped: 0, failedFiles: [], seconds: new Map() };
console.log('');
for (const { counts, summary } of results) {
  console.log(`  ${summary}`);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  total.failedFiles.push(...counts.failedFiles);
}
if (total.passed + total.failed + total.skipped === 0) total.failed = 1; // ran no test at all
for (const name of total.failedFiles) console.log(`  failed: ${name}`);
console.log(`\n${line(total)}`);
process.exit(total.failed === 0 ? 0 : 1);
