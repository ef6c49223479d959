/**
 * File rules: `file`, `image`, `mimes`, `mimetypes`, `extensions`,
 * `dimensions`, as Laravel 11's `ValidatesAttributes`. A value that is not
 * an uploaded file fails every one of them (`isValidFileInstance`). The
 * type of a file is read from its bytes (`inspectFile`, Symfony's
 * `getMimeType()` / `guessExtension()`), never from the client's declared
 * type; only `extensions` reads the client's file name. Inspection reads
 * the upload, so those rules use `prefetch`: every file at the field is
 * inspected once, before any rule runs, and the check is then synchronous.
 */
import { clientExtension } from '../../files/client-extension.js';
import { IMAGE_EXTENSIONS, PHP_EXTENSIONS } from '../../files/image-extensions.js';
import type { FileInspection } from '../../files/file-inspection.js';
import { LogicException } from '../../errors/logic-exception.js';
import type { UploadedFile } from '../../http/uploaded-file.js';
import { compileDimensions, namedParameters } from '../image-dimensions.js';
import { isFile, looseEquals } from '../php.js';
import type { Check, Compiled, Prefetch, RuleContext, RuleFamily } from './definition.js';
import { serverImplementation } from '../server-implementations.js';
import { valuesParam } from './params.js';
import { PHP_TRIMMED, trimChars } from '../../php/trim-chars.js';

/** `trim(strtolower($ext))`: PHP's ASCII lowercase and trim. */
function phpLowerTrim(text: string): string {
  return trimChars(asciiLower(text), PHP_TRIMMED);
}

/** PHP 8's `strtolower`: ASCII letters only. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Loose `in_array($value, $params)`. */
function inList(value: unknown, params: readonly string[]): boolean {
  for (const p of params) if (looseEquals(value, p)) return true;
  return false;
}

/**
 * `shouldBlockPhpUpload`: unless `php` is a parameter, a file whose client
 * extension is one PHP runs (`php`, `phtml`, `phar`...) fails, whatever
 * its content.
 */
function phpGuard(params: readonly string[]): (file: UploadedFile) => boolean {
  if (params.includes('php')) return () => false;
  return (file) => PHP_EXTENSIONS.includes(phpLowerTrim(clientExtension(file.filename)));
}

/**
 * A rule that judges a file by its inspection: every file among `values`
 * is inspected once (in parallel, bounded by `max_files`) by the server's
 * inspector, then the check reads the answers. A value that is not a file fails.
 */
function inspected(rule: string, test: (inspection: FileInspection, file: UploadedFile) => boolean): Prefetch {
  return async (values) => {
    const answers = new Map<UploadedFile, FileInspection>();
    const files = values.filter(isFile);
    if (files.length > 0) {
      const inspectFile = serverImplementation('inspectFile', rule);
      const inspections = await Promise.all(files.map((file) => inspectFile(file)));
      for (let i = 0; i < files.length; i++) answers.set(files[i]!, inspections[i]!);
    }
    const check: Check = (v) => {
      if (!isFile(v)) return false;
      const inspection = answers.get(v);
      // Every value at the field was handed to prefetch; a file that was not is a bug, not bad input.
      if (inspection === undefined) throw new LogicException('A file reached a file rule without being inspected.');
      return test(inspection, v);
    };
    return check;
  };
}

/** `validateMimes`: the extension guessed from the content is one of `params` (`jpg` and `jpeg` stand for each other). */
function mimesTest(params: readonly string[]): (inspection: FileInspection, file: UploadedFile) => boolean {
  const blocked = phpGuard(params);
  const accepted = params.includes('jpg') || params.includes('jpeg') ? [...new Set([...params, 'jpg', 'jpeg'])] : params;
  return (inspection, file) => !blocked(file) && inList(inspection.extension, accepted);
}

/** `:values`: the parameters as written (`replaceMimes`). */
function listedValues(c: RuleContext): readonly [string, string][] {
  return [[':values', c.params.join(', ')]];
}

export const FILES = {
  file: {
    kind: 'value',
    server: 'files',
    message: 'The :attribute field must be a file.',
    compile: () => ({ check: isFile }),
  },
  image: {
    kind: 'value',
    server: 'files',
    message: 'The :attribute field must be an image.',
    // Laravel 11: `mimes:jpg,jpeg,png,gif,bmp,svg,webp`, so SVG passes (Laravel 12 asks for `image:allow_svg`).
    compile: (): Compiled => ({ prefetch: inspected('image', mimesTest(IMAGE_EXTENSIONS)) }),
  },
  mimes: {
    kind: 'value',
    server: 'files',
    params: 1,
    message: 'The :attribute field must be a file of type: :values.',
    compile: (c): Compiled => ({ prefetch: inspected('mimes', mimesTest(valuesParam(c))), replace: listedValues(c) }),
  },
  mimetypes: {
    kind: 'value',
    server: 'files',
    params: 1,
    message: 'The :attribute field must be a file of type: :values.',
    compile: (c): Compiled => {
      const params = valuesParam(c);
      const blocked = phpGuard(params);
      return {
        prefetch: inspected('mimetypes', (inspection, file) => {
          if (blocked(file)) return false;
          const type = inspection.mimeType;
          // `image/*` accepts every `image/...` type; `*/*` is not a wildcard upstream.
          return params.includes(type) || params.includes(`${type.split('/')[0]}/*`);
        }),
        replace: listedValues(c),
      };
    },
  },
  extensions: {
    kind: 'value',
    server: 'files',
    params: 1,
    message: 'The :attribute field must have one of the following extensions: :values.',
    compile: (c) => {
      const params = valuesParam(c);
      const blocked = phpGuard(params);
      return {
        // The client's file name only: no inspection. The parameters are compared as written (lower case matches).
        check: (v) => isFile(v) && !blocked(v) && inList(asciiLower(clientExtension(v.filename)), params),
        replace: listedValues(c),
      };
    },
  },
  dimensions: {
    kind: 'value',
    server: 'files',
    params: 1,
    message: 'The :attribute field has invalid image dimensions.',
    compile: (c): Compiled => {
      const named = namedParameters(c.params);
      const test = compileDimensions(named);
      return {
        // An SVG passes unmeasured; an image whose size cannot be read fails.
        prefetch: inspected('dimensions', (inspection) => {
          if (inspection.isSvg) return true;
          return inspection.width !== undefined && inspection.height !== undefined && test(inspection.width, inspection.height);
        }),
        // `replaceDimensions`: each named parameter's placeholder (`:min_width`), for custom messages.
        replace: [...named].map(([key, value]) => [`:${key}`, value ?? ''] as const),
      };
    },
  },
} as const satisfies RuleFamily;
