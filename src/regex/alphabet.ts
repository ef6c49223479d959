/**
 * Which of a pattern's single-character tests accept a character, asked of
 * JavaScript once per character and then remembered: characters that the
 * same tests accept share a class, and the search's transitions are keyed
 * by class. The memory is bounded: past a cap it starts afresh (and bumps
 * `generation`, so the searches drop the transitions that name old classes).
 */

/** Distinct characters remembered before starting afresh. */
const MAX_REMEMBERED = 4096;

export class Alphabet {
  private readonly testers: readonly RegExp[];
  private small = new Int32Array(256).fill(-1);
  private large = new Map<number, number>();
  private readonly classIds = new Map<string, number>();
  private members: Uint8Array[] = [];
  generation = 0;

  constructor(
    private readonly atoms: readonly string[],
    flags: string,
  ) {
    this.flags = flags.replace(/[gymd]/g, '');
    this.testers = atoms.map((atom) => new RegExp(`^(?:${atom})$`, this.flags));
  }

  private readonly flags: string;

  /** A search for the next character that one of `atoms` accepts (one character at a time: no backtracking). */
  finder(atoms: readonly number[]): RegExp {
    const sources = [...new Set(atoms)].map((atom) => this.atoms[atom]);
    return new RegExp(sources.length === 0 ? '[]' : `(?:${sources.join('|')})`, `${this.flags}g`);
  }

  /** The class of `cp`: the set of tests that accept it. */
  classOf(cp: number): number {
    if (cp < 256) {
      const known = this.small[cp]!;
      if (known >= 0) return known;
    } else {
      const known = this.large.get(cp);
      if (known !== undefined) return known;
    }
    if (this.large.size + this.classIds.size >= MAX_REMEMBERED) this.forget();
    const text = String.fromCodePoint(cp);
    const accepted = new Uint8Array(this.testers.length);
    let signature = '';
    for (let k = 0; k < this.testers.length; k++) {
      accepted[k] = this.testers[k]!.test(text) ? 1 : 0;
      signature += accepted[k];
    }
    let id = this.classIds.get(signature);
    if (id === undefined) {
      id = this.members.length;
      this.members.push(accepted);
      this.classIds.set(signature, id);
    }
    if (cp < 256) this.small[cp] = id;
    else this.large.set(cp, id);
    return id;
  }

  /** Whether test `atom` accepts the characters of class `id`. */
  accepts(id: number, atom: number): boolean {
    return this.members[id]![atom] === 1;
  }

  /** Whether test `atom` accepts `cp`. */
  has(atom: number, cp: number): boolean {
    return this.accepts(this.classOf(cp), atom);
  }

  private forget(): void {
    this.small = new Int32Array(256).fill(-1);
    this.large = new Map();
    this.classIds.clear();
    this.members = [];
    this.generation++;
  }
}
