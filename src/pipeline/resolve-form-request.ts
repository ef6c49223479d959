import { AuthorizationError } from '../errors/http-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { bindRequest, setValidated, type FormRequest } from '../form-request.js';
import type { Stage } from '../routing/exchange.js';
import { validateOnly } from '../precognition.js';
import type { Request } from '../http/request.js';
import { isThenable, type Awaitable } from '../awaitable.js';
import type { FormRequestPlan } from '../routing/action-table.js';
import type { ValidationLimits } from '../validation/limits.js';

/**
 * Builds the action's form request and runs it in the host
 * framework's order: `prepareForValidation()` → `authorize()` (false: 403,
 * even when the data is also invalid) → validation with the class's compiled
 * validator (failure: 422) → `passedValidation()`. Hooks may be async; when
 * none is, the stage completes synchronously and allocates no callbacks.
 *
 * `only` limits validation to some fields (Precognition-Validate-Only);
 * `limits` (the application's configuration) bounds the work and the answer.
 */
export function resolveFormRequest(
  plan: FormRequestPlan,
  request: Request,
  only?: readonly string[],
  limits?: ValidationLimits,
): Awaitable<FormRequest> {
  const form = plan.create();
  bindRequest(form, request);
  const prepared = form.prepareForValidation();
  if (isThenable(prepared)) return Promise.resolve(prepared).then(() => authorize(plan, form, request, only, limits));
  return authorize(plan, form, request, only, limits);
}

function authorize(
  plan: FormRequestPlan,
  form: FormRequest,
  request: Request,
  only: readonly string[] | undefined,
  limits: ValidationLimits | undefined,
): Awaitable<FormRequest> {
  const allowed = form.authorize();
  if (isThenable<boolean>(allowed)) return Promise.resolve(allowed).then((value) => validate(plan, form, request, only, limits, value));
  return validate(plan, form, request, only, limits, allowed);
}

function validate(
  plan: FormRequestPlan,
  form: FormRequest,
  request: Request,
  only: readonly string[] | undefined,
  limits: ValidationLimits | undefined,
  allowed: boolean,
): Awaitable<FormRequest> {
  if (allowed !== true) throw new AuthorizationError();
  const outcome = plan.validator.validate(request.all(), only, limits);
  if (!outcome.ok) throw new ValidationError(outcome.errors);
  setValidated(form, outcome.validated);
  const passed = form.passedValidation();
  return isThenable(passed) ? Promise.resolve(passed).then(() => form) : form;
}

/**
 * The stage: the action's form request, if it has one; a prediction
 * validates only the fields it names. `limits` (the application's
 * configuration) bounds the validation work and the answer.
 */
export function resolveFormRequestStage(limits: ValidationLimits): Stage {
  return (exchange) => {
    const plan = exchange.plan!.form;
    if (plan === undefined) return exchange.next();
    const request = exchange.request;
    const form = resolveFormRequest(plan, request, request.isPrecognitive ? validateOnly(request) : undefined, limits);
    if (isThenable<FormRequest>(form)) {
      return Promise.resolve(form).then((passed) => {
        exchange.form = passed;
        return exchange.next();
      });
    }
    exchange.form = form;
    return exchange.next();
  };
}
