/** The path CORS matches against: `$request->decodedPath()`. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compilePaths, decodedPath } from '../../src/cors/paths.js';
import type { HttpRequest, RequestRoute } from '../../src/http/request.js';

const test = suite('cors: decodedPath');

test('slashes trimmed on both sides; the root is /', () => {
  assert.is(decodedPath('/api/users/'), 'api/users');
  assert.is(decodedPath('//api//x//'), 'api//x');
  assert.is(decodedPath('/'), '/');
  assert.is(decodedPath('///'), '/');
});

test('percent-decoded as rawurldecode (a plus stays, a broken escape stays)', () => {
  assert.is(decodedPath('/api/%74hings'), 'api/things');
  assert.is(decodedPath('/api/a+b'), 'api/a+b');
  assert.is(decodedPath('/api/%zz%4'), 'api/%zz%4');
  assert.is(decodedPath('/api/caf%C3%A9'), 'api/café');
  assert.is(decodedPath('/api/caf\xc3\xa9'), 'api/café', 'raw UTF-8 bytes as node:http reads them (latin1)');
});

test('not UTF-8 after decoding: undefined (PCRE /u matches nothing)', () => {
  assert.is(decodedPath('/api/%ff'), undefined);
  assert.is(decodedPath('/api/%C3'), undefined);
});

/** A request as the path matcher reads it: its path as sent and the route it matched. */
function sentTo(pathInfo: string, route: RequestRoute | undefined): HttpRequest {
  return { pathInfo, route: () => route } as unknown as HttpRequest;
}

const route = (path: string) => ({ path, methods: ['GET'], getName: () => undefined }) as RequestRoute;

test("compilePaths: a route's answer is its own path's, asked once; any other path sent to it is matched itself", () => {
  const matches = compilePaths(['api/system']);
  const system = route('/api/system');
  for (let i = 0; i < 3; i++) {
    assert.is(matches(sentTo('/api/system', system)), true);
    assert.is(matches(sentTo('/api/%73ystem', system)), true, 'percent-encoded: decoded before matching');
    assert.is(matches(sentTo('/api//system', system)), false, 'another path to the same route is not given its answer');
    assert.is(matches(sentTo('/web/page', route('/web/page'))), false);
    assert.is(matches(sentTo('/api/system', undefined)), true, 'no route: matched itself');
  }
});

test.run();
