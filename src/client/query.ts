/**
 * Input as a query string, for GET and HEAD calls, in the bracket form the
 * server parses as PHP does: `{ tags: ['a'], page: { size: 10 } }` →
 * `tags[0]=a&page[size]=10`. Booleans are sent as `1` and `0` (what the
 * `boolean` rule accepts), `null` as an empty value, `undefined` not at all;
 * empty lists and objects cannot be written in a query and vanish.
 */
export function toQuery(input: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (name: string, value: unknown): void => {
    if (value === undefined) return;
    if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) add(`${name}[${key}]`, (value as Record<string, unknown>)[key]);
      return;
    }
    const text = value === null ? '' : value === true ? '1' : value === false ? '0' : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  };
  for (const key of Object.keys(input)) add(key, input[key]);
  return parts.join('&');
}
