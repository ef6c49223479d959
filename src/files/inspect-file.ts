import type { UploadedFile } from '../http/uploaded-file.js';
import { clientExtension } from './client-extension.js';
import { guessedExtension } from './guessed-extension.js';
import { IMAGE_EXTENSIONS } from './image-extensions.js';
import { looksLikeSvg, looksLikeText } from './sniff-text.js';

/**
 * What the file rules (`file`, `image`, `mimes`, `mimetypes`, `extensions`,
 * `dimensions`) need to know about an upload, guessed from its bytes as
 * Symfony's `File::getMimeType()` / `guessExtension()` do (never from the
 * client's declared type or name, except `clientExtension`).
 */
export interface FileInspection {
  /**
   * The MIME type the content shows (`image/png`, `text/plain`,
   * `application/octet-stream` when nothing is recognised,
   * `application/x-empty` for an empty file): what `mimetypes` compares.
   */
  readonly mimeType: string;
  /**
   * The extension for that type (`png`, `jpg`, `txt`, `bin`; null for an
   * empty file): what `mimes` and `image` compare.
   */
  readonly extension: string | null;
  /** The client file name's extension, case kept (`clientExtension`): what `extensions` compares, lowercased. */
  readonly clientExtension: string;
  /** The guessed extension is one of Laravel 11's `image` rule (`IMAGE_EXTENSIONS`, SVG included). */
  readonly isImage: boolean;
  /** The content is an SVG image (`image/svg+xml`): Laravel's `dimensions` passes it unmeasured, Laravel 12's `image` wants `allow_svg`. */
  readonly isSvg: boolean;
  /** Pixel width of a raster image whose header could be read (PHP's `getimagesize`); absent otherwise. */
  readonly width?: number;
  /** Pixel height, as `width`. */
  readonly height?: number;
}

/** The part of an upload inspection reads. */
export type InspectableFile = Pick<UploadedFile, 'filename' | 'content'>;

const inspections = new WeakMap<InspectableFile, Promise<FileInspection>>();

/**
 * Inspects an upload once: later calls for the same file object (several
 * file rules on one field) share the first answer. Sniffing reads at most
 * the first MiB for text and stops at the limits of `file-type` and
 * `image-size`, so it is bounded whatever the upload's size. The two
 * libraries are loaded on the first call, so applications without uploads
 * never load them.
 */
export function inspectFile(file: InspectableFile): Promise<FileInspection> {
  let inspection = inspections.get(file);
  if (inspection === undefined) {
    inspection = inspect(file);
    inspections.set(file, inspection);
  }
  return inspection;
}

async function inspect(file: InspectableFile): Promise<FileInspection> {
  const { mimeType, extension } = await sniff(file.content);
  const isSvg = mimeType === 'image/svg+xml';
  const base = {
    mimeType,
    extension,
    clientExtension: clientExtension(file.filename),
    isImage: extension !== null && IMAGE_EXTENSIONS.includes(extension),
    isSvg,
  };
  if (isSvg || !mimeType.startsWith('image/')) return base;
  const size = await measure(file.content);
  return size === undefined ? base : { ...base, ...size };
}

/** The content's type: empty, SVG (before `file-type`, which calls it XML), a magic number, text, or unknown bytes. */
async function sniff(content: Uint8Array): Promise<{ mimeType: string; extension: string | null }> {
  if (content.length === 0) return { mimeType: 'application/x-empty', extension: null };
  if (looksLikeSvg(content)) return { mimeType: 'image/svg+xml', extension: 'svg' };
  const { fileTypeFromBuffer } = await (fileTypeModule ??= import('file-type'));
  const found = await fileTypeFromBuffer(content).catch(() => undefined);
  if (found !== undefined) return { mimeType: found.mime, extension: guessedExtension(found.mime, found.ext) };
  if (looksLikeText(content)) return { mimeType: 'text/plain', extension: 'txt' };
  return { mimeType: 'application/octet-stream', extension: 'bin' };
}

/** Width and height from the image's header, or undefined when it cannot be read (a truncated or fake image). */
async function measure(content: Uint8Array): Promise<{ width: number; height: number } | undefined> {
  const { imageSize } = await (imageSizeModule ??= import('image-size'));
  try {
    // image-size reads through a DataView that runs to the end of the underlying ArrayBuffer,
    // not of the view: on a small upload (a slice of Node's shared buffer pool) a cut header
    // would be completed with whatever bytes follow it. A copy of its own ends where the file ends.
    const { width, height } = imageSize(new Uint8Array(content));
    return Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

let fileTypeModule: Promise<typeof import('file-type')> | undefined;
let imageSizeModule: Promise<typeof import('image-size')> | undefined;
