/**
 * The names of `Precognition-Validate-Only`, compiled once per request into a
 * trie of dot-separated pieces, so that testing an attribute costs its own
 * length plus the trie nodes it can reach, never (names × attributes).
 *
 * Matching is the host framework's (`shouldValidatePrecognitiveAttribute`,
 * Laravel 12): a name is a pattern over the whole attribute in which each `*`
 * stands for one or more characters other than a dot (`[^.]+`) and everything
 * else is literal. So `items.*.name` covers `items.0.name`, `item*` covers
 * `items` but `items*` does not, and no `*` reaches across a dot.
 *
 * The attribute is matched as the host framework writes it for this filter
 * (`getRulesWithoutPlaceholders`): a dot inside a key is `\.`, so the name
 * `escaped\.dot` covers the key `escaped.dot` (rule `escaped\.dot`), while
 * `escaped.dot` is the path `escaped` → `dot`. The backslash is a plain
 * character to the pattern: `*.dot` covers `escaped\.dot` too, as there.
 */

/**
 * True for a name with a `*` inside a piece (`item*`, `a*b`). Such a piece
 * is tested against every attribute piece that reaches it (a glob cannot be
 * looked up), so callers cap how many of these names they accept.
 */
export function hasPartialWildcard(name: string): boolean {
  for (let at = name.indexOf('*'); at >= 0; at = name.indexOf('*', at + 1)) {
    const before = at === 0 ? '.' : name[at - 1];
    const after = at === name.length - 1 ? '.' : name[at + 1];
    if (before !== '.' || after !== '.') return true;
  }
  return false;
}

interface Node {
  /** A name ends here. */
  end: boolean;
  /** Literal pieces. */
  literal: Map<string, Node> | null;
  /** A piece that is exactly `*`: any non-empty piece. */
  star: Node | null;
  /** Pieces with `*` among other characters, by their text. */
  globs: Map<string, Glob> | null;
}

interface Glob {
  /** The piece split at each `*`: a match has them in order, with one or more characters between. */
  readonly parts: readonly string[];
  readonly node: Node;
}

function node(): Node {
  return { end: false, literal: null, star: null, globs: null };
}

/** Does `value` match the glob `parts` (split at `*`), each `*` taking at least one character? */
function globMatches(parts: readonly string[], value: string): boolean {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (!value.startsWith(first)) return false;
  let pos = first.length;
  for (let i = 1; i < parts.length - 1; i++) {
    // Earliest match after at least one character: leaves the most room for the rest.
    const at = value.indexOf(parts[i]!, pos + 1);
    if (at < 0) return false;
    pos = at + parts[i]!.length;
  }
  return value.length - last.length >= pos + 1 && value.endsWith(last);
}

/** A compiled list of names; `matches` answers for one concrete attribute. */
export class OnlyFilter {
  readonly #root = node();

  constructor(names: readonly string[]) {
    for (const name of names) this.#add(name);
  }

  #add(name: string): void {
    let at = this.#root;
    for (const piece of name.split('.')) {
      if (piece === '*') {
        at = at.star ??= node();
      } else if (piece.includes('*')) {
        const globs = (at.globs ??= new Map());
        let glob = globs.get(piece);
        if (glob === undefined) {
          glob = { parts: piece.split('*'), node: node() };
          globs.set(piece, glob);
        }
        at = glob.node;
      } else {
        const literal = (at.literal ??= new Map());
        let next = literal.get(piece);
        if (next === undefined) {
          next = node();
          literal.set(piece, next);
        }
        at = next;
      }
    }
    at.end = true;
  }

  /** True when some name matches the whole `attribute`, written with `\.` for a dot inside a key (`items.0.name`, `a\.b`). */
  matches(attribute: string): boolean {
    return this.#matchesPieces(attribute.split('.'));
  }

  /** True when some name matches the attribute of these keys (`['items', '0', 'name']`), a key's own dots escaped. */
  matchesPath(segments: readonly string[]): boolean {
    let pieces = segments;
    for (const segment of segments) {
      if (segment.includes('.')) {
        pieces = segments
          .map((key) => key.replaceAll('.', '\\.'))
          .join('.')
          .split('.');
        break;
      }
    }
    return this.#matchesPieces(pieces);
  }

  #matchesPieces(pieces: readonly string[]): boolean {
    // Each trie node sits at one depth, so a walk visits it at most once.
    const stack: Node[] = [this.#root];
    const depths: number[] = [0];
    while (stack.length > 0) {
      const at = stack.pop()!;
      const depth = depths.pop()!;
      if (depth === pieces.length) {
        if (at.end) return true;
        continue;
      }
      const piece = pieces[depth]!;
      const literal = at.literal?.get(piece);
      if (literal !== undefined) {
        stack.push(literal);
        depths.push(depth + 1);
      }
      if (at.star !== null && piece !== '') {
        stack.push(at.star);
        depths.push(depth + 1);
      }
      if (at.globs !== null) {
        for (const glob of at.globs.values()) {
          if (globMatches(glob.parts, piece)) {
            stack.push(glob.node);
            depths.push(depth + 1);
          }
        }
      }
    }
    return false;
  }
}
