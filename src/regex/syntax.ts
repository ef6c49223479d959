/**
 * Reads a JavaScript regular expression's source into a tree the bounded
 * matchers run. Every single-character test (a literal, a class, `.`, an
 * escape such as `\p{L}`) stays a piece of JavaScript source, compiled
 * natively with the pattern's own flags and applied to one character at a
 * time, so the characters each one accepts are exactly JavaScript's.
 */

export type Node =
  | { readonly type: 'atom'; readonly atom: number }
  | { readonly type: 'seq'; readonly items: readonly Node[] }
  | { readonly type: 'alt'; readonly items: readonly Node[] }
  | { readonly type: 'group'; readonly capture: number; readonly body: Node }
  | { readonly type: 'repeat'; readonly body: Node; readonly min: number; readonly max: number; readonly greedy: boolean }
  | { readonly type: 'assert'; readonly kind: PositionKind }
  | { readonly type: 'look'; readonly behind: boolean; readonly negate: boolean; readonly body: Node }
  | { readonly type: 'backref'; readonly group: number };

/** Assertions decided by the characters around a position alone. */
export type PositionKind = 'start' | 'end' | 'endNewline' | 'lineStart' | 'lineEnd' | 'word' | 'notWord';

export interface Syntax {
  readonly root: Node;
  /** Each single-character test's JavaScript source; index 0 is `\w` (for `\b`). */
  readonly atoms: readonly string[];
  readonly captures: number;
  readonly hasBackrefs: boolean;
}

/** Properties of strings and `\q{…}` match several characters at once: not single-character tests. */
const STRING_PROPERTIES =
  /\\[pP]\{(?:Basic_Emoji|Emoji_Keycap_Sequence|RGI_Emoji(?:_Modifier_Sequence|_Flag_Sequence|_Tag_Sequence|_ZWJ_Sequence)?)\}|\\q\{/;
const UNICODE_ESCAPE =
  /^\\(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}(?:\\u[0-9a-fA-F]{4})?|x[0-9a-fA-F]{2}|c[a-zA-Z]|0(?!\d)|[\s\S])/;
const LEGACY_ESCAPE = /^\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z]|0(?!\d)|[\s\S])/;
const END_OR_FINAL_NEWLINE = '(?=\\n?(?![\\s\\S]))';

/** Parses `source` (already accepted by `new RegExp(source, flags)`); throws for what the matchers do not run. */
export function parseRegExp(source: string, flags: string): Syntax {
  return new Parser(source, flags).parse();
}

class Parser {
  private i = 0;
  private captures = 0;
  private hasBackrefs = false;
  private readonly atoms: string[] = ['\\w'];
  private readonly atomIndex = new Map<string, number>([['\\w', 0]]);
  private readonly names = new Map<string, number>();
  /** The names of `\k<name>` references, resolved once every group is known (a reference may come first). */
  private readonly namedRefs: string[] = [];
  private readonly unicode: boolean;
  private readonly setMode: boolean;
  private readonly multiline: boolean;
  private readonly groupCount: number;

  constructor(
    private readonly src: string,
    flags: string,
  ) {
    this.unicode = /[uv]/.test(flags);
    this.setMode = flags.includes('v');
    this.multiline = flags.includes('m');
    this.groupCount = countGroups(src, this.setMode);
  }

  parse(): Syntax {
    const root = this.disjunction();
    if (this.i < this.src.length) throw new Error(`unexpected "${this.src[this.i]}"`);
    const resolved = this.resolveNames(root);
    return { root: resolved, atoms: this.atoms, captures: this.captures, hasBackrefs: this.hasBackrefs };
  }

  private disjunction(): Node {
    const items = [this.alternative()];
    while (this.src[this.i] === '|') {
      this.i++;
      items.push(this.alternative());
    }
    return items.length === 1 ? items[0]! : { type: 'alt', items };
  }

  private alternative(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const term = this.term();
      items.push(this.quantified(term));
    }
    return items.length === 1 ? items[0]! : { type: 'seq', items };
  }

  private quantified(node: Node): Node {
    const s = this.src;
    let min: number;
    let max: number;
    const ch = s[this.i];
    if (ch === '*') [min, max] = [0, Infinity];
    else if (ch === '+') [min, max] = [1, Infinity];
    else if (ch === '?') [min, max] = [0, 1];
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.i, this.i + 40));
      if (m === null) return node;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return node;
    this.i++;
    const greedy = s[this.i] !== '?';
    if (!greedy) this.i++;
    // A repeated assertion holds once or is skipped: a further iteration would match the empty string.
    if (node.type === 'assert' || node.type === 'look') return min === 0 ? { type: 'seq', items: [] } : node;
    return { type: 'repeat', body: node, min, max, greedy };
  }

  private term(): Node {
    const s = this.src;
    const ch = s[this.i]!;
    switch (ch) {
      case '^':
        this.i++;
        return { type: 'assert', kind: this.multiline ? 'lineStart' : 'start' };
      case '$':
        this.i++;
        return { type: 'assert', kind: this.multiline ? 'lineEnd' : 'end' };
      case '(':
        return this.group();
      case '[':
        return this.atom(this.classSource());
      case '.':
        this.i++;
        return this.atom('.');
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        throw new Error('nothing to repeat');
      case '{':
      case '}':
      case ']':
        if (this.unicode) throw new Error(`a lone "${ch}"`);
        this.i++;
        return this.atom(`\\${ch}`);
    }
    const cp = s.codePointAt(this.i)!;
    const width = this.unicode && cp > 0xffff ? 2 : 1;
    const text = s.slice(this.i, this.i + width);
    this.i += width;
    return this.atom(text);
  }

  private group(): Node {
    const s = this.src;
    if (s.startsWith(END_OR_FINAL_NEWLINE, this.i)) {
      this.i += END_OR_FINAL_NEWLINE.length;
      return { type: 'assert', kind: 'endNewline' };
    }
    let look: { behind: boolean; negate: boolean } | null = null;
    let capture = 0;
    let name: string | null = null;
    if (s.startsWith('(?:', this.i)) this.i += 3;
    else if (s.startsWith('(?=', this.i) || s.startsWith('(?!', this.i)) {
      look = { behind: false, negate: s[this.i + 2] === '!' };
      this.i += 3;
    } else if (s.startsWith('(?<=', this.i) || s.startsWith('(?<!', this.i)) {
      look = { behind: true, negate: s[this.i + 3] === '!' };
      this.i += 4;
    } else if (s.startsWith('(?<', this.i)) {
      const close = s.indexOf('>', this.i);
      name = s.slice(this.i + 3, close);
      this.i = close + 1;
      capture = ++this.captures;
      this.names.set(name, capture);
    } else if (s.startsWith('(?', this.i)) {
      throw new Error(`the group "${s.slice(this.i, this.i + 4)}" is not supported`);
    } else {
      this.i++;
      capture = ++this.captures;
    }
    const body = this.disjunction();
    if (s[this.i] !== ')') throw new Error('a group is not closed');
    this.i++;
    if (look !== null) return { type: 'look', behind: look.behind, negate: look.negate, body };
    if (capture === 0) return body;
    return { type: 'group', capture, body };
  }

  private escape(): Node {
    const s = this.src;
    const next = s[this.i + 1];
    if (next === undefined) throw new Error('a trailing backslash');
    if (next === 'b' || next === 'B') {
      this.i += 2;
      return { type: 'assert', kind: next === 'b' ? 'word' : 'notWord' };
    }
    // Without `u` or `v`, `\k` is a reference only in a pattern that names a group.
    if (next === 'k' && s[this.i + 2] === '<' && (this.unicode || /\(\?<[^=!]/.test(s))) {
      const close = s.indexOf('>', this.i);
      this.namedRefs.push(s.slice(this.i + 3, close));
      this.i = close + 1;
      this.hasBackrefs = true;
      return { type: 'backref', group: -this.namedRefs.length };
    }
    if (/[1-9]/.test(next)) {
      const digits = /^\d+/.exec(s.slice(this.i + 1))![0];
      const group = Number(digits);
      if (group > this.groupCount) throw new Error('octal escapes are not supported');
      this.i += 1 + digits.length;
      this.hasBackrefs = true;
      return { type: 'backref', group };
    }
    // `\p{…}` and `\u{…}` exist with the `u` or `v` flag only: without, `\p` is a `p`.
    const m = (this.unicode ? UNICODE_ESCAPE : LEGACY_ESCAPE).exec(s.slice(this.i, this.i + 64));
    let text = m![0];
    if (text.length === 12 && !/^\\u[dD][89abAB]..\\u[dD][c-fC-F]/.test(text)) text = text.slice(0, 6);
    if (text === '\\c' || (text.length === 2 && /[0-9]/.test(next))) throw new Error(`the escape "${text}" is not supported`);
    if (STRING_PROPERTIES.test(text)) throw new Error('properties of strings are not supported');
    this.i += text.length;
    return this.atom(text);
  }

  /** `[…]` from `this.i`, nested classes included in `v` mode; returns its source. */
  private classSource(): string {
    const s = this.src;
    const start = this.i;
    let depth = 0;
    while (this.i < s.length) {
      const ch = s[this.i]!;
      if (ch === '\\') {
        this.i += 2;
        continue;
      }
      if (ch === '[' && (depth === 0 || this.setMode)) {
        depth++;
        this.i++;
        if (s[this.i] === '^') this.i++;
        if (!this.setMode && s[this.i] === ']') {
          this.i++;
          depth--;
          if (depth === 0) return s.slice(start, this.i);
        }
        continue;
      }
      this.i++;
      if (ch === ']' && --depth === 0) {
        const text = s.slice(start, this.i);
        if (STRING_PROPERTIES.test(text)) throw new Error('properties of strings are not supported');
        return text;
      }
    }
    throw new Error('a character class is not closed');
  }

  private atom(text: string): Node {
    let index = this.atomIndex.get(text);
    if (index === undefined) {
      index = this.atoms.length;
      this.atoms.push(text);
      this.atomIndex.set(text, index);
    }
    return { type: 'atom', atom: index };
  }

  /** Named references (`\k<name>`) become group numbers once every group is known. */
  private resolveNames(root: Node): Node {
    if (this.namedRefs.length === 0) return root;
    const groups = this.namedRefs.map((name) => {
      const group = this.names.get(name);
      if (group === undefined) throw new Error(`no group named "${name}"`);
      return group;
    });
    const visit = (node: Node): Node => {
      switch (node.type) {
        case 'backref':
          return node.group < 0 ? { type: 'backref', group: groups[-node.group - 1]! } : node;
        case 'seq':
        case 'alt':
          return { type: node.type, items: node.items.map(visit) };
        case 'group':
          return { ...node, body: visit(node.body) };
        case 'repeat':
          return { ...node, body: visit(node.body) };
        case 'look':
          return { ...node, body: visit(node.body) };
        default:
          return node;
      }
    };
    return visit(root);
  }
}

/** Capturing groups in `source`, to tell a backreference from a legacy octal escape. */
function countGroups(source: string, setMode: boolean): number {
  let count = 0;
  let inClass = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[' && (inClass === 0 || setMode)) inClass++;
    else if (ch === ']' && inClass > 0) inClass--;
    else if (ch === '(' && inClass === 0 && (source[i + 1] !== '?' || (source[i + 2] === '<' && !/[=!]/.test(source[i + 3] ?? ''))))
      count++;
  }
  return count;
}
