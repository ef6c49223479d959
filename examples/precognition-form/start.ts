import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createSystemApp } from '../system/app.js';
import { bundlePage, PAGE_DIR } from './bundle.js';
import { createPageServer, pageHtml } from './page-server.js';

/** Both servers listen on loopback only. */
const HOST = '127.0.0.1';

export interface DemoOptions {
  /** The API's port (0: any free one). Default 3000. */
  readonly apiPort?: number;
  /** The page's port, a different origin from the API's (0: any free one). Default 5173. */
  readonly pagePort?: number;
}

export interface Demo {
  /** The API's origin, e.g. `http://127.0.0.1:3000`. */
  readonly apiUrl: string;
  /** The page's URL, e.g. `http://127.0.0.1:5173/`. */
  readonly pageUrl: string;
  /** Stops both servers. */
  close(): Promise<void>;
}

/**
 * Starts the example API (examples/system, CORS with its defaults) and, on
 * another port, the page that validates its echo action live.
 */
export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const script = await bundlePage();
  const template = readFileSync(`${PAGE_DIR}index.html`, 'utf8');
  const app = createSystemApp();
  const api = await app.listen(options.apiPort ?? 3000, HOST);
  const apiUrl = `http://${HOST}:${api.port}`;
  const pages = createPageServer({ html: pageHtml(template, apiUrl), script });
  try {
    await new Promise<void>((resolve, reject) => {
      pages.once('error', reject);
      pages.listen(options.pagePort ?? 5173, HOST, () => resolve());
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = pages.address() as AddressInfo;
  return {
    apiUrl,
    pageUrl: `http://${HOST}:${port}/`,
    async close() {
      const closed = new Promise<void>((resolve) => pages.close(() => resolve()));
      pages.closeAllConnections();
      await Promise.all([closed, app.close()]);
    },
  };
}
