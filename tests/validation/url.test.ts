/**
 * The `url` rule gives Laravel 11's answers (`Str::isUrl`, v11.56.0): each
 * expectation below was checked against that regex with PHP 8.2. The rule is
 * a linear scan now (src/validation/url.ts), so these pin the language it
 * must keep: host names of at least two characters ending in a letter or
 * digit or in `xn--…`, an optional final dot, RFC 3986 IPv6 literals, `%hh`
 * escapes, and PCRE's `$` (one final newline is accepted).
 */
import { suite } from 'uvu';
import { table } from './helpers.js';

const URL = ['The value field must be a valid URL.'];

const test = suite('url: the host framework accept/reject answers');
table(test, [
  ['url', 'http://a', URL],
  ['url', 'http://ab', null],
  ['url', 'http://a.', URL],
  ['url', 'http://ab.', null],
  ['url', 'http://ab..', URL],
  ['url', 'http://.a', null],
  ['url', 'http://xn--a', null],
  ['url', 'http://a.xn--a-', null],
  ['url', 'http://a.xn--', URL],
  ['url', 'http://a.xn---', null],
  ['url', 'http://a.b-', URL],
  ['url', 'http://a-.b', null],
  ['url', 'http://a$b.c', null],
  ['url', 'http://a_b.c/', null],
  ['url', 'http://é.é', null],
  ['url', 'http://😀', URL],
  ['url', 'http://a😀', URL],
  ['url', 'http://😀a', null],
  ['url', 'http://a.b:', URL],
  ['url', 'http://a.b:80', null],
  ['url', 'http://a.b:8a', URL],
  ['url', 'http://a.b:80:80', URL],
  ['url', 'http://u@a.b', null],
  ['url', 'http://u:p@a.b', null],
  ['url', 'http://u:p:q@a.b', URL],
  ['url', 'http://:p@a.b', URL],
  ['url', 'http://u:@a.b', URL],
  ['url', 'http://u@@a.b', URL],
  ['url', 'http://u%41@a.b', null],
  ['url', 'http://u%4@a.b', URL],
  ['url', 'http://u@a.b/p@q', null],
  ['url', 'http://a.b/p%2', URL],
  ['url', 'http://a.b/%7e', null],
  ['url', 'http://a.b?q=[1]', null],
  ['url', 'http://a.b/[1]', URL],
  ['url', 'http://a.b#f?/', null],
  ['url', 'http://a.b#f#g', URL],
  ['url', 'http://a.b?x#y?z', null],
  ['url', 'http://a.b\n', null],
  ['url', 'http://a.b\n\n', URL],
  ['url', 'http://a.b\r\n', URL],
  ['url', 'http://[::1]', null],
  ['url', 'http://[::1]:8080/x', null],
  ['url', 'http://[1:2:3]', URL],
  ['url', 'http://[1:2:3:4:5:6:7:8]', null],
  ['url', 'http://[1:2:3:4:5:6:7:8:9]', URL],
  ['url', 'http://[1::2::3]', URL],
  ['url', 'http://[::ffff:1.2.3.4]', null],
  ['url', 'http://[::ffff:01.2.3.4]', URL],
  ['url', 'http://[::ffff:256.2.3.4]', URL],
  ['url', 'http://[FFFF::]', null],
  ['url', 'http://[12345::]', URL],
  ['url', 'http://[::]', null],
  ['url', 'http://1.2.3.4', null],
  ['url', 'http://999.999.999.999', null],
  ['url', 'https://a.b/ä?ö#ü', null],
  ['url:http,https', 'HTTPS://a.b\n', null],
  ['url:http,https', 'ftp://a.b', URL],
  ['url:ftp,http', 'ftp://[::1]/x', null],
]);
test.run();
