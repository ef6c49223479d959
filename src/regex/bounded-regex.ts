/**
 * A regular expression that answers in bounded time on any subject. A
 * pattern without backreferences runs in time linear in the subject's length
 * (linear-search.ts); one with backreferences (or over 30 different
 * lookarounds) runs by backtracking within a step budget
 * (bounded-backtracker.ts) and may give up. Which characters
 * each part of the pattern accepts is decided by JavaScript itself, with
 * the pattern's flags, so the answers are JavaScript's wherever it answers.
 */
import { Alphabet } from './alphabet.js';
import { BoundedBacktracker, GaveUp } from './bounded-backtracker.js';
import { LinearSearch } from './linear-search.js';
import { compileProgram } from './program.js';
import { parseRegExp } from './syntax.js';

/** `gave-up`: the step budget ran out (only a pattern with backreferences, or with over 30 different lookarounds, can). */
export type MatchOutcome = 'match' | 'no-match' | 'gave-up';

export interface BoundedRegex {
  /** Whether the pattern matches anywhere in `subject`, or that the search gave up. */
  match(subject: string): MatchOutcome;
  /** `match(subject) === 'match'`. */
  test(subject: string): boolean;
  /** Character steps of the last linear search (0 for a backtracking pattern): for tests of linearity. */
  readonly steps: number;
}

/**
 * Compiles `source` with `flags` (`g`, `y` and `d` are ignored: the answer
 * never depends on a previous search). Throws an Error naming the reason when
 * JavaScript refuses the pattern or the matchers cannot run it.
 */
export function compileBoundedRegex(source: string, flags: string): BoundedRegex {
  const own = flags.replace(/[gyd]/g, '');
  new RegExp(source, own);
  const syntax = parseRegExp(source, own);
  const pattern = compileProgram(syntax);
  const alphabet = new Alphabet(syntax.atoms, own);
  const unicode = /[uv]/.test(own);
  // The linear search keys its states by which assertions hold: at most 30 different ones, as bits.
  if (syntax.hasBackrefs || pattern.assertions.length > 30) {
    const backtracker = new BoundedBacktracker(pattern, alphabet, unicode, own.includes('i'), own);
    const match = (subject: string): MatchOutcome => {
      try {
        return backtracker.search(subject) ? 'match' : 'no-match';
      } catch (error) {
        if (error instanceof GaveUp) return 'gave-up';
        throw error;
      }
    };
    return { match, test: (subject) => match(subject) === 'match', steps: 0 };
  }
  const linear = new LinearSearch(pattern, alphabet, unicode);
  return {
    match: (subject) => (linear.search(subject) ? 'match' : 'no-match'),
    test: (subject) => linear.search(subject),
    get steps() {
      return linear.steps;
    },
  };
}
