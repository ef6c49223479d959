import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** A module bundled as a browser loads it, and the files that went into it. */
export interface BrowserBundle {
  readonly code: string;
  /** The bundled files, relative to the working directory (esbuild's metafile). */
  readonly inputs: readonly string[];
}

/**
 * Bundles `contents` (module source that imports the compiled sources by
 * absolute path) as the tests serve it to a browser: one ES module for
 * platform `browser`, ES2022, minified unless `minify` is false.
 */
export async function bundleForBrowser(contents: string, options: { minify?: boolean } = {}): Promise<BrowserBundle> {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    minify: options.minify ?? true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
}

/** `export * from` a compiled module, as bundle source. */
export function reexport(file: string): string {
  return `export * from ${JSON.stringify(file)};`;
}
