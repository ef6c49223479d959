import { build, stop } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** The page's source folder (this module runs from dist/examples/precognition-form/). */
export const PAGE_DIR = fileURLToPath(new URL('../../../examples/precognition-form/', import.meta.url));

/**
 * Bundles the page's script, form.js, with the `laravel-precognition` client
 * from node_modules for browsers, in memory. Built on every start (about
 * 0.1 s) rather than committed, so the page always runs the client version
 * the lock file installs and nothing generated is kept in git.
 */
export async function bundlePage(): Promise<string> {
  try {
    const result = await build({
      entryPoints: [`${PAGE_DIR}form.js`],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    if (output === undefined) throw new Error('esbuild produced no bundle for form.js');
    return output.text;
  } finally {
    // esbuild keeps a helper process for further builds; there are none.
    await stop();
  }
}
