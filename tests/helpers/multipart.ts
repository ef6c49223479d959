/**
 * A `multipart/form-data` body written by hand, part by part, for what a
 * FormData client would not send (a file input left empty, odd names).
 */

/** One part: a text field, or a file when `filename` is given (`''` is what browsers send for an empty file input). */
export interface Part {
  readonly name: string;
  readonly filename?: string;
  readonly type?: string;
  readonly content: string | Buffer;
}

const BOUNDARY = 'switchyard-test-boundary';

/** The body and its content type. */
export function multipart(parts: readonly Part[]): { body: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}
