/**
 * Compiles a parsed pattern into a Thompson program: single-character
 * steps, splits and jumps, and assertions. Counted repeats are written out
 * (`a{3}` is `aaa`), as RE2 does, so a program's size bounds the work per
 * character. A program runs forward, or backward for lookbehind (as
 * JavaScript runs it) and for the linear search's lookahead tables.
 */
import type { Node, PositionKind, Syntax } from './syntax.js';

export enum Op {
  Char,
  Split,
  Jump,
  Assert,
  Save,
  LoopMark,
  LoopCheck,
  Reset,
  Backref,
  Match,
}

/** An assertion: decided by the neighbouring characters, or by a sub-pattern (lookaround). */
export type Assertion =
  | { readonly kind: PositionKind }
  | { readonly kind: 'lookAtom'; readonly atom: number; readonly behind: boolean; readonly negate: boolean }
  | { readonly kind: 'look'; readonly behind: boolean; readonly negate: boolean; readonly forward: Program; readonly backward: Program };

export interface Program {
  readonly op: Uint8Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly backward: boolean;
  /** Indexes into the pattern's assertions that this program uses, in a fixed order (the bits of a context). */
  readonly asserts: readonly number[];
  /** Starts with `^` (without `m`): a search need not go on once nothing is alive. */
  readonly anchoredStart: boolean;
}

export interface CompiledPattern {
  readonly main: Program;
  readonly assertions: readonly Assertion[];
  readonly registers: number;
  readonly syntax: Syntax;
}

/** More instructions than this (counted repeats written out) is refused at compile time: room for PCRE's largest repeat, `.{0,65535}`. */
const MAX_INSTRUCTIONS = 200_000;
const ANY = '[\\s\\S]';

export function compileProgram(syntax: Syntax): CompiledPattern {
  const compiler = new Compiler(syntax);
  const main = compiler.program(syntax.root, false);
  return { main, assertions: compiler.assertions, registers: compiler.registers, syntax };
}

class Compiler {
  readonly assertions: Assertion[] = [];
  private readonly assertionKeys = new Map<string | Node, number>();
  registers: number;
  private total = 0;

  constructor(private readonly syntax: Syntax) {
    this.registers = 2 * (syntax.captures + 1);
  }

  program(root: Node, backward: boolean): Program {
    const ops: number[] = [];
    const as: number[] = [];
    const bs: number[] = [];
    const used: number[] = [];
    const emit = (op: Op, a = 0, b = 0): number => {
      if (++this.total > MAX_INSTRUCTIONS) throw new Error('the pattern is too large once its counted repeats are written out');
      ops.push(op);
      as.push(a);
      bs.push(b);
      return ops.length - 1;
    };
    const assertion = (index: number): void => {
      if (!used.includes(index)) used.push(index);
      emit(Op.Assert, index);
    };
    const captureRange = (node: Node): [number, number] => {
      const found: number[] = [];
      const walk = (n: Node): void => {
        if (n.type === 'group') found.push(n.capture);
        if (n.type === 'seq' || n.type === 'alt') n.items.forEach(walk);
        else if (n.type === 'group' || n.type === 'repeat' || n.type === 'look') walk(n.body);
      };
      walk(node);
      return found.length === 0 ? [0, -1] : [2 * Math.min(...found), 2 * Math.max(...found) + 1];
    };
    const gen = (node: Node): void => {
      switch (node.type) {
        case 'atom':
          emit(Op.Char, node.atom);
          return;
        case 'seq':
          if (backward) for (let k = node.items.length - 1; k >= 0; k--) gen(node.items[k]!);
          else for (const item of node.items) gen(item);
          return;
        case 'alt': {
          const jumps: number[] = [];
          node.items.forEach((item, k) => {
            if (k < node.items.length - 1) {
              const split = emit(Op.Split);
              as[split] = ops.length;
              gen(item);
              jumps.push(emit(Op.Jump));
              bs[split] = ops.length;
            } else gen(item);
          });
          for (const jump of jumps) as[jump] = ops.length;
          return;
        }
        case 'group':
          emit(Op.Save, 2 * node.capture + (backward ? 1 : 0));
          gen(node.body);
          emit(Op.Save, 2 * node.capture + (backward ? 0 : 1));
          return;
        case 'backref':
          emit(Op.Backref, node.group);
          return;
        case 'assert':
          assertion(this.assertionIndex(node.kind, { kind: node.kind }));
          return;
        case 'look':
          assertion(this.look(node));
          return;
        case 'repeat': {
          const [from, to] = captureRange(node.body);
          const iteration = (): void => {
            if (this.syntax.hasBackrefs && from <= to) emit(Op.Reset, from, to);
            gen(node.body);
          };
          for (let k = 0; k < node.min; k++) iteration();
          if (node.max === node.min) return;
          // Each optional iteration must move: JavaScript fails one that matches the empty string.
          const guarded = canBeEmpty(node.body);
          const mark = guarded ? this.registers++ : -1;
          const optional = (): number => {
            const split = emit(Op.Split);
            const body = ops.length;
            if (guarded) emit(Op.LoopMark, mark);
            iteration();
            if (guarded) emit(Op.LoopCheck, mark);
            if (node.greedy) as[split] = body;
            else bs[split] = body;
            return split;
          };
          if (node.max === Infinity) {
            const split = optional();
            emit(Op.Jump, split);
            if (node.greedy) bs[split] = ops.length;
            else as[split] = ops.length;
            return;
          }
          const splits: number[] = [];
          for (let k = node.min; k < node.max; k++) splits.push(optional());
          for (const split of splits) {
            if (node.greedy) bs[split] = ops.length;
            else as[split] = ops.length;
          }
          return;
        }
      }
    };
    gen(root);
    emit(Op.Match);
    return {
      op: Uint8Array.from(ops),
      a: Int32Array.from(as),
      b: Int32Array.from(bs),
      backward,
      asserts: used,
      anchoredStart: !backward && startsAnchored(root, this.syntax.atoms),
    };
  }

  private assertionIndex(key: string | Node, value: Assertion): number {
    let index = this.assertionKeys.get(key);
    if (index === undefined) {
      index = this.assertions.length;
      this.assertions.push(value);
      this.assertionKeys.set(key, index);
    }
    return index;
  }

  /** A lookaround of one character is decided by that character; others by a sub-program. */
  private look(node: Extract<Node, { type: 'look' }>): number {
    const body = node.body;
    if (body.type === 'atom') {
      const key = `${node.behind ? '<' : '>'}${node.negate ? '!' : '='}${body.atom}`;
      const atom = body.atom;
      return this.assertionIndex(key, { kind: 'lookAtom', atom, behind: node.behind, negate: node.negate });
    }
    const forward = this.program(body, false);
    const backward = this.program(body, true);
    return this.assertionIndex(node, { kind: 'look', behind: node.behind, negate: node.negate, forward, backward });
  }
}

/** Whether `node` can match the empty string (then a loop over it needs the empty-iteration check). */
function canBeEmpty(node: Node): boolean {
  switch (node.type) {
    case 'atom':
      return false;
    case 'seq':
      return node.items.every(canBeEmpty);
    case 'alt':
      return node.items.some(canBeEmpty);
    case 'group':
      return canBeEmpty(node.body);
    case 'repeat':
      return node.min === 0 || canBeEmpty(node.body);
    default:
      return true;
  }
}

function startsAnchored(root: Node, atoms: readonly string[]): boolean {
  let first: Node | undefined = root;
  while (first !== undefined && first.type === 'seq') first = first.items[0];
  if (first === undefined) return false;
  if (first.type === 'assert') return first.kind === 'start';
  return first.type === 'look' && first.behind && first.negate && first.body.type === 'atom' && atoms[first.body.atom] === ANY;
}
