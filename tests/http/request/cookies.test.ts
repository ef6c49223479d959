/** The Cookie header read as PHP fills $_COOKIE. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCookies } from '../../../src/http/request/cookies.js';

const test = suite('cookies');

test('pairs split on ;, values URL-decoded (+ as a space), the first of a name kept', () => {
  assert.equal({ ...parseCookies('a=1; b=x%20y+z; a=2; c; d=%E0%A4%A') }, { a: '1', b: 'x y z', c: '', d: '%E0%A4%A' });
  assert.equal({ ...parseCookies('__proto__=x; =y') }, {});
  assert.equal({ ...parseCookies(undefined) }, {});
});

test.run();
