import { createSystemApp } from './app.js';

/** `npm start`: serves the example on HOST:PORT (default 127.0.0.1:3000). */
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const app = createSystemApp();
const address = await app.listen(port, host);
const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
console.log(`Switchyard example listening on http://${shown}:${address.port}/api/system?action=status`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
