/**
 * `Date.now()` read at most once per 10 ms while someone asks. Reading the
 * clock costs more than the rest of a memory-store hit on some machines
 * (sandboxed virtual machines), and windows end on whole seconds, so a clock that is up to about
 * 10 ms behind is precise enough: a request at a window's very end may
 * still count in that window.
 */
const RESOLUTION_MS = 10;
/** Ticks without a reader before the timer stops (1 s), so an idle process has no timer. */
const IDLE_TICKS = 100;

let now = 0;
let read = false;
let idle = 0;
let timer: NodeJS.Timeout | undefined;

function tick(): void {
  now = Date.now();
  if (read) {
    read = false;
    idle = 0;
  } else if (++idle >= IDLE_TICKS) {
    clearInterval(timer);
    timer = undefined;
  }
}

/** The current time in ms since the epoch, at most about 10 ms old. */
export function coarseNow(): number {
  if (timer === undefined) {
    now = Date.now();
    idle = 0;
    timer = setInterval(tick, RESOLUTION_MS);
    timer.unref(); // never keeps the process alive
  }
  read = true;
  return now;
}
