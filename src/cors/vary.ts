import type { HeaderMap } from '../http/response.js';

/**
 * Adds `name` to the response's `Vary` list unless it is there already
 * (fruitcake/php-cors's `varyHeader`; names compared without case, as HTTP
 * header names are).
 */
export function addVary(headers: HeaderMap, name: string): void {
  const vary = headers['vary'];
  if (vary === undefined || vary === '') headers['vary'] = name;
  else if (!lists(vary, name)) headers['vary'] = `${vary}, ${name}`;
}

function lists(vary: string, name: string): boolean {
  const wanted = name.toLowerCase();
  for (const entry of vary.split(',')) if (entry.trim().toLowerCase() === wanted) return true;
  return false;
}
