/**
 * Input bags are prototype-less objects; uvu's deep equality compares
 * constructors, so tests compare their JSON shape instead.
 */
export function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** Runs `fn` and returns what it threw; fails when it does not throw. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}

/** Awaits `promise` and returns its rejection reason; fails when it resolves. */
export async function rejected(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

/** True when nothing was added to Object.prototype by an input parser. */
export function prototypeIsClean(): boolean {
  const probe = {} as Record<string, unknown>;
  return (
    probe.polluted === undefined &&
    probe.x === undefined &&
    Object.getOwnPropertyNames(Object.prototype).every((name) => name !== 'polluted' && name !== 'x')
  );
}
