/**
 * Runs a program without backtracking: the set of live instructions moves
 * over the subject one character at a time (Thompson's construction, as
 * RE2 runs it), so the work is linear in the subject's length times the
 * program's size whatever the pattern. Sets already seen are remembered as
 * the states of a lazily built DFA, with their transitions per context (which
 * assertions hold at the position) and per character class, so a pattern
 * costs a few array look-ups per character once warm. A lookaround is a table over
 * the whole subject, made by one more pass (backward for a lookahead),
 * before or during the main pass.
 */
import type { Alphabet } from './alphabet.js';
import { Op, type Assertion, type CompiledPattern, type Program } from './program.js';
import { Subject } from './subject.js';

/** Assertions that can hold only at position 0, at the end, or one newline before it. */
const ENDS: ReadonlySet<string> = new Set(['start', 'end', 'endNewline']);

/** DFA states, and instruction numbers in them, remembered per program before starting afresh: bounds the memory, not the time. */
const MAX_STATES = 2000;
const MAX_WEIGHT = 1 << 20;

interface Closure {
  readonly accept: boolean;
  /** The `Char` instructions reached. */
  readonly chars: Int32Array;
  /** The state after a character, by its class (a sparse array: classes are small numbers). */
  readonly next: (State | undefined)[];
}

interface State {
  readonly kernel: Int32Array;
  /** By context (which assertions hold): a sparse array, as contexts are small numbers in practice. */
  readonly closures: (Closure | undefined)[];
}

/** One program's remembered states (kept across searches: they do not depend on the subject). */
class StateCache {
  states = new Map<string, State>();
  generation = -1;
  private readonly stack: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;
  private weight = 0;
  private skip: RegExp | null | undefined;
  private initial: State | undefined;

  constructor(
    private readonly program: Program,
    private readonly assertions: readonly Assertion[],
  ) {
    // Each instruction pushes at most two others once seen, after the kernel and the start.
    this.stack = new Int32Array(program.op.length * 3 + 2);
    this.seen = new Int32Array(program.op.length);
  }

  /**
   * For a forward program whose assertions are about the ends of the subject only: a search for the
   * next character that can leave the start state, so a run of characters that cannot is skipped
   * natively (as RE2 skips to a literal prefix). Null when it cannot help.
   */
  skipper(alphabet: Alphabet): RegExp | null {
    if (this.skip === undefined) {
      const { a, asserts, backward } = this.program;
      let usable = !backward;
      for (const index of asserts) if (!ENDS.has(this.assertions[index]!.kind)) usable = false;
      const start = this.start();
      const closure = start.closures[0] ?? this.closure(start, 0);
      if (closure.accept) usable = false;
      this.skip = usable ? alphabet.finder([...closure.chars].map((pc) => a[pc]!)) : null;
    }
    return this.skip;
  }

  /** The state before any character (its kernel is empty): kept at hand, as every search begins there. */
  start(): State {
    if (this.initial === undefined || this.states.get('') !== this.initial) this.initial = this.intern(new Int32Array(0));
    return this.initial;
  }

  intern(kernel: Int32Array): State {
    const key = kernel.join(',');
    let state = this.states.get(key);
    if (state === undefined) {
      this.weight += kernel.length + 1;
      if (this.states.size >= MAX_STATES || this.weight > MAX_WEIGHT) {
        this.states = new Map();
        this.weight = kernel.length + 1;
      }
      state = { kernel, closures: [] };
      this.states.set(key, state);
    }
    return state;
  }

  /** The instructions reachable from the kernel and the start without reading, under `context`. */
  closure(state: State, context: number): Closure {
    const { op, a, b, asserts } = this.program;
    const stack = this.stack;
    const seen = this.seen;
    const mark = ++this.stamp;
    let top = 0;
    stack[top++] = 0;
    for (let k = state.kernel.length - 1; k >= 0; k--) stack[top++] = state.kernel[k]!;
    const chars: number[] = [];
    let accept = false;
    while (top > 0) {
      const pc = stack[--top]!;
      if (seen[pc] === mark) continue;
      seen[pc] = mark;
      switch (op[pc]) {
        case Op.Char:
          chars.push(pc);
          break;
        case Op.Match:
          accept = true;
          break;
        case Op.Split:
          stack[top++] = b[pc]!;
          stack[top++] = a[pc]!;
          break;
        case Op.Jump:
          stack[top++] = a[pc]!;
          break;
        case Op.Assert:
          if ((context >> asserts.indexOf(a[pc]!)) & 1) stack[top++] = pc + 1;
          break;
        default:
          // Save, LoopMark, LoopCheck, Reset: no bearing on whether a match exists.
          stack[top++] = pc + 1;
      }
    }
    this.weight += chars.length + 1;
    const closure: Closure = { accept, chars: Int32Array.from(chars), next: [] };
    state.closures[context] = closure;
    return closure;
  }

  step(closure: Closure, id: number, alphabet: Alphabet): State {
    const { a } = this.program;
    const targets: number[] = [];
    for (const pc of closure.chars) if (alphabet.accepts(id, a[pc]!)) targets.push(pc + 1);
    targets.sort((x, y) => x - y);
    const state = this.intern(Int32Array.from(targets));
    closure.next[id] = state;
    return state;
  }
}

/** A pattern's linear search: `search` says whether it matches anywhere in the subject. */
export class LinearSearch {
  private readonly caches = new Map<Program, StateCache>();
  /** Character steps taken by the last search, lookaround passes included (for tests of linearity). */
  steps = 0;

  constructor(
    private readonly pattern: CompiledPattern,
    private readonly alphabet: Alphabet,
    private readonly unicode: boolean,
  ) {}

  search(text: string): boolean {
    this.steps = 0;
    const run = new Run(this, new Subject(text, this.unicode), this.pattern.assertions, this.alphabet);
    return run.scan(this.pattern.main, null);
  }

  cache(program: Program): StateCache {
    let cache = this.caches.get(program);
    if (cache === undefined) {
      cache = new StateCache(program, this.pattern.assertions);
      this.caches.set(program, cache);
    }
    if (cache.generation !== this.alphabet.generation) {
      cache.states = new Map();
      cache.generation = this.alphabet.generation;
    }
    return cache;
  }
}

/** One search over one subject: its lookaround tables are made on first use. */
class Run {
  private tables: Map<number, Uint8Array> | undefined;

  constructor(
    private readonly owner: LinearSearch,
    private readonly subject: Subject,
    private readonly assertions: readonly Assertion[],
    private readonly alphabet: Alphabet,
  ) {}

  /**
   * Forward from 0 (or backward from the end for a backward program), trying
   * a match from every position. Without `table`, stops at the first match;
   * with one, records at each position whether a match ends there.
   */
  scan(program: Program, table: Uint8Array | null): boolean {
    const subject = this.subject;
    const alphabet = this.alphabet;
    const n = subject.length;
    const backward = program.backward;
    const checks = program.asserts.length > 0;
    const anchored = program.anchoredStart && table === null;
    let cache = this.owner.cache(program);
    let state = cache.start();
    let pos = backward ? n : 0;
    let steps = 0;
    // Before `limit`, no assertion a skipping program may use holds (they hold at the ends only).
    const skip = table === null ? cache.skipper(alphabet) : null;
    const limit = n - 1;
    for (;;) {
      const context = checks ? this.context(program, pos) : 0;
      const closure = state.closures[context] ?? cache.closure(state, context);
      if (closure.accept) {
        if (table === null) break;
        table[pos] = 1;
      }
      if ((backward ? pos === 0 : pos === n) || (anchored && pos > 0 && closure.chars.length === 0)) {
        this.owner.steps += steps;
        return false;
      }
      if (skip !== null && state.kernel.length === 0 && context === 0 && pos > 0 && pos < limit) {
        skip.lastIndex = pos;
        const found = skip.exec(subject.text);
        const target = found === null ? limit : Math.min(found.index, limit);
        if (target > pos) {
          pos = target;
          continue;
        }
      }
      const cp = backward ? subject.before(pos) : subject.after(pos);
      const id = alphabet.classOf(cp);
      steps++;
      if (cache.generation !== alphabet.generation) {
        // The classes were forgotten: so are the transitions that name them.
        cache = this.owner.cache(program);
        state = cache.intern(state.kernel);
        state = cache.step(cache.closure(state, context), id, alphabet);
      } else {
        state = closure.next[id] ?? cache.step(closure, id, alphabet);
      }
      pos += cp > 0xffff ? (backward ? -2 : 2) : backward ? -1 : 1;
    }
    this.owner.steps += steps;
    return true;
  }

  /** The bits of the assertions `program` uses that hold at `pos`. */
  private context(program: Program, pos: number): number {
    let bits = 0;
    const used = program.asserts;
    for (let k = 0; k < used.length; k++) if (this.holds(used[k]!, pos)) bits |= 1 << k;
    return bits;
  }

  private holds(index: number, pos: number): boolean {
    const assertion = this.assertions[index]!;
    switch (assertion.kind) {
      case 'lookAtom':
        return this.subject.holdsAtom(assertion.atom, assertion.behind, assertion.negate, pos, this.alphabet);
      case 'look':
        return (this.table(index, assertion)[pos] === 1) !== assertion.negate;
      default:
        return this.subject.holds(assertion.kind, pos, this.alphabet);
    }
  }

  /** Where a lookaround's body matches: ending at each position (behind) or starting there (ahead, by a backward pass). */
  private table(index: number, assertion: Extract<Assertion, { kind: 'look' }>): Uint8Array {
    this.tables ??= new Map();
    let table = this.tables.get(index);
    if (table === undefined) {
      table = new Uint8Array(this.subject.length + 1);
      this.scan(assertion.behind ? assertion.forward : assertion.backward, table);
      this.tables.set(index, table);
    }
    return table;
  }
}
