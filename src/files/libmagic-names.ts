/**
 * Where `file-type` and libmagic (file 5.40, in PHP 8.2, behind Symfony's
 * `getMimeType()`) name the same format differently: libmagic's name, which
 * Laravel's `mimetypes` compares, and Symfony's first extension for it
 * (null: Symfony lists none, so `mimes` never matches).
 */
export const LIBMAGIC_NAMES: ReadonlyMap<string, { readonly mimeType: string; readonly extension: string | null }> = new Map([
  ['image/bmp', { mimeType: 'image/x-ms-bmp', extension: 'bmp' }],
  ['image/x-icon', { mimeType: 'image/vnd.microsoft.icon', extension: 'ico' }],
  ['application/rtf', { mimeType: 'text/rtf', extension: 'rtf' }],
  ['application/xml', { mimeType: 'text/xml', extension: 'xml' }],
  ['audio/wav', { mimeType: 'audio/x-wav', extension: 'wav' }],
  ['application/x-rar-compressed', { mimeType: 'application/x-rar', extension: 'rar' }],
  ['application/x-msdownload', { mimeType: 'application/x-dosexec', extension: null }],
]);
