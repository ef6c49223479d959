/**
 * Runs a program that has backreferences, which no automaton can: a
 * backtracking search as JavaScript's own, with captures, but counting its
 * steps. Past the budget it gives up, as PHP's PCRE does at
 * `pcre.backtrack_limit` (where `preg_match` returns false).
 */
import type { Alphabet } from './alphabet.js';
import { Op, type Assertion, type CompiledPattern, type Program } from './program.js';
import { Subject } from './subject.js';

/** Steps (instructions run) before giving up, as PHP's default `pcre.backtrack_limit` (1,000,000). */
export const BACKTRACK_STEPS = 1_000_000;

export class GaveUp extends Error {}

export class BoundedBacktracker {
  private left = 0;
  private subject = new Subject('', false);
  private regs = new Int32Array(0);
  /** Register writes to undo on backtracking: pairs of (register, previous value). */
  private trail: number[] = [];
  private readonly sameCache = new Map<number, RegExp>();

  constructor(
    private readonly pattern: CompiledPattern,
    private readonly alphabet: Alphabet,
    private readonly unicode: boolean,
    private readonly ignoreCase: boolean,
    private readonly flags: string,
    private readonly budget = BACKTRACK_STEPS,
  ) {}

  /** Whether the pattern matches anywhere; throws GaveUp past the budget. */
  search(text: string): boolean {
    this.left = this.budget;
    this.subject = new Subject(text, this.unicode);
    this.regs = new Int32Array(this.pattern.registers);
    const n = text.length;
    try {
      for (let start = 0; start <= n; ) {
        this.regs.fill(-1);
        this.trail.length = 0;
        if (this.run(this.pattern.main, start)) return true;
        if (this.pattern.main.anchoredStart || start === n) return false;
        start += Subject.width(this.subject.after(start));
      }
      return false;
    } finally {
      this.trail = [];
    }
  }

  private write(reg: number, value: number): void {
    this.trail.push(reg, this.regs[reg]!);
    this.regs[reg] = value;
  }

  private undo(length: number): void {
    const trail = this.trail;
    while (trail.length > length) {
      const value = trail.pop()!;
      this.regs[trail.pop()!] = value;
    }
  }

  /** Whether `program` matches from `pos`; on failure its register writes are undone. */
  private run(program: Program, pos: number): boolean {
    const { op, a, b } = program;
    const backward = program.backward;
    const subject = this.subject;
    const entry = this.trail.length;
    // Choice points: (instruction, position, trail length) triples.
    const stack: number[] = [];
    let pc = 0;
    for (;;) {
      if (--this.left < 0) throw new GaveUp();
      let ok = true;
      switch (op[pc]) {
        case Op.Char: {
          if (backward ? pos === 0 : pos === subject.length) {
            ok = false;
            break;
          }
          const cp = backward ? subject.before(pos) : subject.after(pos);
          if (!this.alphabet.has(a[pc]!, cp)) ok = false;
          else {
            pos += backward ? -Subject.width(cp) : Subject.width(cp);
            pc++;
          }
          break;
        }
        case Op.Split:
          stack.push(b[pc]!, pos, this.trail.length);
          pc = a[pc]!;
          break;
        case Op.Jump:
          pc = a[pc]!;
          break;
        case Op.Assert:
          if (this.assert(this.pattern.assertions[a[pc]!]!, pos)) pc++;
          else ok = false;
          break;
        case Op.Save:
        case Op.LoopMark:
          this.write(a[pc]!, pos);
          pc++;
          break;
        case Op.LoopCheck:
          if (this.regs[a[pc]!] === pos) ok = false;
          else pc++;
          break;
        case Op.Reset:
          for (let r = a[pc]!; r <= b[pc]!; r++) if (this.regs[r] !== -1) this.write(r, -1);
          pc++;
          break;
        case Op.Backref: {
          const end = this.backref(a[pc]!, pos, backward);
          if (end < 0) ok = false;
          else {
            pos = end;
            pc++;
          }
          break;
        }
        case Op.Match:
          return true;
      }
      if (!ok) {
        if (stack.length === 0) {
          this.undo(entry);
          return false;
        }
        this.undo(stack.pop()!);
        pos = stack.pop()!;
        pc = stack.pop()!;
      }
    }
  }

  /** A positive lookaround keeps the captures its body set; a negative one never sets any. */
  private assert(assertion: Assertion, pos: number): boolean {
    switch (assertion.kind) {
      case 'lookAtom':
        return this.subject.holdsAtom(assertion.atom, assertion.behind, assertion.negate, pos, this.alphabet);
      case 'look': {
        const mark = this.trail.length;
        const found = this.run(assertion.behind ? assertion.backward : assertion.forward, pos);
        if (!assertion.negate) return found;
        this.undo(mark);
        return !found;
      }
      default:
        return this.subject.holds(assertion.kind, pos, this.alphabet);
    }
  }

  /** Where a backreference ends when it matches at `pos`, or -1; an unset group matches the empty string. */
  private backref(group: number, pos: number, backward: boolean): number {
    const from = this.regs[2 * group]!;
    const to = this.regs[2 * group + 1]!;
    if (from < 0 || to < 0) return pos;
    const text = this.subject.text;
    const length = to - from;
    const start = backward ? pos - length : pos;
    if (start < 0 || start + length > text.length) return -1;
    for (let k = 0; k < length; k++) {
      const x = text.charCodeAt(from + k);
      const y = text.charCodeAt(start + k);
      if (x !== y && !(this.ignoreCase && this.sameIgnoringCase(text, from + k, start + k))) return -1;
    }
    return backward ? start : start + length;
  }

  /** Case-insensitive equality as JavaScript's canonicalisation has it, asked of JavaScript. */
  private sameIgnoringCase(text: string, x: number, y: number): boolean {
    const left = this.unicode ? text.codePointAt(x)! : text.charCodeAt(x);
    const right = this.unicode ? text.codePointAt(y)! : text.charCodeAt(y);
    let same = this.sameCache.get(left);
    if (same === undefined) {
      if (this.sameCache.size > 1024) this.sameCache.clear();
      const escaped = this.unicode ? `\\u{${left.toString(16)}}` : `\\u${left.toString(16).padStart(4, '0')}`;
      same = new RegExp(`^${escaped}$`, this.flags.replace(/[gymds]/g, ''));
      this.sameCache.set(left, same);
    }
    return same.test(String.fromCodePoint(right));
  }
}
