/**
 * At most `max` tasks running at once; the others wait their turn, first
 * come first served. A waiting task can be withdrawn (its caller gave up),
 * and then never runs.
 */
export class InFlightLimit {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /**
   * Runs `task` once a place is free and settles as it does; when
   * `withdrawn()` is true at that moment, the task is skipped and the
   * answer rejects with `skipped()`.
   */
  run<T>(task: () => Promise<T>, withdrawn: () => boolean, skipped: () => Error): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        if (withdrawn()) {
          reject(skipped());
          return;
        }
        this.#running++;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.#running--;
            this.#next();
          });
      };
      if (this.#running < this.max) start();
      else this.#waiting.push(start);
    });
  }

  /** Starts the waiting tasks while there is room, skipping the withdrawn ones (in a loop, not a recursion). */
  #next(): void {
    while (this.#running < this.max) {
      const start = this.#waiting.shift();
      if (start === undefined) return;
      start();
    }
  }
}
