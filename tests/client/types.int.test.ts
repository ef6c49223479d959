import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The client's types, checked with the project's own `tsc`: the typed calls
 * compile, each wrong call fails with the expected error on its line and
 * nowhere else, and the client's emitted declarations compile for a browser
 * (DOM library, no Node types, no skipLibCheck).
 */
const test = suite('switchyard-http/client types');

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
let work = '';

test.before(() => {
  work = mkdtempSync(join(tmpdir(), 'switchyard-client-types-'));
});

test.after(() => {
  rmSync(work, { recursive: true, force: true });
});

interface Diagnostic {
  file: string;
  line: number;
  code: string;
}

/** Runs tsc on a config written to the work directory; resolves to its diagnostics. */
function typecheck(name: string, config: object): Promise<Diagnostic[]> {
  const path = join(work, `${name}.json`);
  writeFileSync(path, JSON.stringify(config));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [tsc, '-p', path, '--pretty', 'false'], { timeout: 30_000 }, (error, stdout) => {
      const found: Diagnostic[] = [];
      for (const match of stdout.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+)/gm)) {
        found.push({ file: match[1]!.replaceAll('\\', '/'), line: Number(match[2]), code: match[3]! });
      }
      // An error tsc cannot place in a file (a missing type library...) fails the test as it is.
      if (error && (found.length === 0 || /^error TS/m.test(stdout))) return reject(new Error(`tsc failed: ${error.message}\n${stdout}`));
      resolve(found);
    });
  });
}

test('typed calls compile; each wrong call fails on its own line with the expected error', async () => {
  const good = join(root, 'tests/client/types/typed-calls.ts');
  const bad = join(root, 'tests/client/type-errors/wrong-calls.ts');
  const browser = join(work, 'browser.ts');
  writeFileSync(
    browser,
    [
      `import { createClient, NetworkError, ValidationFailed, type Client } from ${JSON.stringify(join(root, 'dist/src/client/index.js'))};`,
      'const api: Client<{}> = createClient<{}>({ baseUrl: location.origin, credentials: "include", fetch: (url, init) => fetch(url, init) });',
      'export const checks = [api, new NetworkError("a.b", "down") instanceof Error, ValidationFailed.name];',
    ].join('\n'),
  );
  const [server, dom] = await Promise.all([
    typecheck('server', {
      extends: join(root, 'tsconfig.json'),
      compilerOptions: { noEmit: true, typeRoots: [join(root, 'node_modules/@types')] },
      include: [],
      files: [good, bad],
    }),
    typecheck('browser', {
      compilerOptions: {
        noEmit: true,
        strict: true,
        skipLibCheck: false,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        types: [],
      },
      files: [browser],
    }),
  ]);

  const expected: string[] = [];
  readFileSync(bad, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const marker = /\/\/ error (TS\d+)$/.exec(line);
      if (marker) expected.push(`${index + 1} ${marker[1]}`);
    });
  assert.ok(expected.length >= 10, 'the wrong calls are marked');
  assert.equal(
    server.filter((d) => d.file.endsWith('type-errors/wrong-calls.ts')).map((d) => `${d.line} ${d.code}`),
    expected,
    'each marked line fails, with its code, and nothing else does',
  );
  assert.equal(
    server.filter((d) => !d.file.endsWith('type-errors/wrong-calls.ts')),
    [],
    'the typed calls compile',
  );
  assert.equal(dom, [], 'the emitted declarations need neither Node nor skipLibCheck');
});

test.run();
