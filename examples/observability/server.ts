import { observedSystemApp } from './observed-app.js';

/** The system example on PORT (3000) with spans on the console and Prometheus metrics on METRICS_PORT (9464). */
const observed = await observedSystemApp({ metricsPort: Number(process.env.METRICS_PORT ?? 9464) });
const address = await observed.app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1');
console.log(`http://127.0.0.1:${address.port}/api/system?action=status — metrics at http://127.0.0.1:${observed.metricsPort}/metrics`);
const stop = () => void observed.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
