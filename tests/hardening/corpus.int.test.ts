import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ActionSource } from '../../src/index.js';
import { corpus } from './corpus.js';
import { corpusApp } from './corpus-app.js';
import { httpRequest } from './corpus.js';
import { rawExchange } from './raw-socket.js';

/**
 * At least 300 hostile requests per action source over a real socket: every
 * answer is a success or a 4xx JSON error with a message, never a 5xx, a
 * hang or a silent close, and the server answers a normal request after.
 */
for (const source of ['query', 'body', 'both'] as ActionSource[]) {
  const test = suite(`bad-input corpus (action_source=${source})`);
  const cases = corpus();

  test(`has at least 300 cases`, () => {
    assert.ok(cases.length >= 300, `only ${cases.length} cases`);
  });

  test('every answer is a success or a clear 4xx JSON error; the server keeps serving', async () => {
    const reported: unknown[] = [];
    const app = corpusApp(source, (error) => reported.push(error));
    const { port } = await app.listen(0, '127.0.0.1');
    const failures: string[] = [];
    try {
      for (let i = 0; i < cases.length; i += 8) {
        await Promise.all(
          cases.slice(i, i + 8).map(async ({ name, bytes, abandoned }) => {
            const reply = await rawExchange(port, bytes);
            if (abandoned && reply.closedSilently) return;
            const where = `${name}: ${reply.status} ${reply.body.slice(0, 120)}`;
            if (reply.status < 200 || reply.status >= 500) return failures.push(`bad status: ${where}`);
            if (reply.body === '') return;
            let parsed: { message?: unknown };
            try {
              parsed = JSON.parse(reply.body);
            } catch {
              return failures.push(`body is not JSON: ${where}`);
            }
            if (reply.status >= 400 && (typeof parsed.message !== 'string' || parsed.message === '')) {
              failures.push(`no message: ${where}`);
            }
            if (/\bat .+:\d+:\d+/.test(reply.body)) failures.push(`stack trace leaked: ${where}`);
          }),
        );
      }
      // Under `body` the query is not read for selection, so the default action answers.
      const after = await rawExchange(port, httpRequest('GET', '/api/corpus?action=status'));
      assert.is(after.status, 200);
      assert.equal(JSON.parse(after.body), source === 'body' ? { action: '/' } : { status: 'ok' });
    } finally {
      await app.close();
    }
    assert.equal(failures, [], failures.slice(0, 20).join('\n'));
    assert.equal(reported, [], 'nothing was reported as an unexpected error');
    assert.is(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was not polluted');
  });

  test.run();
}
