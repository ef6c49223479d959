import { createServer, type Server } from 'node:http';

/** What the page server serves: the page and its bundled script. */
export interface PageFiles {
  readonly html: string;
  readonly script: string;
}

/**
 * A static file server for exactly two files, `/` (also `/index.html`) and
 * `/form.js`: nothing is read from disk per request, so no path can reach
 * another file. Everything else is a 404, any method but GET and HEAD a 405.
 */
export function createPageServer(files: PageFiles): Server {
  const routes = new Map([
    ['/', { type: 'text/html; charset=utf-8', body: Buffer.from(files.html) }],
    ['/index.html', { type: 'text/html; charset=utf-8', body: Buffer.from(files.html) }],
    ['/form.js', { type: 'text/javascript; charset=utf-8', body: Buffer.from(files.script) }],
  ]);
  return createServer((req, res) => {
    const file = routes.get((req.url ?? '/').split('?')[0] ?? '/');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method Not Allowed');
      return;
    }
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': file.body.length,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  });
}

/** The page with the API's origin written into its `api-url` meta tag. */
export function pageHtml(template: string, apiUrl: string): string {
  const escaped = apiUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return template.replace('{{API_URL}}', escaped);
}
