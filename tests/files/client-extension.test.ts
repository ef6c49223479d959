/** The client's extension as Symfony's getClientOriginalExtension (basename, then the text after the last dot). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { clientExtension } from '../../src/files/client-extension.js';

const test = suite('clientExtension');

test('the text after the last dot of the base name, case kept', () => {
  const cases: [string, string][] = [
    ['photo.png', 'png'],
    ['Photo.JPG', 'JPG'],
    ['archive.tar.gz', 'gz'],
    ['noext', ''],
    ['.htaccess', 'htaccess'],
    ['trailing.', ''],
    ['dir.d/file', ''],
    ['C:\\Users\\me\\shell.php', 'php'],
    ['../../etc/passwd.txt', 'txt'],
    ['', ''],
  ];
  for (const [name, extension] of cases) assert.is(clientExtension(name), extension, name);
});

test.run();
