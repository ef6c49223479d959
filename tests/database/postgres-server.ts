/**
 * A real PostgreSQL for the presence tests, started by the test itself: a
 * fresh cluster (`initdb`) in a temporary directory, `pg_ctl start` on a
 * free loopback port with its Unix socket in that directory, stopped with
 * `pg_ctl stop -m immediate` (which signals the postmaster this started, by
 * the PID in its own pid file) and the directory removed. PostgreSQL
 * refuses to run as root, so under root (CI) the commands run as the
 * `postgres` system user that Debian's package creates, owning the
 * directory. No mock stands in for the database anywhere.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../helpers/apps.js';

const run = promisify(execFile);

export interface PostgresServer {
  readonly port: number;
  /** Connection settings for `pg` (TCP on 127.0.0.1, trust authentication, database `postgres`). */
  readonly connection: pg.PoolConfig;
  stop(): Promise<void>;
}

/** The directory holding `initdb` and `pg_ctl`: on PATH, else the newest /usr/lib/postgresql/<version>/bin. */
function binDir(): string {
  for (const dir of (process.env['PATH'] ?? '').split(':')) {
    if (dir !== '' && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (apt-get install postgresql): no initdb / pg_ctl found');
  return join(root, versions[0]!, 'bin');
}

/** The uid and gid of the `postgres` user, when running as root (PostgreSQL will not run as root). */
function runAsUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (line === undefined)
    throw new Error('running as root and there is no "postgres" user to run PostgreSQL as (the Debian package creates it)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const user = runAsUser();
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-pg-'));
  if (user !== null) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const command = (tool: string, args: string[]): [string, string[]] =>
    user === null ? [join(bin, tool), args] : ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]];
  const exec = (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args);
    return run(file, argv, { cwd: dir, timeout: 15_000 });
  };

  let started = false;
  const stopNow = () => {
    if (!started) return;
    started = false;
    const [file, argv] = command('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-s']);
    spawnSync(file, argv, { cwd: dir, stdio: 'ignore', timeout: 10_000 });
  };
  // A crash between start and stop must not leave a server behind.
  process.once('exit', stopNow);

  const port = await freePort();
  try {
    await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=20`;
    started = true;
    await exec('pg_ctl', ['start', '-D', data, '-w', '-t', '10', '-s', '-l', join(dir, 'server.log'), '-o', options]);
    const connection: pg.PoolConfig = { host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 4 };
    await acceptsConnections(connection);
    return {
      port,
      connection,
      async stop() {
        process.removeListener('exit', stopNow);
        if (started) {
          started = false;
          await exec('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-s']).catch(() => undefined);
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : '';
    stopNow();
    process.removeListener('exit', stopNow);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`);
  }
}

/** Waits (up to 5 s) until a client can connect and run a query. */
async function acceptsConnections(connection: pg.PoolConfig): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const client = new pg.Client({ ...connection, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
