import { LogicException } from '../errors/logic-exception.js';

/**
 * Refuses an option no key of `known` names, so a misspelt or camelCase key
 * (`bodyLimit`) fails at boot instead of running with the default. The
 * message names the closest known key when one is close enough to be meant.
 */
export function refuseUnknownOptions(options: object, known: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const guess = closest(key, known);
    throw new LogicException(
      `Unknown option ${JSON.stringify(key)}${guess === undefined ? '' : `: did you mean ${JSON.stringify(guess)}?`} ` +
        'See docs/configuration.md for every option.',
    );
  }
}

/** The known key nearest to `key` once both are compared as snake_case, if within a third of its length. */
function closest(key: string, known: readonly string[]): string | undefined {
  const wanted = snakeCase(key);
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(wanted.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function snakeCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

/** Levenshtein distance; keys are short, so the quadratic table is fine (and only runs on a wrong key, at boot). */
function editDistance(a: string, b: string): number {
  if (a.length > 100 || b.length > 100) return Number.POSITIVE_INFINITY;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
