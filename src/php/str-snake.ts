const WORD_START = /(^|[ \t\r\n\f\v])(\S)/g;
const WHITESPACE = /\s+/gu;
const BEFORE_UPPER = /(.)(?=[A-Z])/gu;
const LOWER_ONLY = /^[a-z]+$/;

/** Laravel's `Str::snake($value)`: `firstName` → `first_name`, `first name` → `first_name`, `UserProfiles` → `user_profiles`. */
export function strSnake(value: string): string {
  if (LOWER_ONLY.test(value)) return value;
  const words = value.replace(WORD_START, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  return words.replace(WHITESPACE, '').replace(BEFORE_UPPER, '$1_').toLowerCase();
}
