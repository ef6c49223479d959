/**
 * Laravel 11's built file rules: `Rule.dimensions()` (`Rules\Dimensions`,
 * read as its `dimensions:...` string) and `FileRule` / `FileRule.image()`
 * (`Rules\File`, `Rules\ImageFile`), which stand for the rules Laravel's
 * `File::buildValidationRules()` lists: `file`, then `mimetypes` (types
 * with a `/`) and `mimes` (the others), `extensions`, one size rule, then
 * the rules added with `rules()` (`image`, a `dimensions`...). Their
 * messages are those rules' own.
 */
import { LogicException } from '../errors/logic-exception.js';
import { phpNumberString } from './php.js';
import { RULE_LIST, STRINGABLE_RULE, type Rule, type RuleList, type StringableRule } from './types.js';

/** The constraints of a `dimensions` rule, named as its parameters. */
export interface DimensionConstraints {
  readonly width?: number | string;
  readonly height?: number | string;
  readonly min_width?: number | string;
  readonly max_width?: number | string;
  readonly min_height?: number | string;
  readonly max_height?: number | string;
  /** Width over height, `3/2` or `1.5`, matched within one pixel. */
  readonly ratio?: number | string;
  readonly min_ratio?: number | string;
  readonly max_ratio?: number | string;
}

/** A parameter as PHP prints it into the rule string. */
function text(value: number | string): string {
  return typeof value === 'number' ? phpNumberString(value) : value;
}

/**
 * Laravel's `Rules\Dimensions`: `Rule.dimensions({ min_width: 100 }).maxWidth(1000).ratio('3/2')`
 * is the rule `dimensions:min_width=100,max_width=1000,ratio=3/2`.
 */
export class Dimensions implements StringableRule {
  readonly [STRINGABLE_RULE] = true as const;
  readonly #constraints = new Map<string, string>();

  constructor(constraints: DimensionConstraints = {}) {
    for (const [key, value] of Object.entries(constraints)) if (value !== undefined) this.#constraints.set(key, text(value));
  }

  #set(key: string, value: number | string): this {
    this.#constraints.set(key, text(value));
    return this;
  }

  /** Exactly this many pixels wide. */
  width(value: number | string): this {
    return this.#set('width', value);
  }

  /** Exactly this many pixels high. */
  height(value: number | string): this {
    return this.#set('height', value);
  }

  minWidth(value: number | string): this {
    return this.#set('min_width', value);
  }

  minHeight(value: number | string): this {
    return this.#set('min_height', value);
  }

  maxWidth(value: number | string): this {
    return this.#set('max_width', value);
  }

  maxHeight(value: number | string): this {
    return this.#set('max_height', value);
  }

  /** Width over height (`3/2`, `1.5`), within one pixel. */
  ratio(value: number | string): this {
    return this.#set('ratio', value);
  }

  /** Laravel's `min_ratio`: fails an image wider than this ratio. */
  minRatio(value: number | string): this {
    return this.#set('min_ratio', value);
  }

  /** Laravel's `max_ratio`: fails an image narrower than this ratio. */
  maxRatio(value: number | string): this {
    return this.#set('max_ratio', value);
  }

  /** `min_ratio` and `max_ratio` at once. */
  ratioBetween(min: number | string, max: number | string): this {
    return this.minRatio(min).maxRatio(max);
  }

  /** The rule string: `dimensions:min_width=100,ratio=3/2`. */
  toString(): string {
    return `dimensions:${[...this.#constraints].map(([key, value]) => `${key}=${value}`).join(',')}`;
  }
}

const FLOAT_PREFIX = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['kb', 1],
  ['mb', 1_000],
  ['gb', 1_000_000],
  ['tb', 1_000_000_000],
];

/**
 * A size in kilobytes and whether PHP holds it as a float: `round()` gives
 * a float, so `between(2, '2kb')` is `between:2,2` upstream (`2 !== 2.0`),
 * not `size:2`.
 */
interface Kilobytes {
  readonly value: number;
  readonly float: boolean;
}

/**
 * Laravel's `File::toKilobytes`: a number is kilobytes; a string needs a
 * `kb`, `mb`, `gb` or `tb` suffix (decimal: `1mb` is 1000 kilobytes) and
 * is rounded to whole kilobytes.
 */
function toKilobytes(size: number | string): Kilobytes {
  if (typeof size === 'number') return { value: size, float: !Number.isInteger(size) };
  const unit = UNITS.find(([suffix]) => size.endsWith(suffix));
  if (unit === undefined) throw new LogicException(`Invalid file size suffix in "${size}": use kb, mb, gb or tb.`);
  const prefix = FLOAT_PREFIX.exec(size);
  const value = prefix === null ? 0 : Number(prefix[0].trim());
  // PHP's round(): half away from zero.
  const scaled = value * unit[1];
  return { value: Math.sign(scaled) * Math.round(Math.abs(scaled)) + 0, float: true };
}

/**
 * Laravel's `Rules\File`: `FileRule.types(['pdf', 'image/*']).max('2mb')` is the
 * rules `file`, `mimetypes:image/*`, `mimes:pdf`, `max:2000`, each failing
 * with its own message. Sizes are kilobytes (a number) or a string with a
 * unit (`'512kb'`, `'2mb'`, decimal units as upstream).
 */
export class FileRule implements RuleList {
  #types: readonly string[] = [];
  #extensions: readonly string[] = [];
  #min: Kilobytes | null = null;
  #max: Kilobytes | null = null;
  #rules: Rule[] = [];

  /** A file rule with no constraint but being a file (`Rule.file()`). */
  static default(): FileRule {
    return new FileRule();
  }

  /** An image file (`File::image()`): adds the `image` rule. */
  static image(): ImageFile {
    return new ImageFile();
  }

  /** Accepted types: extensions (`pdf`, checked as `mimes`) and MIME types (`image/*`, checked as `mimetypes`). */
  static types(types: string | readonly string[]): FileRule {
    const file = new FileRule();
    file.#types = typeof types === 'string' ? [types] : [...types];
    return file;
  }

  /** Accepted client extensions (`extensions`), lowercased. */
  extensions(extensions: string | readonly string[]): this {
    this.#extensions = (typeof extensions === 'string' ? [extensions] : [...extensions]).map((e) => e.toLowerCase());
    return this;
  }

  /** Exactly this size (`size`). */
  size(size: number | string): this {
    this.#min = this.#max = toKilobytes(size);
    return this;
  }

  /** Between two sizes, inclusive (`between`). */
  between(min: number | string, max: number | string): this {
    this.#min = toKilobytes(min);
    this.#max = toKilobytes(max);
    return this;
  }

  /** At least this size (`min`). */
  min(size: number | string): this {
    this.#min = toKilobytes(size);
    return this;
  }

  /** At most this size (`max`). */
  max(size: number | string): this {
    this.#max = toKilobytes(size);
    return this;
  }

  /** More rules, checked after the built ones (`File::rules()`). */
  rules(rules: Rule | readonly Rule[]): this {
    if (Array.isArray(rules)) this.#rules.push(...(rules as readonly Rule[]));
    else this.#rules.push(rules as Rule);
    return this;
  }

  /** The rules it stands for, in Laravel's order (`buildValidationRules`). */
  [RULE_LIST](): readonly Rule[] {
    const out: Rule[] = ['file'];
    const mimetypes = this.#types.filter((t) => t.includes('/'));
    const mimes = this.#types.filter((t) => !t.includes('/'));
    if (mimetypes.length > 0) out.push(`mimetypes:${mimetypes.join(',')}`);
    if (mimes.length > 0) out.push(`mimes:${mimes.join(',')}`);
    if (this.#extensions.length > 0) out.push(`extensions:${this.#extensions.join(',')}`);
    const min = this.#min;
    const max = this.#max;
    if (min !== null && max !== null) {
      const same = min.value === max.value && min.float === max.float;
      out.push(same ? `size:${phpNumberString(min.value)}` : `between:${phpNumberString(min.value)},${phpNumberString(max.value)}`);
    } else if (min !== null) out.push(`min:${phpNumberString(min.value)}`);
    else if (max !== null) out.push(`max:${phpNumberString(max.value)}`);
    out.push(...this.#rules);
    return out;
  }
}

/** Laravel's `Rules\ImageFile`: a `FileRule` with the `image` rule, and `dimensions()`. */
export class ImageFile extends FileRule {
  constructor() {
    super();
    this.rules('image');
  }

  /** The image's dimensions (`Rule.dimensions(...)`). */
  dimensions(dimensions: Dimensions): this {
    return this.rules(dimensions);
  }
}
