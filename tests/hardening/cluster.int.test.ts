import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { request, Agent } from 'undici';

const SERVER = fileURLToPath(new URL('../../examples/cluster/server.js', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Each call on a fresh connection, so the cluster's round-robin can pick another worker. */
async function get(url: string) {
  const agent = new Agent({ pipelining: 0 });
  try {
    const response = await request(url, { dispatcher: agent, headers: { connection: 'close' } });
    return {
      status: response.statusCode,
      worker: String(response.headers['x-worker']),
      body: (await response.body.json()) as Record<string, string>,
    };
  } finally {
    await agent.close();
  }
}

const test = suite('cluster');

test('a URL signed by one worker verifies in another, and a tampered one fails in every worker', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      WORKERS: '2',
      APP_KEY: 'base64:c2hhcmVkLWNsdXN0ZXIta2V5LWZvci10ZXN0cy0xMjM0NQ==',
      APP_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('cluster did not start')), 10_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('workers on')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const base = `http://127.0.0.1:${port}`;
    const issued = await get(`${base}/api/links?action=issue`);
    assert.is(issued.status, 200);
    const signed = issued.body.url!;
    assert.match(signed, new RegExp(`^${base}/api/signed/system\\?action=status&expires=\\d+&signature=[0-9a-f]{64}$`));
    const verifiedBy = new Set<string>();
    for (let i = 0; i < 12 && verifiedBy.size < 2; i++) {
      const reply = await get(signed);
      assert.is(reply.status, 200);
      assert.equal(reply.body, { status: 'ok' });
      verifiedBy.add(reply.worker);
    }
    assert.is(verifiedBy.size, 2, 'both workers verified the link');
    assert.ok(
      [...verifiedBy].some((worker) => worker !== issued.worker),
      'a worker other than the signer verified it',
    );
    for (let i = 0; i < 4; i++) {
      const tampered = await get(signed.replace('action=status', 'action=echo'));
      assert.is(tampered.status, 403);
      assert.equal(tampered.body, { message: 'Invalid signature.' });
    }
  } finally {
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.is(code, 0, 'the cluster shuts down cleanly on SIGTERM');
  }
});

test.run();
