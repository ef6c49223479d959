import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { createClusterApp } from './app.js';

/**
 * The example service on every core: the primary forks one worker per core
 * (WORKERS overrides), restarts workers that die, and on SIGTERM/SIGINT asks
 * each to shut down gracefully. Workers share PORT; each runs the same
 * stateless application, so any worker can answer any request, and signed
 * URLs verify everywhere because the keys come from the environment
 * (APP_KEY, APP_PREVIOUS_KEYS, APP_URL). With REDIS_URL set, rate limits are
 * counted in that Redis, once for the whole cluster; without it, per worker.
 */
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

if (cluster.isPrimary && !process.env.APP_KEY) {
  // Without a shared key every worker would fail its boot check and be restarted forever.
  console.error('Set APP_KEY (the key that signs URLs, shared by every worker), e.g. APP_KEY=base64:$(openssl rand -base64 32)');
  process.exit(1);
} else if (cluster.isPrimary) {
  const count = Number(process.env.WORKERS ?? availableParallelism());
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
      cluster.fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      process.exit(0);
    }
  });
  let ready = 0;
  cluster.on('listening', () => {
    if (++ready === count) console.log(`Switchyard cluster: ${count} workers on http://${host}:${port}/api/system?action=status`);
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send('shutdown');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  const redisUrl = process.env.REDIS_URL;
  const app = createClusterApp(redisUrl ? { rate_limit_store: 'redis', rate_limit_redis_url: redisUrl } : {});
  await app.listen(port, host);
  process.on('message', (message) => {
    if (message === 'shutdown')
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
  process.once('SIGINT', () => undefined); // the primary coordinates the shutdown
}
