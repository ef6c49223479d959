/**
 * Reading an answer's text with a cap on its bytes, so that a server (or
 * anything between) answering without end cannot grow the page or process
 * without bound. Browser-safe: fetch's body stream and `TextDecoder` only.
 */

/** `maxAnswerBytes` when none is given: 10 MiB. */
export const DEFAULT_MAX_ANSWER_BYTES = 10 * 1024 * 1024;
/** The characters of an answer an error keeps: enough to tell what came back, never the whole answer. */
const PREVIEW_CHARACTERS = 1024;

/** The parts of a fetch body stream the client reads. */
export interface ByteStream {
  getReader(): {
    read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>;
    cancel(reason?: unknown): Promise<void>;
  };
}

/** An answer the client read whole, or the start of one it stopped reading past its cap. */
export type ReadAnswer = { readonly text: string; readonly tooLarge?: undefined } | { readonly tooLarge: true; readonly preview: string };

/**
 * The text of an answer of at most `limit` bytes. From the body stream when
 * there is one (reading stops, and the stream is cancelled, at the first
 * chunk past the cap); otherwise from `text()`, measured once read.
 */
export async function readAnswer(
  response: { readonly body?: ByteStream | null; text(): Promise<string> },
  limit: number,
): Promise<ReadAnswer> {
  const stream = response.body;
  if (stream === undefined || stream === null) {
    const text = await response.text();
    return utf8Exceeds(text, limit) ? { tooLarge: true, preview: preview(text) } : { text };
  }
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode() };
    if (value === undefined) continue;
    bytes += value.byteLength;
    if (bytes > limit) {
      // The preview needs only the start: decode no more of this chunk than it can hold.
      if (text.length < PREVIEW_CHARACTERS) text += decoder.decode(value.subarray(0, PREVIEW_CHARACTERS * 4), { stream: true });
      reader.cancel().catch(() => undefined);
      return { tooLarge: true, preview: preview(text) };
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The first characters of an answer, for an error. */
export function preview(text: string): string {
  return text.length <= PREVIEW_CHARACTERS ? text : text.slice(0, PREVIEW_CHARACTERS);
}

/** Whether `text` takes more than `limit` bytes in UTF-8; encodes it only when its length cannot tell. */
function utf8Exceeds(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  return new TextEncoder().encode(text).byteLength > limit;
}
