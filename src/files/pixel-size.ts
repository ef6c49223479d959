/**
 * An image's size in pixels as PHP's `getimagesize` reads it (Laravel's
 * `dimensions`): `image-size` for the formats `getimagesize` knows, and
 * PHP's WBMP test, which `getimagesize` tries on any file that no other
 * format claims (so a few bytes starting with 0 have a size to PHP).
 */

/** The formats of `image-size` that PHP 8.2's `getimagesize` also reads; HEIF only as AVIF. */
const PHP_FORMATS = new Set(['bmp', 'gif', 'ico', 'j2c', 'jp2', 'jpg', 'png', 'psd', 'tiff', 'webp']);

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The size of an image whose type (`mimeType`, from its content) is an
 * image: undefined when `image-size` cannot read its header (a truncated or
 * fake image) or when PHP could not either (HEIC, JPEG XL, TGA...).
 */
export async function imagePixelSize(content: Uint8Array, mimeType: string): Promise<PixelSize | undefined> {
  const { imageSize } = await (imageSizeModule ??= import('image-size'));
  try {
    // image-size reads through a DataView that runs to the end of the underlying ArrayBuffer,
    // not of the view: on a small upload (a slice of Node's shared buffer pool) a cut header
    // would be completed with whatever bytes follow it. A copy of its own ends where the file ends.
    const { width, height, type } = imageSize(new Uint8Array(content));
    const known = type !== undefined && (PHP_FORMATS.has(type) || (type === 'heif' && mimeType === 'image/avif'));
    return known && Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** WBMP's largest side to PHP. */
const WBMP_MAX = 2048;

/**
 * PHP's `php_get_wbmp`: a 0 byte (type 0), a header of bytes with the high
 * bit set then one without, then width and height as 7-bit groups (high
 * bit: more follows), each 1 to 2048. Undefined when the bytes do not read so.
 */
export function wbmpPixelSize(content: Uint8Array): PixelSize | undefined {
  if (content[0] !== 0) return undefined;
  let at = 1;
  let byte: number | undefined;
  do {
    byte = content[at++];
    if (byte === undefined) return undefined;
  } while (byte & 0x80);
  const sides: number[] = [];
  for (let side = 0; side < 2; side++) {
    let value = 0;
    do {
      byte = content[at++];
      if (byte === undefined) return undefined;
      value = (value << 7) | (byte & 0x7f);
      if (value > WBMP_MAX) return undefined;
    } while (byte & 0x80);
    sides.push(value);
  }
  const [width, height] = sides as [number, number];
  return width === 0 || height === 0 ? undefined : { width, height };
}

let imageSizeModule: Promise<typeof import('image-size')> | undefined;
