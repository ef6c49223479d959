import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

const SERVER = fileURLToPath(new URL('../../examples/system/server.js', import.meta.url));

const test = suite('the example server (npm start)');

test('prints its URL, answers, and exits 0 on SIGTERM and on SIGINT', async () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the example did not start')), 10_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        const found = /http:\/\/127\.0\.0\.1:\d+\/api\/system\?action=status/.exec(chunk.toString());
        if (found) {
          clearTimeout(timer);
          resolve(found[0]);
        }
      });
    });
    const response = await request(url);
    assert.is(response.statusCode, 200);
    assert.equal(await response.body.json(), { status: 'ok' });
    child.kill(signal);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.is(code, 0, `exit code after ${signal}`);
  }
});

test.run();
