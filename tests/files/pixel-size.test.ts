/** Pixel sizes as PHP's getimagesize reads them: image-size for the formats PHP knows, and PHP's WBMP guess. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { imagePixelSize, wbmpPixelSize } from '../../src/files/pixel-size.js';
import { png } from './sample-files.js';

const test = suite('pixel sizes');

test('WBMP: type 0, a header, then 7-bit groups for width and height, each 1 to 2048', () => {
  assert.equal(wbmpPixelSize(Buffer.from([0, 0, 2, 3])), { width: 2, height: 3 });
  assert.equal(wbmpPixelSize(Buffer.from([0, 0x80, 0x01, 0x81, 0x00, 0x05])), { width: 128, height: 5 });
  assert.is(wbmpPixelSize(Buffer.from([1, 0, 2, 3])), undefined, 'type other than 0');
  assert.is(wbmpPixelSize(Buffer.from([0, 0, 0, 3])), undefined, 'zero width');
  assert.is(wbmpPixelSize(Buffer.from([0, 0, 0x90, 0x81, 0x01])), undefined, 'wider than 2048');
  assert.is(wbmpPixelSize(Buffer.from([0, 0x80, 0x80])), undefined, 'cut short');
});

test('image-size for the formats getimagesize reads', async () => {
  assert.equal(await imagePixelSize(png(3, 2), 'image/png'), { width: 3, height: 2 });
  const tga = Buffer.alloc(18);
  tga[2] = 2;
  tga.writeUInt16LE(4, 12);
  tga.writeUInt16LE(5, 14);
  tga[16] = 24;
  assert.is(await imagePixelSize(tga, 'image/x-tga'), undefined, 'TGA: image-size reads it, PHP does not');
});
test.run();
