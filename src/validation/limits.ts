/**
 * Bounds on the work and the answer of one validation run, so a request
 * cannot make the validator allocate in proportion to a huge input: at most
 * `max_validation_errors` messages are collected (then validation stops),
 * and a wildcard rule expands to at most `max_wildcard_items` attributes
 * (more: a 400), and the DNS rules look up at most `max_dns_lookups` hosts.
 * Applications set them through their options.
 */
import { BadRequestError } from '../errors/http-error.js';

export interface ValidationLimits {
  /** Most messages collected; validation stops when it has that many. 0: no limit. */
  readonly max_validation_errors: number;
  /** Most attributes one wildcard rule (`items.*.name`) expands to; more is a 400. 0: no limit. */
  readonly max_wildcard_items: number;
  /**
   * Most distinct hosts `active_url` and `email:dns` look up in one run;
   * the hosts past it fail as hosts without records. 0: no limit. Default 100.
   */
  readonly max_dns_lookups?: number;
}

/** What a validator uses when it is given no limits (and the application defaults). */
export const DEFAULT_LIMITS: ValidationLimits = Object.freeze({
  max_validation_errors: 200,
  max_wildcard_items: 10_000,
  max_dns_lookups: 100,
});

/** 400: a wildcard rule would expand to more attributes than `max_wildcard_items`. */
export class TooManyItemsError extends BadRequestError {
  constructor(field: string, max: number) {
    super(`The input has too many items for "${field}": at most ${max} are validated.`);
  }
}
