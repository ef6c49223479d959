/**
 * A value now, or later. The pipeline's stages return plain values when they
 * have nothing to wait for, so a request that reads no body and runs only
 * synchronous code (the common case) goes through without promise hops; a
 * stage that must wait returns a Promise and the rest chains on it.
 */
export type Awaitable<T> = T | Promise<T>;

/** True for a native promise or any thenable (what `await` would wait for). */
export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Calls `next` with the value, now or when it arrives. */
export function then<T, U>(value: Awaitable<T> | PromiseLike<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return isThenable<T>(value) ? Promise.resolve(value).then(next) : next(value as T);
}

/**
 * `promise`, or a rejection with `timeout()`'s error once `ms` have passed
 * (the timer is cleared when the promise settles, and never keeps the
 * process alive).
 */
export function within<T>(promise: PromiseLike<T>, ms: number, timeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeout()), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
