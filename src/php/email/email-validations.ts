/**
 * Laravel 11's `validateEmail`: each distinct parameter of `email` is one
 * egulias validation and all must pass (MultipleValidationWithAnd):
 * `strict` NoRFCWarningsValidation, `dns` DNSCheckValidation, `spoof`
 * SpoofCheckValidation, `filter` and `filter_unicode` PHP's
 * `FILTER_VALIDATE_EMAIL`, and any other parameter (`rfc`) RFCValidation;
 * no parameter is RFCValidation alone. So `email:filter` does not run the
 * RFC parser, and `email:dns` checks only the domain.
 */
import { isSpoofSuspicious } from '../spoof-check.js';
import { isFilterEmail } from './filter-email.js';
import { passesRfcValidations, type RfcValidation } from './rfc-parser.js';

export interface EmailValidations {
  /** The validations that need no lookup, together. */
  readonly check: (value: unknown) => value is string;
  /** Whether `dns` is one of them (its lookups are the rule's prefetch). */
  readonly dns: boolean;
}

export function emailValidations(params: readonly string[]): EmailValidations {
  const distinct = params.length === 0 ? ['rfc'] : [...new Set(params)];
  const rfc: RfcValidation[] = [];
  const checks: ((value: string) => boolean)[] = [];
  for (const param of distinct) {
    if (param === 'dns') continue;
    if (param === 'spoof') checks.push((v) => !isSpoofSuspicious(v));
    else if (param === 'filter') checks.push((v) => isFilterEmail(v, false));
    else if (param === 'filter_unicode') checks.push((v) => isFilterEmail(v, true));
    else rfc.push(param === 'strict' ? 'strict' : 'rfc');
  }
  if (rfc.length > 0) checks.unshift((v) => passesRfcValidations(v, rfc));
  const check = (value: unknown): value is string => typeof value === 'string' && checks.every((test) => test(value));
  return { check, dns: distinct.includes('dns') };
}
