/**
 * Symfony's `File::guessExtension()` is the first extension its MIME map
 * (`Symfony\Component\Mime\MimeTypes`) lists for the guessed type. For the
 * types `file-type` recognises, its own extension is that first one except
 * for these, where Symfony's wins (`video/mpeg` is `mpeg`, not `mpg`).
 */
const SYMFONY_FIRST_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['application/gzip', 'gz'],
  ['application/postscript', 'ai'],
  ['application/vnd.ms-outlook', 'msg'],
  ['application/vnd.visio', 'vsd'],
  ['application/x-mobipocket-ebook', 'prc'],
  ['application/x-sqlite3', 'sqlite3'],
  ['audio/mp4', 'm4a'],
  ['audio/mpeg', 'mp3'],
  ['audio/ogg', 'ogg'],
  ['image/heic-sequence', 'heics'],
  ['image/heif', 'heif'],
  ['image/heif-sequence', 'heifs'],
  ['image/vnd.ms-photo', 'wdp'],
  ['image/x-icon', 'ico'],
  ['text/vcard', 'vcard'],
  ['video/mp2t', 'ts'],
  ['video/mp4', 'mp4'],
  ['video/mpeg', 'mpeg'],
  ['video/ogg', 'ogv'],
]);

/** The extension Symfony would guess for `mimeType`, given the one `file-type` reported with it. */
export function guessedExtension(mimeType: string, fileTypeExtension: string): string {
  return SYMFONY_FIRST_EXTENSION.get(mimeType) ?? fileTypeExtension;
}
