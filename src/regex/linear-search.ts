/**
 * Runs a program without backtracking: the set of live instructions moves
 * over the subject one character at a time (Thompson's construction, as
 * RE2 runs it), so the work is linear in the subject's length times the
 * program's size whatever the pattern. Sets already seen are remembered as
 * the states of a lazily built DFA, with their transitions per context (which
 * assertions hold at the position) and per character class, so a pattern
 * costs a map look-up per character once warm. A lookaround is a table over
 * the whole subject, made by one more pass (backward for a lookahead),
 * before or during the main pass.
 */
import type { Alphabet } from './alphabet.js';
import { Op, type Assertion, type CompiledPattern, type Program } from './program.js';
import { Subject } from './subject.js';

/** DFA states remembered per program before starting afresh: bounds the memory, not the time. */
const MAX_STATES = 2000;

interface Closure {
  readonly accept: boolean;
  /** The `Char` instructions reached. */
  readonly chars: Int32Array;
  readonly next: Map<number, State>;
}

interface State {
  readonly kernel: Int32Array;
  readonly closures: Map<number, Closure>;
}

/** One program's remembered states (kept across searches: they do not depend on the subject). */
class StateCache {
  states = new Map<string, State>();
  generation = -1;
  private readonly stack: Int32Array;
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(private readonly program: Program) {
    this.stack = new Int32Array(program.op.length * 2 + 2);
    this.seen = new Int32Array(program.op.length);
  }

  intern(kernel: Int32Array): State {
    const key = kernel.join(',');
    let state = this.states.get(key);
    if (state === undefined) {
      if (this.states.size >= MAX_STATES) this.states = new Map();
      state = { kernel, closures: new Map() };
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
    const closure: Closure = { accept, chars: Int32Array.from(chars), next: new Map() };
    state.closures.set(context, closure);
    return closure;
  }

  step(closure: Closure, id: number, alphabet: Alphabet): State {
    const { a } = this.program;
    const targets: number[] = [];
    for (const pc of closure.chars) if (alphabet.accepts(id, a[pc]!)) targets.push(pc + 1);
    targets.sort((x, y) => x - y);
    const state = this.intern(Int32Array.from(targets));
    closure.next.set(id, state);
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
      cache = new StateCache(program);
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
  private readonly tables = new Map<number, Uint8Array>();

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
    const n = subject.length;
    const backward = program.backward;
    let cache = this.owner.cache(program);
    let state = cache.intern(new Int32Array(0));
    let pos = backward ? n : 0;
    for (;;) {
      const context = this.context(program, pos);
      const closure = state.closures.get(context) ?? cache.closure(state, context);
      if (closure.accept) {
        if (table === null) return true;
        table[pos] = 1;
      }
      if (backward ? pos === 0 : pos === n) return false;
      if (program.anchoredStart && pos > 0 && closure.chars.length === 0 && table === null) return false;
      const cp = backward ? subject.before(pos) : subject.after(pos);
      const id = this.alphabet.classOf(cp);
      this.owner.steps++;
      if (cache.generation !== this.alphabet.generation) {
        // The classes were forgotten: so are the transitions that name them.
        cache = this.owner.cache(program);
        state = cache.intern(state.kernel);
        const fresh = cache.closure(state, context);
        state = cache.step(fresh, id, this.alphabet);
      } else {
        state = closure.next.get(id) ?? cache.step(closure, id, this.alphabet);
      }
      pos += backward ? -Subject.width(cp) : Subject.width(cp);
    }
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
    let table = this.tables.get(index);
    if (table === undefined) {
      table = new Uint8Array(this.subject.length + 1);
      this.scan(assertion.behind ? assertion.forward : assertion.backward, table);
      this.tables.set(index, table);
    }
    return table;
  }
}
