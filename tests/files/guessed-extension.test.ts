/** Symfony's guessExtension is the first extension of its MIME map; file-type's own extension otherwise. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { gzipSync } from 'node:zlib';
import { guessedExtension } from '../../src/files/guessed-extension.js';
import { inspectFile } from '../../src/files/inspect-file.js';
import { UploadedFile } from '../../src/http/uploaded-file.js';

const test = suite('guessedExtension');

test("Symfony's first extension where it differs from file-type's", () => {
  assert.is(guessedExtension('video/mpeg', 'mpg'), 'mpeg');
  assert.is(guessedExtension('image/heif', 'heic'), 'heif');
  assert.is(guessedExtension('application/gzip', 'tar.gz'), 'gz');
  assert.is(guessedExtension('image/x-icon', 'cur'), 'ico');
  assert.is(guessedExtension('image/png', 'png'), 'png');
  assert.is(guessedExtension('image/jpeg', 'jpg'), 'jpg');
});

test('a gzip upload guesses gz', async () => {
  const inspection = await inspectFile(new UploadedFile('f', 'notes.txt.gz', 'application/gzip', gzipSync('hello')));
  assert.equal([inspection.mimeType, inspection.extension, inspection.clientExtension], ['application/gzip', 'gz', 'gz']);
});

test.run();
