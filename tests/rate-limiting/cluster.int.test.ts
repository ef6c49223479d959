/**
 * Rate limits shared by a cluster: examples/cluster with two workers and
 * REDIS_URL set counts `/api/limited` (throttle:10,1) in one Redis, so of 20
 * requests spread over both workers exactly 10 pass and 10 get 429. (Without
 * REDIS_URL each worker would count on its own and let all 20 through; that
 * run is left out to keep the file fast: starting a cluster takes seconds.)
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { freePort } from '../helpers/apps.js';
import { startRedis } from './redis-server.js';

const SERVER = fileURLToPath(new URL('../../examples/cluster/server.js', import.meta.url));

/** Each call on a fresh connection, so the cluster's round-robin hands it to the next worker. */
async function get(url: string): Promise<{ status: number; worker: string }> {
  const agent = new Agent({ pipelining: 0 });
  try {
    const response = await request(url, { dispatcher: agent, headers: { connection: 'close' } });
    await response.body.dump();
    return { status: response.statusCode, worker: String(response.headers['x-worker']) };
  } finally {
    await agent.close();
  }
}

/** Starts the example cluster with two workers, sends 20 requests to the throttled route, stops it. */
async function twentyRequests(env: Record<string, string>): Promise<{ status: number; worker: string }[]> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, ...env, PORT: String(port), WORKERS: '2', APP_KEY: 'base64:cmF0ZS1saW1pdC1jbHVzdGVyLXRlc3Qta2V5LTEyMzQ1Ng==' },
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
    const replies = [];
    for (let i = 0; i < 20; i++) replies.push(await get(`http://127.0.0.1:${port}/api/limited?action=status`));
    return replies;
  } finally {
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.is(code, 0, 'the cluster shuts down cleanly on SIGTERM (the Redis connections closed too)');
  }
}

const test = suite('cluster rate limits');

test('with REDIS_URL: 20 requests over two workers, exactly 10 pass (200) and 10 get 429', async () => {
  const redis = await startRedis();
  try {
    const replies = await twentyRequests({ REDIS_URL: redis.url });
    assert.is(new Set(replies.map((reply) => reply.worker)).size, 2, 'both workers answered');
    assert.is(replies.filter((reply) => reply.status === 200).length, 10);
    assert.is(replies.filter((reply) => reply.status === 429).length, 10);
    assert.equal(
      replies.slice(0, 10).map((reply) => reply.status),
      Array(10).fill(200),
      'the first ten pass, whichever worker took them',
    );
  } finally {
    await redis.stop();
  }
});

test.run();
