/**
 * A file part of a `multipart/form-data` body, held in memory (bounded by
 * `max_file_size` and `body_limit`).
 */
export class UploadedFile {
  constructor(
    /** The form field name, as sent (`photo`, `photos[]`). */
    readonly field: string,
    /** The client's file name; never trust it as a path. */
    readonly filename: string,
    /** The client's declared media type. */
    readonly mimeType: string,
    /** The file's bytes. */
    readonly content: Buffer,
  ) {}

  /** Size in bytes. */
  get size(): number {
    return this.content.length;
  }

  /** A JSON-friendly summary (the content is left out). */
  toJSON(): { filename: string; mimeType: string; size: number } {
    return { filename: this.filename, mimeType: this.mimeType, size: this.size };
  }
}
