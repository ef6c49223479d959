/**
 * The file rules (`file`, `image`, `mimes`, `mimetypes`, `extensions`,
 * `dimensions`) and the size rules on files, as Laravel 11 answers them.
 * Every expected answer below is what Laravel v11.56.0's validator gave for
 * the same rules on the same bytes wrapped in `Illuminate\Http\UploadedFile`
 * (PHP 8.2, its bundled libmagic), so these are the reference, not guesses.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileValidator } from '../../../src/validation/compiler.js';
import { UploadedFile } from '../../../src/http/uploaded-file.js';
import type { CompileOptions, RuleMap, ValidationOutcome } from '../../../src/validation/types.js';
import { bmp, gif, jpeg, pdf, png, svg, webp, zip } from '../../files/sample-files.js';
// The rules' input/output (uploads, DNS, bcrypt, ajv, the database) as the server registers it.
import '../../../src/validation/server/register.js';

const upload = (filename: string, content: Buffer) => new UploadedFile('f', filename, 'application/octet-stream', content);

async function validate(rules: RuleMap, input: Record<string, unknown>, options: Partial<CompileOptions> = {}): Promise<ValidationOutcome> {
  return compileValidator(rules, { owner: 'FileRequest', ...options }).validate(input);
}

/** The messages of `f` under `rule`, or null when it passes. */
async function messages(rule: string, value: unknown): Promise<string[] | null> {
  const outcome = await validate({ f: rule }, { f: value });
  return outcome.ok ? null : (outcome.errors.f ?? null);
}

const FILES = {
  png: upload('a.png', png(10, 20)),
  jpeg: upload('a.jpg', jpeg(30, 20)),
  jpegNamedJpeg: upload('photo.jpeg', jpeg(300, 200)),
  gif: upload('a.gif', gif(3, 2)),
  bmp: upload('a.bmp', bmp(4, 4)),
  webp: upload('a.webp', webp(7, 5)),
  svg: upload('a.svg', svg()),
  pdf: upload('a.pdf', pdf()),
  zip: upload('a.zip', zip()),
  text: upload('a.txt', Buffer.from('hello\n')),
  textNamedPng: upload('a.png', Buffer.from('hello\n')),
  pngNamedPhp: upload('x.php', png(10, 20)),
  pngNamedPhpUpper: upload('x.PHP ', png(10, 20)),
  pngNamedUpper: upload('A.PNG', png(30, 20)),
  empty: upload('e.txt', Buffer.alloc(0)),
  noExtension: upload('README', Buffer.from('hello\n')),
};
type Name = keyof typeof FILES;

const IMAGE = 'The f field must be an image.';
const FILE = 'The f field must be a file.';
const DIMENSIONS = 'The f field has invalid image dimensions.';
const typeOf = (values: string) => `The f field must be a file of type: ${values}.`;
const extensionOf = (values: string) => `The f field must have one of the following extensions: ${values}.`;

/** [rule, files that pass]: every other sample fails with `message`. */
const MATRIX: ReadonlyArray<readonly [string, readonly Name[], string]> = [
  ['file', Object.keys(FILES) as Name[], FILE],
  // Laravel 11's image list: jpg, jpeg, png, gif, bmp, svg, webp, by content; a PHP name fails whatever the bytes.
  ['image', ['png', 'jpeg', 'jpegNamedJpeg', 'gif', 'bmp', 'webp', 'svg', 'pngNamedUpper'], IMAGE],
  ['mimes:png', ['png', 'pngNamedUpper'], typeOf('png')],
  // jpg and jpeg stand for each other.
  ['mimes:jpeg', ['jpeg', 'jpegNamedJpeg'], typeOf('jpeg')],
  ['mimes:jpg', ['jpeg', 'jpegNamedJpeg'], typeOf('jpg')],
  ['mimes:txt', ['text', 'textNamedPng', 'noExtension'], typeOf('txt')],
  ['mimes:pdf,zip', ['pdf', 'zip'], typeOf('pdf, zip')],
  ['mimes:svg', ['svg'], typeOf('svg')],
  // Parameters are compared as written: the guessed extension is lower case.
  ['mimes:PNG', [], typeOf('PNG')],
  ['mimes:php,png', ['png', 'pngNamedPhp', 'pngNamedPhpUpper', 'pngNamedUpper'], typeOf('php, png')],
  ['mimetypes:image/*', ['png', 'jpeg', 'jpegNamedJpeg', 'gif', 'bmp', 'webp', 'svg', 'pngNamedUpper'], typeOf('image/*')],
  ['mimetypes:image/png', ['png', 'pngNamedUpper'], typeOf('image/png')],
  ['mimetypes:text/plain', ['text', 'textNamedPng', 'noExtension'], typeOf('text/plain')],
  // `*/*` is not a wildcard upstream.
  ['mimetypes:*/*', [], typeOf('*/*')],
  ['mimetypes:application/x-empty', ['empty'], typeOf('application/x-empty')],
  // The client's extension, lowercased; the parameters as written.
  ['extensions:png', ['png', 'textNamedPng', 'pngNamedUpper'], extensionOf('png')],
  ['extensions:PNG', [], extensionOf('PNG')],
  ['extensions:jpg,jpeg', ['jpeg', 'jpegNamedJpeg'], extensionOf('jpg, jpeg')],
  ['extensions:php', ['pngNamedPhp'], extensionOf('php')],
  // An SVG passes unmeasured; anything that is not a readable image fails.
  ['dimensions:min_width=10', ['png', 'jpeg', 'jpegNamedJpeg', 'svg', 'pngNamedPhp', 'pngNamedPhpUpper', 'pngNamedUpper'], DIMENSIONS],
  ['dimensions:max_width=10', ['png', 'gif', 'bmp', 'webp', 'svg', 'pngNamedPhp', 'pngNamedPhpUpper'], DIMENSIONS],
  ['dimensions:width=10,height=20', ['png', 'svg', 'pngNamedPhp', 'pngNamedPhpUpper'], DIMENSIONS],
  // Within one pixel, so a small image has a wide margin: 7x5 (1.4) is 3/2.
  ['dimensions:ratio=3/2', ['jpeg', 'jpegNamedJpeg', 'gif', 'webp', 'pngNamedUpper', 'svg'], DIMENSIONS],
  ['dimensions:ratio=1.5', ['jpeg', 'jpegNamedJpeg', 'gif', 'webp', 'pngNamedUpper', 'svg'], DIMENSIONS],
  // Laravel's min_ratio fails an image wider than it, max_ratio a narrower one.
  ['dimensions:min_ratio=1', ['png', 'bmp', 'svg', 'pngNamedPhp', 'pngNamedPhpUpper'], DIMENSIONS],
  ['dimensions:max_ratio=1', ['jpeg', 'jpegNamedJpeg', 'gif', 'bmp', 'webp', 'svg', 'pngNamedUpper'], DIMENSIONS],
  // PHP 8 compares a non-numeric parameter with the width as strings: "abc" > "10".
  ['dimensions:min_width=abc', ['svg'], DIMENSIONS],
  ['dimensions:width=10.0', ['png', 'svg', 'pngNamedPhp', 'pngNamedPhpUpper'], DIMENSIONS],
];

const matrix = suite('file rules on real files (answers of Laravel 11)');
for (const [rule, passing, message] of MATRIX) {
  matrix(`${rule} passes ${passing.length === 0 ? 'nothing' : passing.join(', ')}`, async () => {
    const got: string[] = [];
    const expected: string[] = [];
    for (const name of Object.keys(FILES) as Name[]) {
      got.push(`${name}: ${JSON.stringify(await messages(rule, FILES[name]))}`);
      expected.push(`${name}: ${JSON.stringify(passing.includes(name) ? null : [message])}`);
    }
    assert.equal(got, expected);
  });
}
matrix.run();

const notFiles = suite('a value that is not a file fails every file rule (isValidFileInstance)');
const RULES: ReadonlyArray<readonly [string, string]> = [
  ['file', FILE],
  ['image', IMAGE],
  ['mimes:png', typeOf('png')],
  ['mimetypes:image/png', typeOf('image/png')],
  ['extensions:png', extensionOf('png')],
  ['dimensions:min_width=1', DIMENSIONS],
];
for (const [rule, message] of RULES) {
  notFiles(`${rule}: the oracle's values, null, and a missing field`, async () => {
    for (const value of ['a', 'ABC', 3, '#fff', 'UTC', ['a'], { a: 1 }, true, null]) {
      assert.equal(await messages(rule, value), [message], JSON.stringify(value));
    }
    assert.equal(await validate({ f: rule }, {}), { ok: true, validated: {} });
    assert.equal(await validate({ f: `nullable|${rule}` }, { f: null }), { ok: true, validated: { f: null } });
    assert.equal(await validate({ f: rule }, { f: '' }), { ok: true, validated: { f: '' } }, 'a blank string is not validated');
  });
}
notFiles.run();

const together = suite('file rules together, with messages, wildcards and validated()');

together('every failing rule reports, in order', async () => {
  const outcome = await validate(
    { photo: 'file|image|mimes:png|mimetypes:image/png|extensions:png|dimensions:max_width=5' },
    { photo: upload('a.txt', Buffer.from('hello\n')) },
  );
  assert.equal(outcome, {
    ok: false,
    errors: {
      photo: [
        'The photo field must be an image.',
        'The photo field must be a file of type: png.',
        'The photo field must be a file of type: image/png.',
        'The photo field must have one of the following extensions: png.',
        'The photo field has invalid image dimensions.',
      ],
    },
  });
});

together('photos.* with image: the failing item is named; validated() keeps the UploadedFile objects', async () => {
  const a = upload('a.png', png(10, 20));
  const b = upload('b.txt', Buffer.from('hello\n'));
  assert.equal(await validate({ 'photos.*': 'image' }, { photos: [a, b] }), {
    ok: false,
    errors: { 'photos.1': ['The photos.1 field must be an image.'] },
  });
  const c = upload('c.jpg', jpeg(30, 20));
  const passed = await validate({ photos: 'array', 'photos.*': 'image' }, { photos: [a, c] });
  assert.ok(passed.ok);
  const photos = (passed as { ok: true; validated: { photos?: unknown } }).validated.photos as unknown[];
  assert.is(photos[0], a);
  assert.is(photos[1], c);
});

together('custom messages and attributes: :values, and dimensions placeholders for its parameters', async () => {
  assert.equal(
    await validate(
      { photo: 'mimes:pdf,docx' },
      { photo: upload('a.png', png(10, 20)) },
      { messages: { 'photo.mimes': 'Send :values only.' }, attributes: { photo: 'your photo' } },
    ),
    { ok: false, errors: { photo: ['Send pdf, docx only.'] } },
  );
  assert.equal(
    await validate(
      { photo: 'dimensions:min_width=20,min_height=30' },
      { photo: upload('a.png', png(10, 20)) },
      { messages: { 'photo.dimensions': 'At least :min_width x :min_height, not :width.' } },
    ),
    { ok: false, errors: { photo: ['At least 20 x 30, not :width.'] } },
  );
  assert.equal(await messages('mimes:pdf', upload('a.png', png(1, 1))), [typeOf('pdf')]);
});

together('ratio is matched within one pixel: 300x200 is 3/2, 301x200 is not', async () => {
  assert.equal(await messages('dimensions:ratio=3/2', upload('a.png', png(300, 200))), null);
  assert.equal(await messages('dimensions:ratio=3/2', upload('a.png', png(301, 200))), [DIMENSIONS]);
  // A zero part is 1, as array_filter drops it: 0/2 is 1/2, 3/0 is 3/1.
  assert.equal(await messages('dimensions:ratio=0/2', upload('a.png', png(10, 20))), null);
  assert.equal(await messages('dimensions:ratio=3/0', upload('a.png', png(30, 10))), null);
});

together('text by its content: CSV is csv (not txt), PHP and HTML are not txt, JSON is json', async () => {
  const csv = upload('a.csv', Buffer.from('name,qty\napple,3\npear,5\n'));
  const php = upload('a.txt', Buffer.from('<?php echo 1;\n'));
  const html = upload('a.txt', Buffer.from('<!DOCTYPE html><html></html>\n'));
  const json = upload('a.json', Buffer.from('{"a": [1, 2]}\n'));
  const answers: string[] = [];
  for (const [rule, file] of [
    ['mimes:csv', csv],
    ['mimes:txt', csv],
    ['mimes:csv,txt', csv],
    ['mimetypes:text/csv', csv],
    ['mimes:txt', php],
    ['mimetypes:text/plain', php],
    ['mimes:txt', html],
    ['mimes:html', html],
    ['mimes:json', json],
    ['mimetypes:text/plain', json],
  ] as const) {
    answers.push(`${rule} on ${file.filename}: ${(await messages(rule, file)) === null ? 'passes' : 'fails'}`);
  }
  assert.equal(answers, [
    'mimes:csv on a.csv: passes',
    'mimes:txt on a.csv: fails',
    'mimes:csv,txt on a.csv: passes',
    'mimetypes:text/csv on a.csv: passes',
    'mimes:txt on a.txt: fails',
    'mimetypes:text/plain on a.txt: fails',
    'mimes:txt on a.txt: fails',
    'mimes:html on a.txt: passes',
    'mimes:json on a.json: passes',
    'mimetypes:text/plain on a.json: fails',
  ]);
});

together('an image whose header cannot be read fails dimensions but keeps its type', async () => {
  const truncated = upload('a.png', png(10, 20).subarray(0, 20));
  assert.equal(await messages('mimes:png', truncated), null);
  assert.equal(await messages('dimensions:min_width=1', truncated), [DIMENSIONS]);
});

together('several file rules on one file pass together (one inspection shared, tests/files)', async () => {
  const photo = upload('a.png', png(10, 20));
  assert.equal(await validate({ photo: 'required|file|image|mimes:png|mimetypes:image/*|extensions:png|dimensions:width=10' }, { photo }), {
    ok: true,
    validated: { photo },
  });
});

together('a bad dimensions ratio is refused at boot (Laravel fails on every image)', () => {
  assert.throws(
    () => compileValidator({ photo: 'dimensions:ratio=' }, { owner: 'FileRequest' }),
    /FileRequest: invalid validation rule "dimensions:ratio=" for field "photo": "ratio" needs a ratio such as 3\/2/,
  );
  assert.throws(() => compileValidator({ photo: 'mimes' }, { owner: 'FileRequest' }), /"mimes" needs 1 parameter/);
});
together.run();

const sizes = suite('size rules measure a file in kilobytes (getSize / 1024), with the file message');
const bytes = (n: number, name = 'a.bin') => upload(name, Buffer.alloc(n, 1));

sizes('max, min, size, between', async () => {
  assert.equal(await messages('file|max:1', bytes(2048)), ['The f field must not be greater than 1 kilobytes.']);
  assert.equal(await messages('file|max:2', bytes(2048)), null);
  assert.equal(await messages('file|min:3', bytes(2048)), ['The f field must be at least 3 kilobytes.']);
  assert.equal(await messages('file|size:2', bytes(2048)), null);
  assert.equal(await messages('file|size:1.5', bytes(1536)), null);
  assert.equal(await messages('file|size:1', bytes(1025)), ['The f field must be 1 kilobytes.']);
  assert.equal(await messages('file|between:3,4', bytes(2048)), ['The f field must be between 3 and 4 kilobytes.']);
  // A 254-byte image is 0.248 kilobytes: within max:1.
  assert.equal(await messages('required|image|max:1', upload('a.png', png(300, 200))), null);
});

sizes('gt, gte, lt, lte against another file (same PHP type), and against a number', async () => {
  const run = async (rule: string, doc: unknown, other: unknown) => {
    const outcome = await validate({ doc: rule }, { doc, other });
    return outcome.ok ? null : outcome.errors.doc;
  };
  assert.equal(await run('gt:other', bytes(1536), bytes(2048)), ['The doc field must be greater than 2 kilobytes.']);
  assert.equal(await run('lt:other', bytes(2048), bytes(1536)), ['The doc field must be less than 1.5 kilobytes.']);
  assert.equal(await run('gte:other', bytes(2048), bytes(2048)), null);
  assert.equal(await run('lte:other', bytes(1024), bytes(2048)), null);
  assert.equal(await run('gt:other', bytes(2048), 'abc'), ['The doc field must be greater than 3 kilobytes.']);
  // A literal number only compares a numeric value: a file never passes gt:1.
  assert.equal(await run('gt:1', bytes(2048), undefined), ['The doc field must be greater than 1 kilobytes.']);
});
sizes.run();
