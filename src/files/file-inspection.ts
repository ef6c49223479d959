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
