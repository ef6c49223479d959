/**
 * The request's URL accessors on a path the client chose: Laravel's answers,
 * in time linear in the path even when it holds a long run of slashes.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { requestFor } from '../../signing/helpers.js';
import { assertLinear } from '../../helpers/growth.js';

const url = suite('request: url() and root()');

url('url() drops the query and the trailing slashes; root() is scheme and host', () => {
  const request = requestFor('http://example.com/a//b///?x=1');
  assert.is(request.url(), 'http://example.com/a//b');
  assert.is(request.root(), 'http://example.com');
  assert.is(requestFor('http://example.com/').url(), 'http://example.com');
});

url('url() is linear in the path, with a long run of slashes inside it', async () => {
  await assertLinear(
    'url()',
    (size) => {
      const request = requestFor(`http://example.com/a${'/'.repeat(size)}b`);
      return () => request.url();
    },
    5_000,
  );
});

url.run();
