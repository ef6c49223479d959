import { suite } from 'uvu';
import { table } from './helpers.js';

const FORMAT = ['The value field format is invalid.'];

const formats = suite('email / url / uuid / ulid / ip');
const EMAIL = ['The value field must be a valid email address.'];
const URL = ['The value field must be a valid URL.'];
const UUID = ['The value field must be a valid UUID.'];
const ULID = ['The value field must be a valid ULID.'];
table(formats, [
  ['email', 'user@example.com', null],
  ['email', 'user.name+tag@sub.example.co.uk', null],
  ['email', 'user@', EMAIL],
  ['email', 'user', EMAIL],
  ['email', '@example.com', EMAIL],
  ['email', 'a b@example.com', EMAIL],
  ['email', 5, EMAIL],
  ['url', 'https://example.com', null],
  ['url', 'http://localhost:8080/path?q=1&r[]=2#frag', null],
  ['url', 'ftp://files.example.org/a.txt', null],
  ['url', 'https://user:pass@example.com/', null],
  ['url', 'http://127.0.0.1/', null],
  ['url', 'https://ünïcödé.example/päth', null],
  ['url', 'example.com', URL],
  ['url', 'http://', URL],
  ['url', 'javascript:alert(1)', URL],
  ['url', 'https://exa mple.com', URL],
  ['url', 42, URL],
  ['url:https', 'https://example.com', null],
  ['url:https', 'HTTPS://EXAMPLE.COM', null],
  ['url:https', 'http://example.com', URL],
  ['url:http,https', 'http://example.com', null],
  ['uuid', '123e4567-e89b-12d3-a456-426614174000', null],
  ['uuid', '123E4567-E89B-12D3-A456-426614174000', null],
  ['uuid', 'urn:uuid:123e4567-e89b-12d3-a456-426614174000', UUID],
  ['uuid', '123e4567e89b12d3a456426614174000', UUID],
  ['uuid', 'g23e4567-e89b-12d3-a456-426614174000', UUID],
  ['uuid', 123, UUID],
  ['ulid', '01ARZ3NDEKTSV4RRFFQ69G5FAV', null],
  ['ulid', '01arz3ndektsv4rrffq69g5fav', null],
  ['ulid', '81ARZ3NDEKTSV4RRFFQ69G5FAV', ULID],
  ['ulid', '01ARZ3NDEKTSV4RRFFQ69G5FA', ULID],
  ['ulid', '01ARZ3NDEKTSV4RRFFQ69G5FAI', ULID],
  ['ip', '192.168.0.1', null],
  ['ip', '::1', null],
  ['ip', '2001:db8::1', null],
  ['ip', '256.1.1.1', ['The value field must be a valid IP address.']],
  ['ip', '01.1.1.1', ['The value field must be a valid IP address.']],
  ['ip', 'localhost', ['The value field must be a valid IP address.']],
  ['ipv4', '10.0.0.1', null],
  ['ipv4', '::1', ['The value field must be a valid IPv4 address.']],
  ['ipv6', 'fe80::1', null],
  ['ipv6', '1.2.3.4', ['The value field must be a valid IPv6 address.']],
]);
formats.run();

const regex = suite('regex / not_regex (PCRE literals)');
table(regex, [
  ['regex:/^[a-z]+$/', 'abc', null],
  ['regex:/^[a-z]+$/', 'abc1', FORMAT],
  ['regex:/^[a-z]+$/i', 'ABC', null],
  // PCRE's `$` also matches before a final newline, unless /D.
  ['regex:/^[a-z]+$/', 'abc\n', null],
  ['regex:/^[a-z]+$/D', 'abc\n', FORMAT],
  ['regex:/^\\d+\\z/', '12\n', FORMAT],
  ['regex:/\\A\\d+\\z/', '12', null],
  ['regex:#^\\d{3}$#', '123', null],
  ['regex:{^a/b$}', 'a/b', null],
  [['regex:/^(a|b)$/'], 'a', null],
  [['regex:/^(a|b)$/'], 'c', FORMAT],
  ['regex:/^\\pL+$/u', 'Ünïcödé', null],
  ['regex:/^\\p{Lu}/', 'Émile', null],
  ['regex:/^(?P<year>\\d{4})$/', '2024', null],
  ['regex:/^[]a]+$/', 'a]a', null],
  ['regex:/^\\d+$/', 123, null],
  ['regex:/^\\d+$/', true, FORMAT],
  ['regex:/^\\d+$/', ['1'], FORMAT],
  ['regex:/a,b/', 'xa,bx', null],
  ['not_regex:/^\\d+$/', '123', FORMAT],
  ['not_regex:/^\\d+$/', 'abc', null],
  ['not_regex:/^\\d+$/', ['abc'], FORMAT],
  // A dash right after a range is a literal dash, in PCRE as in a JavaScript `u` class.
  [['regex:/^[\\p{L}0-9-_]+$/u'], 'Émile-de_la-2', null],
  [['regex:/^[\\p{L}0-9-_]+$/u'], 'Émile de', FORMAT],
  [['regex:/^[a-c-e]+$/'], 'a-e', null],
  [['regex:/^[a-c-e]+$/'], 'd', FORMAT],
  [['regex:/^[%--]+$/'], '%+-', null],
  // Catastrophic for a backtracking engine, answered at once; PHP gives up on the last two
  // (backtrack limit: preg_match false), which fails regex and passes not_regex.
  [['regex:/^([a-z]+)*$/'], `${'a'.repeat(40)}!`, FORMAT],
  [['not_regex:/^([a-z]+)*$/'], `${'a'.repeat(40)}!`, null],
  [['regex:/^([a-z]+)*$/'], 'a'.repeat(40), null],
  [['regex:/^(a+)+\\1$/'], `${'a'.repeat(40)}!`, FORMAT],
  [['not_regex:/^(a+)+\\1$/'], `${'a'.repeat(40)}!`, null],
  [['regex:/^(a+)+\\1$/'], 'aaaa', null],
]);
regex.run();

const text = suite('alpha / alpha_num / alpha_dash / starts_with / ends_with');
const ALPHA = ['The value field must only contain letters.'];
const ALPHA_NUM = ['The value field must only contain letters and numbers.'];
const ALPHA_DASH = ['The value field must only contain letters, numbers, dashes, and underscores.'];
table(text, [
  ['alpha', 'abc', null],
  ['alpha', 'Ünïcödé', null],
  ['alpha', 'abc1', ALPHA],
  ['alpha', 'a b', ALPHA],
  ['alpha', 5, ALPHA],
  ['alpha:ascii', 'abc', null],
  ['alpha:ascii', 'Ünï', ALPHA],
  ['alpha_num', 'abc123', null],
  ['alpha_num', 'ß9', null],
  ['alpha_num', 123, null],
  ['alpha_num', 'abc-1', ALPHA_NUM],
  ['alpha_num', -1, ALPHA_NUM],
  ['alpha_num', 1.5, ALPHA_NUM],
  ['alpha_num:ascii', 'ß9', ALPHA_NUM],
  ['alpha_dash', 'a-b_c1', null],
  ['alpha_dash', -5, null],
  ['alpha_dash', 'a b', ALPHA_DASH],
  ['alpha_dash', 'a.b', ALPHA_DASH],
  ['alpha_dash', 1.5, ALPHA_DASH],
  ['starts_with:foo,bar', 'foobar', null],
  ['starts_with:foo,bar', 'barfoo', null],
  ['starts_with:foo,bar', 'bazfoo', ['The value field must start with one of the following: foo, bar.']],
  ['starts_with:12', 123, null],
  ['starts_with:a', ['a'], ['The value field must start with one of the following: a.']],
  ['ends_with:.jpg,.png', 'a.png', null],
  ['ends_with:.jpg,.png', 'a.gif', ['The value field must end with one of the following: .jpg, .png.']],
]);
text.run();
