/**
 * The host framework's English validation messages (`lang/en/validation.php`)
 * for the rules Switchyard supports, and the placeholder replacement that
 * turns them into what a client sees (`:attribute`, `:input`, `:index`...).
 */

/** Size rules have one message per kind of value. */
export interface SizeMessages {
  numeric: string;
  file: string;
  array: string;
  string: string;
}

export const MESSAGES = {
  accepted: 'The :attribute field must be accepted.',
  after: 'The :attribute field must be a date after :date.',
  after_or_equal: 'The :attribute field must be a date after or equal to :date.',
  alpha: 'The :attribute field must only contain letters.',
  alpha_dash: 'The :attribute field must only contain letters, numbers, dashes, and underscores.',
  alpha_num: 'The :attribute field must only contain letters and numbers.',
  array: 'The :attribute field must be an array.',
  before: 'The :attribute field must be a date before :date.',
  before_or_equal: 'The :attribute field must be a date before or equal to :date.',
  between: {
    array: 'The :attribute field must have between :min and :max items.',
    file: 'The :attribute field must be between :min and :max kilobytes.',
    numeric: 'The :attribute field must be between :min and :max.',
    string: 'The :attribute field must be between :min and :max characters.',
  },
  boolean: 'The :attribute field must be true or false.',
  confirmed: 'The :attribute field confirmation does not match.',
  date: 'The :attribute field must be a valid date.',
  date_equals: 'The :attribute field must be a date equal to :date.',
  date_format: 'The :attribute field must match the format :format.',
  declined: 'The :attribute field must be declined.',
  different: 'The :attribute field and :other must be different.',
  digits: 'The :attribute field must be :digits digits.',
  digits_between: 'The :attribute field must be between :min and :max digits.',
  distinct: 'The :attribute field has a duplicate value.',
  email: 'The :attribute field must be a valid email address.',
  ends_with: 'The :attribute field must end with one of the following: :values.',
  filled: 'The :attribute field must have a value.',
  in: 'The selected :attribute is invalid.',
  integer: 'The :attribute field must be an integer.',
  ip: 'The :attribute field must be a valid IP address.',
  ipv4: 'The :attribute field must be a valid IPv4 address.',
  ipv6: 'The :attribute field must be a valid IPv6 address.',
  json: 'The :attribute field must be a valid JSON string.',
  list: 'The :attribute field must be a list.',
  max: {
    array: 'The :attribute field must not have more than :max items.',
    file: 'The :attribute field must not be greater than :max kilobytes.',
    numeric: 'The :attribute field must not be greater than :max.',
    string: 'The :attribute field must not be greater than :max characters.',
  },
  min: {
    array: 'The :attribute field must have at least :min items.',
    file: 'The :attribute field must be at least :min kilobytes.',
    numeric: 'The :attribute field must be at least :min.',
    string: 'The :attribute field must be at least :min characters.',
  },
  not_in: 'The selected :attribute is invalid.',
  not_regex: 'The :attribute field format is invalid.',
  numeric: 'The :attribute field must be a number.',
  present: 'The :attribute field must be present.',
  regex: 'The :attribute field format is invalid.',
  required: 'The :attribute field is required.',
  required_if: 'The :attribute field is required when :other is :value.',
  required_unless: 'The :attribute field is required unless :other is in :values.',
  required_with: 'The :attribute field is required when :values is present.',
  required_with_all: 'The :attribute field is required when :values are present.',
  required_without: 'The :attribute field is required when :values is not present.',
  required_without_all: 'The :attribute field is required when none of :values are present.',
  same: 'The :attribute field must match :other.',
  size: {
    array: 'The :attribute field must contain :size items.',
    file: 'The :attribute field must be :size kilobytes.',
    numeric: 'The :attribute field must be :size.',
    string: 'The :attribute field must be :size characters.',
  },
  starts_with: 'The :attribute field must start with one of the following: :values.',
  string: 'The :attribute field must be a string.',
  ulid: 'The :attribute field must be a valid ULID.',
  url: 'The :attribute field must be a valid URL.',
  uuid: 'The :attribute field must be a valid UUID.',
  /** The raw JSON Schema escape hatch (`{ schema }`). */
  schema: 'The :attribute field format is invalid.',
} as const satisfies Readonly<Record<string, string | SizeMessages>>;

/** Placeholder → text pairs, applied in order. */
export type Replacements = ReadonlyArray<readonly [string, string]>;

const DIGITS = /^\d+$/;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** `str_ireplace`: case-insensitive, without building a regex. */
function replaceInsensitive(message: string, search: string, replacement: string): string {
  const lower = message.toLowerCase();
  let at = lower.indexOf(search);
  if (at < 0) return message;
  let out = '';
  let from = 0;
  while (at >= 0) {
    out += message.slice(from, at) + replacement;
    from = at + search.length;
    at = lower.indexOf(search, from);
  }
  return out + message.slice(from);
}

function ucfirst(value: string): string {
  return value.length === 0 ? value : value[0]!.toUpperCase() + value.slice(1);
}

/**
 * The host framework's `makeReplacements`: `:attribute` (and `:Attribute`,
 * `:ATTRIBUTE`), `:input`, `:index` / `:position` (and `:second-index`...)
 * from the numeric segments of the attribute, then the rule's own pairs.
 */
export function render(template: string, display: string, input: string | null, segments: readonly string[], pairs: Replacements): string {
  if (!template.includes(':')) return template;
  let m = template
    .replaceAll(':attribute', display)
    .replaceAll(':ATTRIBUTE', display.toUpperCase())
    .replaceAll(':Attribute', ucfirst(display));
  if (input !== null && m.includes(':input')) m = m.replaceAll(':input', input);
  if (m.includes(':')) {
    let n = 0;
    for (const seg of segments) {
      if (seg === '' || seg.length > 15 || !DIGITS.test(seg)) continue;
      const index = Number(seg);
      if (n === 0) {
        m = replaceInsensitive(m, ':index', String(index));
        m = replaceInsensitive(m, ':position', String(index + 1));
      }
      const word = ORDINALS[n];
      if (word !== undefined) {
        m = replaceInsensitive(m, `:${word}-index`, String(index));
        m = replaceInsensitive(m, `:${word}-position`, String(index + 1));
      }
      n++;
    }
  }
  for (const [search, replacement] of pairs) m = m.replaceAll(search, replacement);
  return m;
}
