/**
 * inspectFile guesses an upload's type from its bytes as Symfony does for
 * Laravel's file rules (`mimes` / `image` compare the guessed extension,
 * `mimetypes` the guessed MIME type, `extensions` the client's extension,
 * `dimensions` the measured size), never trusting the client's name or type.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UploadedFile } from '../../src/http/uploaded-file.js';
import { inspectFile } from '../../src/files/inspect-file.js';
import { bmp, gif, jpeg, pdf, png, zip } from './sample-files.js';
import { LIBMAGIC_CASES } from './libmagic-cases.js';
import { growth } from '../helpers/growth.js';

const test = suite('inspectFile');

const upload = (filename: string, content: Buffer, mimeType = 'application/octet-stream') =>
  new UploadedFile('file', filename, mimeType, content);

test('PNG, JPEG, GIF and BMP: type and extension from the bytes, pixel size from the header', async () => {
  assert.equal(await inspectFile(upload('Photo.PNG', png(3, 2))), {
    mimeType: 'image/png',
    extension: 'png',
    clientExtension: 'PNG',
    isImage: true,
    isSvg: false,
    width: 3,
    height: 2,
  });
  const photo = await inspectFile(upload('photo.jpeg', jpeg(640, 480)));
  assert.equal([photo.mimeType, photo.extension, photo.isImage, photo.width, photo.height], ['image/jpeg', 'jpg', true, 640, 480]);
  const anim = await inspectFile(upload('a.gif', gif(5, 7)));
  assert.equal([anim.mimeType, anim.extension, anim.width, anim.height], ['image/gif', 'gif', 5, 7]);
  const bitmap = await inspectFile(upload('b.bmp', bmp(4, 3)));
  // libmagic 5.40 (PHP 8.2) names BMP image/x-ms-bmp, which is what mimetypes compares.
  assert.equal([bitmap.mimeType, bitmap.extension, bitmap.isImage, bitmap.width, bitmap.height], ['image/x-ms-bmp', 'bmp', true, 4, 3]);
});

test('PDF and ZIP are recognised and are not images', async () => {
  const document = await inspectFile(upload('report.pdf', pdf()));
  assert.equal(document, { mimeType: 'application/pdf', extension: 'pdf', clientExtension: 'pdf', isImage: false, isSvg: false });
  const archive = await inspectFile(upload('archive.zip', zip()));
  assert.equal([archive.mimeType, archive.extension, archive.isImage, archive.width], ['application/zip', 'zip', false, undefined]);
});

test('a text file named .png and declared image/png is text: the name and declared type are not trusted', async () => {
  const fake = await inspectFile(upload('cat.png', Buffer.from('just some words\non two lines\n'), 'image/png'));
  assert.equal(fake, { mimeType: 'text/plain', extension: 'txt', clientExtension: 'png', isImage: false, isSvg: false });
});

test('SVG is sniffed (with or without an XML prolog): image/svg+xml, an image to Laravel 11, not measured', async () => {
  const bare = await inspectFile(upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"></svg>')));
  assert.equal(bare, { mimeType: 'image/svg+xml', extension: 'svg', clientExtension: 'svg', isImage: true, isSvg: true });
  const prolog = Buffer.from(
    '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg viewBox="0 0 4 4"/>',
  );
  const withProlog = await inspectFile(upload('logo.txt', prolog));
  assert.is(withProlog.mimeType, 'image/svg+xml');
  assert.is(withProlog.isSvg, true);
  const xml = await inspectFile(upload('data.svg', Buffer.from('<?xml version="1.0"?>\n<note><to>you</to></note>')));
  assert.is(xml.isSvg, false, 'XML without an svg element is not SVG');
  assert.is(xml.isImage, false);
});

test('an image with a valid signature but no readable size has its type but no size (dimensions fails it)', async () => {
  const full = jpeg(8, 8);
  const noFrame = Buffer.concat([full.subarray(0, 20), Buffer.from([0xff, 0xd9])]); // SOI, APP0, EOI: no frame header
  const inspection = await inspectFile(upload('x.jpg', noFrame));
  assert.is(inspection.mimeType, 'image/jpeg');
  assert.is(inspection.isImage, true);
  assert.is(inspection.width, undefined);
  assert.is(inspection.height, undefined);
});

test('a header cut short is not measured from the bytes after it in memory (small uploads share a buffer pool)', async () => {
  // Signature, IHDR and the width: the height would be read past the upload's end.
  const cut = png(10, 20).subarray(0, 20);
  const inspection = await inspectFile(upload('a.png', cut));
  assert.is(inspection.mimeType, 'image/png');
  assert.is(inspection.width, undefined);
  assert.is(inspection.height, undefined);
});

test('empty, unknown binary, text with a NUL, Latin-1 and UTF-8 text', async () => {
  assert.equal(await inspectFile(upload('empty.txt', Buffer.alloc(0))), {
    mimeType: 'application/x-empty',
    extension: null,
    clientExtension: 'txt',
    isImage: false,
    isSvg: false,
  });
  const binary = await inspectFile(upload('blob', Buffer.from([0x00, 0x01, 0x02, 0xfe, 0x10, 0x00, 0x7f])));
  assert.equal([binary.mimeType, binary.extension, binary.clientExtension], ['application/octet-stream', 'bin', '']);
  assert.is((await inspectFile(upload('a.txt', Buffer.from('text\u0000with a NUL')))).mimeType, 'application/octet-stream');
  assert.is((await inspectFile(upload('a.txt', Buffer.from('caf\xe9 cr\xe8me', 'latin1')))).mimeType, 'text/plain');
  assert.is((await inspectFile(upload('a.txt', Buffer.from('naïve — ünïcödé\r\n\t')))).mimeType, 'text/plain');
  assert.is((await inspectFile(upload('shell.php', Buffer.from('<?php echo 1;')))).clientExtension, 'php');
});

test('type, extension and size as PHP answers them, on every recorded case (tests/files/libmagic-cases.ts)', async () => {
  const got: string[] = [];
  const expected: string[] = [];
  for (const [label, content, mimeType, extension, width, height] of LIBMAGIC_CASES) {
    const inspection = await inspectFile(upload('x', content));
    got.push(
      `${label}: ${JSON.stringify([inspection.mimeType, inspection.extension, inspection.width ?? null, inspection.height ?? null])}`,
    );
    expected.push(`${label}: ${JSON.stringify([mimeType, extension, width, height])}`);
  }
  assert.equal(got, expected);
});

test('one inspection per file object, however many rules ask', async () => {
  const file = upload('p.png', png(1, 1));
  const first = inspectFile(file);
  assert.is(inspectFile(file), first);
  assert.is(await inspectFile(file), await first);
  assert.is.not(inspectFile(upload('p.png', png(1, 1))), first, 'another upload is inspected afresh');
});

test('text sniffing reads a bounded prefix: a 2 MiB text file with a binary byte past the first MiB is text', async () => {
  const big = Buffer.alloc(2 * 1024 * 1024, 'a');
  big[1024 * 1024 + 10] = 0;
  assert.is((await inspectFile(upload('big.txt', big))).mimeType, 'text/plain');
  // 20 MiB costs what 2 MiB does: the ratio stays near 1 where reading it all would make it near 10.
  const measured = await growth(
    (size) => {
      const content = Buffer.alloc(size, 'a');
      return () => inspectFile(upload('big.txt', content));
    },
    big.length,
    { limit: 3 },
  );
  assert.ok(measured.ratio < 3, measured.text);
});

test.run();
