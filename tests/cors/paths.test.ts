/** The path CORS matches against: `$request->decodedPath()`. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodedPath } from '../../src/cors/paths.js';

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

test.run();
