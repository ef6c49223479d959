// Completes package-lock.json with the platform packages the registry
// mirror of this workplace does not serve (the Windows, macOS, musl...
// builds of @biomejs/biome and @swc/core). npm leaves them out of the lock
// when it cannot fetch their metadata, and `npm ci` then refuses the lock.
// Each added entry carries only its version, os, cpu and libc, so npm skips
// it on every other platform and never fetches it here. Idempotent; run by
// .ci/run before `npm ci`, and after any `npm install` (npm run lock:complete).
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
const OSES = ['win32', 'darwin', 'linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'openharmony', 'sunos', 'aix', 'cygwin'];
const CPUS = ['x64', 'arm64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];
const added = [];
for (const entry of Object.values(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key] !== undefined) continue;
    const parts = dep.split('/').pop().split('-');
    const os = parts.find((p) => OSES.includes(p));
    const cpu = parts.find((p) => CPUS.includes(p)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
    if (os === undefined || cpu === undefined) {
      console.error(`complete-lock: cannot tell the platform of ${dep}; add it to package-lock.json by hand`);
      process.exit(1);
    }
    const added_entry = { version: range.replace(/^[\^~=]/, ''), cpu: [cpu], optional: true, os: [os] };
    if (entry.dev) added_entry.dev = true;
    if (os === 'linux') added_entry.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
    packages[key] = added_entry;
    added.push(dep);
  }
}
if (added.length > 0) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lock: added ${added.length} platform entries`);
}
