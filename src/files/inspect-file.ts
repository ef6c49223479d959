import type { UploadedFile } from '../http/uploaded-file.js';
import { clientExtension } from './client-extension.js';
import { guessedExtension } from './guessed-extension.js';
import { IMAGE_EXTENSIONS } from './image-extensions.js';
import { looksLikeCsv } from './sniff-csv.js';
import { looksLikeJson } from './sniff-json.js';
import { LIBMAGIC_NAMES } from './libmagic-names.js';
import { imagePixelSize, wbmpPixelSize } from './pixel-size.js';
import { TEXT_SNIFF_BYTES, looksLikeText, looksLikeUtf16Text } from './sniff-text.js';
import { looksLikeSvg, textType } from './text-magic.js';
import type { FileInspection } from './file-inspection.js';

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
  if (isSvg) return base;
  // getimagesize reads any file; only WBMP, its last guess, has no image type of its own.
  const size = mimeType.startsWith('image/') ? await imagePixelSize(file.content, mimeType) : wbmpPixelSize(file.content);
  return size === undefined ? base : { ...base, ...size };
}

type Sniffed = { readonly mimeType: string; readonly extension: string | null };

const EMPTY: Sniffed = { mimeType: 'application/x-empty', extension: null };
const BINARY: Sniffed = { mimeType: 'application/octet-stream', extension: 'bin' };
const PLAIN: Sniffed = { mimeType: 'text/plain', extension: 'txt' };
const JSON_TYPE: Sniffed = { mimeType: 'application/json', extension: 'json' };
const CSV: Sniffed = { mimeType: 'text/csv', extension: 'csv' };
const SVG: Sniffed = { mimeType: 'image/svg+xml', extension: 'svg' };

/**
 * The content's type, in libmagic's order (file 5.40's `file_buffer`, as
 * PHP 8.2 bundles it): empty; one byte ("very short", no test); JSON and
 * CSV before any magic number; SVG (before `file-type`, which calls it
 * XML); UTF-16 text (before `file-type`, which reads its mark as an MP3
 * frame); a magic number, under libmagic's name; text, named by its first
 * bytes (HTML, PHP, scripts) or plain, but not when it is two bytes (PHP's
 * libmagic calls those binary); unknown bytes.
 */
async function sniff(content: Uint8Array): Promise<Sniffed> {
  if (content.length === 0) return EMPTY;
  if (content.length === 1) return BINARY;
  const utf16 = looksLikeUtf16Text(content);
  const text = utf16 || looksLikeText(content);
  if (looksLikeJson(content, TEXT_SNIFF_BYTES)) return JSON_TYPE;
  if (text && looksLikeCsv(content, TEXT_SNIFF_BYTES)) return CSV;
  if (utf16) return textType(decodeUtf16(content)) ?? PLAIN;
  if (text && looksLikeSvg(content)) return SVG;
  const { fileTypeFromBuffer } = await (fileTypeModule ??= import('file-type'));
  const found = await fileTypeFromBuffer(content).catch(() => undefined);
  if (found !== undefined)
    return LIBMAGIC_NAMES.get(found.mime) ?? { mimeType: found.mime, extension: guessedExtension(found.mime, found.ext) };
  if (!text || content.length < 3) return BINARY;
  return textType(content) ?? PLAIN;
}

/** UTF-16 text (after its mark) as UTF-8 bytes, which libmagic's text tests read; within the sniffed prefix. */
function decodeUtf16(content: Uint8Array): Uint8Array {
  const end = Math.min(content.length, TEXT_SNIFF_BYTES) & ~1;
  const units = Buffer.from(content.subarray(2, end));
  if (content[0] === 0xfe) units.swap16();
  return Buffer.from(units.toString('utf16le'), 'utf8');
}

let fileTypeModule: Promise<typeof import('file-type')> | undefined;
