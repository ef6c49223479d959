#!/usr/bin/env node
// The system packages the integration tests start (redis-server, Chromium,
// PostgreSQL): checks each is present and, when one is missing, installs it
// with Debian's apt-get (as root), or says which tests would fail without it
// and exits 1. Run by `npm test` and `npm run test:integration` (their `pre`
// scripts) and by .ci/run. With everything present it only looks at files:
// no apt-get, no process started.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** An executable on PATH (what `command -v` finds). */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {}
  }
  return false;
}

const postgresBin = () => {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin', 'pg_ctl')));
};

const packages = [
  {
    name: 'redis-server',
    present: () => onPath('redis-server'),
    tests: 'the Redis rate-limiting tests (tests/rate-limiting/redis-*, cluster)',
  },
  {
    name: 'chromium',
    // tests/helpers/browser.ts launches this exact path.
    present: () => existsSync('/usr/bin/chromium'),
    tests: 'the browser tests (Precognition form, Swagger UI, the client in a page)',
  },
  {
    name: 'postgresql',
    // tests/database/postgres-server.ts looks on PATH, then in Debian's versioned folder.
    present: () => (onPath('initdb') && onPath('pg_ctl')) || postgresBin(),
    tests: 'the database presence tests (exists / unique on PostgreSQL)',
  },
];

const missing = () => packages.filter((pkg) => !pkg.present());

function explain(list, why) {
  console.error(`The integration tests need ${list.map((pkg) => pkg.name).join(', ')}, which ${why}.`);
  for (const pkg of list) console.error(`  without ${pkg.name}: ${pkg.tests} fail`);
  console.error(
    `Install with: apt-get install ${list.map((pkg) => pkg.name).join(' ')} (as root), then run npm test again.` +
      '\n`npm run test:unit` needs none of them.',
  );
}

let absent = missing();
if (absent.length === 0) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (process.platform !== 'linux' || !onPath('apt-get')) {
  explain(absent, 'are missing, and this machine has no apt-get to install them');
  process.exit(1);
}
if (!isRoot) {
  explain(absent, 'are missing, and installing them needs root (apt-get)');
  process.exit(1);
}

const names = absent.map((pkg) => pkg.name);
console.error(`Installing ${names.join(', ')} with apt-get (the integration tests start them)...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...names]]) {
  const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) break;
}
absent = missing();
if (absent.length > 0) {
  explain(absent, 'apt-get could not install');
  process.exit(1);
}
