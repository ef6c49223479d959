/** The Accept header as Symfony's AcceptHeader reads it, and Laravel's type matching. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { acceptableContentTypes, formatOf, matchesType, mimeTypeOf } from '../../../src/http/request/accept-header.js';

const test = suite('accept header');

test('sorted by quality, then by position; parameters are not part of the value', () => {
  assert.equal(acceptableContentTypes('application/json;q=0.5, text/plain;q=1.0, text/html'), [
    'text/plain',
    'text/html',
    'application/json',
  ]);
  assert.equal(acceptableContentTypes('text/html;level=1;q=0.4, */*;q=0.1, application/json; charset=utf-8'), [
    'application/json',
    'text/html',
    '*/*',
  ]);
  assert.equal(acceptableContentTypes(undefined), []);
  assert.equal(acceptableContentTypes(''), []);
});

test('a value given twice keeps its last item; q that is no number is 0 (PHP float cast); empty items are skipped', () => {
  assert.equal(acceptableContentTypes('a/a;q=0.9, b/b;q=0.5, a/a;q=0.1'), ['b/b', 'a/a']);
  assert.equal(acceptableContentTypes('a/a;q=x, b/b'), ['b/b', 'a/a']);
  assert.equal(acceptableContentTypes(' , ;, a/a'), ['a/a']);
  assert.equal(acceptableContentTypes('"a,b";q=1, c/c'), ['a,b', 'c/c']);
});

test('matchesType: equal, or a +suffix type of the actual', () => {
  assert.ok(matchesType('application/json', 'application/json'));
  assert.ok(matchesType('application/json', 'application/foo+json'));
  assert.not.ok(matchesType('application/json', 'application/json+foo'));
  assert.not.ok(matchesType('application/json', 'application/+json'));
  assert.not.ok(matchesType('.+/.+', 'application/json'));
});

test('formats: Symfony table', () => {
  assert.is(formatOf('application/json; charset=utf-8'), 'json');
  assert.is(formatOf('application/atom+xml'), 'atom');
  assert.is(formatOf('is/not/known'), undefined);
  assert.is(mimeTypeOf('json'), 'application/json');
  assert.is(mimeTypeOf('constructor'), undefined);
});

test('a long hostile header is read in linear work', () => {
  const header = 'application/'.repeat(1300);
  assert.not.ok(matchesType('application/json', header));
  assert.is(acceptableContentTypes(`${'a/a;'.repeat(2000)}, b/b`).length, 2);
});

test.run();
