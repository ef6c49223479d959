import type { ErrorReporter } from '../config.js';
import type { ResolvedHealthCheck } from '../config/health-checks.js';

/** What `/up` answers: each check's state, and whether all are up. */
export interface HealthReport {
  readonly up: boolean;
  readonly body: {
    status: 'up' | 'down';
    checks: Record<string, { status: 'up' } | { status: 'down'; reason: string }>;
  };
}

/**
 * Runs the application's health checks for `/up`, at most once per
 * `interval` ms whatever the request rate: a report is reused until it is
 * older than the interval, and probes that arrive while the checks run wait
 * for that one run. A check's error goes to `report`, never into the answer
 * (it may name hosts or credentials).
 */
export class HealthProbe {
  readonly #checks: ReadonlyMap<string, ResolvedHealthCheck>;
  readonly #interval: number;
  readonly #report: ErrorReporter;
  #last: { at: number; report: HealthReport } | undefined;
  #running: Promise<HealthReport> | undefined;

  constructor(checks: ReadonlyMap<string, ResolvedHealthCheck>, interval: number, report: ErrorReporter) {
    this.#checks = checks;
    this.#interval = interval;
    this.#report = report;
  }

  /** The latest report while it is fresh; otherwise the checks' next run. */
  current(): HealthReport | Promise<HealthReport> {
    const last = this.#last;
    if (last !== undefined && performance.now() - last.at < this.#interval) return last.report;
    if (this.#running === undefined) {
      this.#running = this.#run().then((report) => {
        this.#last = { at: performance.now(), report };
        this.#running = undefined;
        return report;
      });
    }
    return this.#running;
  }

  async #run(): Promise<HealthReport> {
    const names = [...this.#checks.keys()];
    const outcomes = await Promise.all(names.map((name) => this.#runOne(name, this.#checks.get(name) as ResolvedHealthCheck)));
    const checks: HealthReport['body']['checks'] = {};
    let up = true;
    names.forEach((name, i) => {
      const reason = outcomes[i];
      if (reason === undefined) checks[name] = { status: 'up' };
      else {
        up = false;
        checks[name] = { status: 'down', reason };
      }
    });
    return { up, body: { status: up ? 'up' : 'down', checks } };
  }

  /** Undefined when the check passed; otherwise why it did not. */
  #runOne(name: string, { check, timeout }: ResolvedHealthCheck): Promise<string | undefined> {
    const controller = new AbortController();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        controller.abort();
        resolve(`timed out after ${timeout} ms`);
      }, timeout);
      const settle = (reason: string | undefined) => {
        clearTimeout(timer);
        resolve(reason);
      };
      const fail = (error: unknown) => {
        this.#report(new Error(`The health check "${name}" failed.`, { cause: error }));
        settle('failed');
      };
      try {
        Promise.resolve(check(controller.signal)).then(
          (result) => (result === false ? fail(new Error(`The health check "${name}" answered false.`)) : settle(undefined)),
          fail,
        );
      } catch (error) {
        fail(error);
      }
    });
  }
}
