/**
 * `Rule.dimensions()`, `File` and `File.image()`: the rule strings Laravel
 * 11's `Rules\Dimensions` prints, the rules `Rules\File` expands to (in
 * `buildValidationRules` order), and the messages those give. Expected
 * messages are Laravel v11.56.0's answers on the same files.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Dimensions, FileRule, ImageFile, Rule } from '../../src/index.js';
import { compileValidator } from '../../src/validation/compiler.js';
import { UploadedFile } from '../../src/http/uploaded-file.js';
import { RULE_LIST } from '../../src/validation/types.js';
import type { FieldRules } from '../../src/validation/types.js';
import { pdf, png } from '../files/sample-files.js';

const upload = (filename: string, content: Buffer) => new UploadedFile('photo', filename, 'application/octet-stream', content);

async function messages(rules: FieldRules, value: unknown): Promise<string[] | null> {
  const outcome = await compileValidator({ photo: rules }, { owner: 'BuiltRules' }).validate({ photo: value });
  return outcome.ok ? null : (outcome.errors.photo ?? null);
}

const dimensions = suite('Rule.dimensions (Rules\\Dimensions)');

dimensions('prints its constraints in the order given, as Laravel does', () => {
  const rule = Rule.dimensions({ min_width: 100 }).maxWidth(1000).ratio('3/2');
  assert.instance(rule, Dimensions);
  assert.is(String(rule), 'dimensions:min_width=100,max_width=1000,ratio=3/2');
  assert.is(
    String(Rule.dimensions().width(10).height(20).minHeight(5).maxHeight(50)),
    'dimensions:width=10,height=20,min_height=5,max_height=50',
  );
  assert.is(String(Rule.dimensions().ratio(1.5).ratioBetween('1/2', 2)), 'dimensions:ratio=1.5,min_ratio=1/2,max_ratio=2');
  // Setting a constraint again keeps its place.
  assert.is(String(Rule.dimensions({ min_width: 1, max_width: 9 }).minWidth(5)), 'dimensions:min_width=5,max_width=9');
});

dimensions('is read as its string in a rule list', async () => {
  const rule = Rule.dimensions().maxWidth(5);
  assert.equal(await messages(['required', rule], upload('a.png', png(10, 20))), ['The photo field has invalid image dimensions.']);
  assert.equal(await messages([rule], upload('a.png', png(5, 20))), null);
});
dimensions.run();

const file = suite('File, File.image (Rules\\File, Rules\\ImageFile)');

file("expands to Laravel's rules, in order: file, mimetypes, mimes, extensions, one size rule, then added rules", () => {
  assert.equal(FileRule.types(['pdf', 'image/*']).extensions(['PDF']).min('1kb').max('2mb').rules('mimes:x')[RULE_LIST](), [
    'file',
    'mimetypes:image/*',
    'mimes:pdf',
    'extensions:pdf',
    'between:1,2000',
    'mimes:x',
  ]);
  assert.equal(FileRule.default()[RULE_LIST](), ['file']);
  assert.equal(FileRule.types('pdf').max(10)[RULE_LIST](), ['file', 'mimes:pdf', 'max:10']);
  assert.equal(FileRule.types('pdf').min(10)[RULE_LIST](), ['file', 'mimes:pdf', 'min:10']);
  assert.equal(FileRule.types('pdf').size('1.5mb')[RULE_LIST](), ['file', 'mimes:pdf', 'size:1500']);
  // PHP's round() gives a float and 2 !== 2.0: Laravel writes between, not size.
  assert.equal(FileRule.types('pdf').between(2, '2kb')[RULE_LIST](), ['file', 'mimes:pdf', 'between:2,2']);
  assert.equal(FileRule.types('pdf').between('1kb', '1kb')[RULE_LIST](), ['file', 'mimes:pdf', 'size:1']);
  assert.equal(FileRule.types('pdf').between(1, 1)[RULE_LIST](), ['file', 'mimes:pdf', 'size:1']);
  const image = FileRule.image().max(1024).dimensions(Rule.dimensions().maxWidth(100));
  assert.instance(image, ImageFile);
  assert.equal(image[RULE_LIST]().map(String), ['file', 'max:1024', 'image', 'dimensions:max_width=100']);
  assert.instance(Rule.file(), FileRule);
  assert.instance(Rule.imageFile(), ImageFile);
});

file('sizes with a unit: decimal kb, mb, gb, tb, rounded half away from zero; anything else throws', () => {
  assert.equal(FileRule.default().max('0.5kb')[RULE_LIST](), ['file', 'max:1']);
  assert.equal(FileRule.default().max('2gb')[RULE_LIST](), ['file', 'max:2000000']);
  assert.equal(FileRule.default().max('1tb')[RULE_LIST](), ['file', 'max:1000000000']);
  assert.equal(FileRule.default().max(1.5)[RULE_LIST](), ['file', 'max:1.5']);
  assert.equal(FileRule.default().max(' 2.5mb')[RULE_LIST](), ['file', 'max:2500']);
  assert.equal(FileRule.default().max('-0.5kb')[RULE_LIST](), ['file', 'max:-1']);
  assert.throws(() => FileRule.default().max('1MB'), /Invalid file size suffix in "1MB"/);
  assert.throws(() => FileRule.default().max('100'), /Invalid file size suffix/);
});

file('each failing rule reports its own message (Laravel v11.56.0 answers)', async () => {
  const photo = upload('a.png', png(300, 200));
  assert.equal(await messages(['required', FileRule.types(['pdf', 'image/jpeg']).max(1)], photo), [
    'The photo field must be a file of type: image/jpeg.',
    'The photo field must be a file of type: pdf.',
  ]);
  const image = FileRule.image().max('1kb').dimensions(Rule.dimensions().maxWidth(100).ratio('3/2'));
  assert.equal(await messages([image], upload('a.pdf', pdf())), [
    'The photo field must be an image.',
    'The photo field has invalid image dimensions.',
  ]);
  assert.equal(await messages([image], photo), ['The photo field has invalid image dimensions.']);
  assert.equal(await messages([FileRule.types('pdf').extensions(['PDF']).between(1, '1mb')], 'abc'), [
    'The photo field must be a file.',
    'The photo field must be a file of type: pdf.',
    'The photo field must have one of the following extensions: pdf.',
  ]);
  assert.equal(await messages([FileRule.image()], photo), null);
});

file('a cycle of built rules is refused at boot', () => {
  const looping = FileRule.default();
  looping.rules(looping);
  assert.throws(() => compileValidator({ photo: [looping] }, { owner: 'BuiltRules' }), /built rules nest too deeply/);
});
file.run();
