import { startDemo } from './start.js';

/**
 * `npm run demo`: the example API on 127.0.0.1:API_PORT (default 3000) and
 * the Precognition form on 127.0.0.1:PAGE_PORT (default 5173), until SIGINT
 * or SIGTERM stops both.
 */
function port(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    console.error(`${name} must be a port number (0-65535), got ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return number;
}

const demo = await startDemo({ apiPort: port('API_PORT', 3000), pagePort: port('PAGE_PORT', 5173) });
console.log(`API:  ${demo.apiUrl}/api/system?action=echo`);
console.log(`Page: ${demo.pageUrl}  (open it in a browser; Ctrl+C stops both)`);

const stop = () => {
  demo.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
