/**
 * Timeouts measured against a timer, not against the clock: `lateness` starts
 * a timer of the configured timeout at the same moment as the work and tells
 * how long after that timer fired the work settled. Both wait on the same
 * event loop, so a loaded machine that delays one delays the other, where a
 * fixed bound on the elapsed time fails on a busy machine. A test asserts the
 * lateness stays under a margin for the work done after the timeout (an
 * answer written, a socket closed); work that waited for something else (a
 * retry, a longer timer, no timeout at all) is late by that much more.
 */
export interface Lateness<T> {
  readonly value: T;
  /** ms between the timer firing and the work settling (negative: the work settled first). */
  readonly late: number;
}

export async function lateness<T>(timeoutMs: number, work: () => Promise<T>): Promise<Lateness<T>> {
  const fired = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), timeoutMs));
  const value = await work();
  const settled = performance.now();
  return { value, late: settled - (await fired) };
}
