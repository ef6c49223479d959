/**
 * `npm test`: runs every `*.test.js` under dist/tests with uvu and ends with
 * one plain line `N passed, N failed`. It exits non-zero whenever a test did
 * not pass — including tests uvu counts but never runs (a failing `before`
 * hook leaves them unrun while uvu itself still exits 0).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const uvu = fileURLToPath(new URL('../../node_modules/uvu/bin.js', import.meta.url));
const tests = fileURLToPath(new URL('.', import.meta.url));

const child = spawn(process.execPath, [uvu, tests, '\\.test\\.js$'], { stdio: ['ignore', 'pipe', 'inherit'] });
let output = '';
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  output += chunk.toString();
});
child.on('close', (code) => {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const count = (label: string) => Number(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(plain)?.[1] ?? 0);
  const total = count('Total');
  const passed = count('Passed');
  const skipped = count('Skipped');
  let failed = total - passed - skipped;
  if ((code !== 0 || total === 0) && failed === 0) failed = 1;
  console.log(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
  process.exit(failed === 0 ? 0 : 1);
});
