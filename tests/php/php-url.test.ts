/**
 * `phpUrlHost` is PHP's `parse_url($value, PHP_URL_HOST)` as `active_url`
 * reads it (falsy answers as null). Every expectation below is PHP 8.2's
 * own answer; 40,000 random strings of URL-ish pieces also agreed when the
 * module was written.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { phpUrlHost } from '../../src/php/php-url.js';
import { assertLinear } from '../helpers/growth.js';

const CASES: readonly (readonly [string, string | null])[] = [
  ['http://example.com', 'example.com'],
  ['https://user:pass@www.example.com:8080/path?q=1#f', 'www.example.com'],
  ['HTTP://EXAMPLE.COM/', 'EXAMPLE.COM'],
  ['example.com', null],
  ['example.com/path', null],
  ['example.com:80', 'example.com'],
  ['example.com:80/path', 'example.com'],
  ['//cdn.example.com/x.js', 'cdn.example.com'],
  ['http://[::1]:80/', '[::1]'],
  ['http://[2001:db8::1]/', '[2001:db8::1]'],
  ['file:///etc/passwd', null],
  ['file://server/share', 'server'],
  ['mailto:user@example.com', null],
  ['http://0/', null],
  ['http://0.0.0.0/', '0.0.0.0'],
  ['http:///path', null],
  ['http://:80', null],
  ['http://host:123456/', null],
  ['http://host:65536/', null],
  ['http://host:abc/', null],
  ['http://a@b@host.com/', 'host.com'],
  ['http://host.com?x=@evil.com', 'host.com'],
  ['http://host.com#@evil.com', 'host.com'],
  ['http://ho\tst.com/', 'ho_st.com'],
  ['ftp://files.example.org/pub', 'files.example.org'],
  ['a:b', null],
  ['x:1234567', null],
  ['://example.com', null],
  ['http:example.com', null],
  ['http://例子.广告/', '例子.广告'],
  ['http://example.com:/', 'example.com'],
  ['http://example.com.:443/', 'example.com.'],
  ['', null],
];

const test = suite('phpUrlHost: PHP 8.2 parse_url(…, PHP_URL_HOST)');

for (const [url, host] of CASES) {
  test(`${JSON.stringify(url)} → ${JSON.stringify(host)}`, () => {
    assert.is(phpUrlHost(url), host);
  });
}

test('a 100 KB authority is read in linear time', async () => {
  for (const unit of ['a', ':', '@', '[', 'a:1']) {
    await assertLinear(
      unit,
      (size) => {
        const url = `http://${unit.repeat(size / unit.length)}/x`;
        return () => phpUrlHost(url);
      },
      10_000,
    );
  }
});

test.run();
