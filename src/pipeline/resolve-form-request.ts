import { AuthorizationError } from '../errors/http-error.js';
import { AuthorizationResponse } from '../errors/authorization-response.js';
import { ValidationError } from '../errors/validation-error.js';
import { bindRequest, setValidated, type FormRequest } from '../form-request.js';
import type { Stage } from '../routing/exchange.js';
import { validateOnly } from '../precognition.js';
import type { HttpRequest } from '../http/request.js';
import { isThenable, type Awaitable } from '../awaitable.js';
import type { FormRequestPlan } from '../routing/action-table.js';
import type { ValidationLimits } from '../validation/limits.js';
import type { ValidationOutcome } from '../validation/types.js';
import { Validator } from '../validation/validator.js';

/**
 * Builds the action's form request and runs it in the host
 * framework's order: `prepareForValidation()` → `authorize()` (false: 403, an
 * `AuthorizationResponse` denial: its own status; even when the data is also
 * invalid) → validation with the class's compiled
 * validator (failure: 422) → `passedValidation()`. Hooks may be async; when
 * none is, the stage completes synchronously and allocates no callbacks.
 *
 * `only` limits validation to some fields (Precognition-Validate-Only);
 * `limits` (the application's configuration) bounds the work and the answer.
 */
export function resolveFormRequest(
  plan: FormRequestPlan,
  request: HttpRequest,
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
  request: HttpRequest,
  only: readonly string[] | undefined,
  limits: ValidationLimits | undefined,
): Awaitable<FormRequest> {
  const allowed = form.authorize();
  if (isThenable<boolean | AuthorizationResponse>(allowed)) {
    return Promise.resolve(allowed).then((value) => validate(plan, form, request, only, limits, passes(value)));
  }
  return validate(plan, form, request, only, limits, passes(allowed));
}

/** Laravel's `passesAuthorization`: a response throws its denial, or allows. */
function passes(allowed: boolean | AuthorizationResponse): boolean {
  return allowed instanceof AuthorizationResponse ? allowed.authorize().allowed() : allowed;
}

function validate(
  plan: FormRequestPlan,
  form: FormRequest,
  request: HttpRequest,
  only: readonly string[] | undefined,
  limits: ValidationLimits | undefined,
  allowed: boolean,
): Awaitable<FormRequest> {
  if (allowed !== true) throw new AuthorizationError();
  if (plan.hooked) return validateWithHooks(plan, form, request, only, limits);
  const validator = plan.validator ?? plan.perRequest!(form);
  const outcome = validator.async
    ? validator.validate(request.all(), only, limits, plan.context(request))
    : validator.validate(request.all(), only, limits);
  return isThenable<ValidationOutcome>(outcome) ? Promise.resolve(outcome).then((o) => passed(form, o)) : passed(form, outcome);
}

/** Laravel's order: `withValidator`, then the rules, then every `after` hook (passed or not). */
async function validateWithHooks(
  plan: FormRequestPlan,
  form: FormRequest,
  request: HttpRequest,
  only: readonly string[] | undefined,
  limits: ValidationLimits | undefined,
): Promise<FormRequest> {
  const compiled = plan.validator ?? plan.perRequest!(form);
  const input = request.all();
  const validator = new Validator(input);
  if (form.withValidator !== undefined) await form.withValidator(validator);
  validator.after(form.after());
  const outcome = await compiled.validate(input, only, limits, plan.context(request));
  if (!outcome.ok) validator.errors().merge(outcome.errors);
  await validator.runAfterHooks();
  if (validator.fails()) throw new ValidationError(validator.errors().toJSON());
  return passed(form, outcome);
}

function passed(form: FormRequest, outcome: ValidationOutcome): Awaitable<FormRequest> {
  if (!outcome.ok) throw new ValidationError(outcome.errors);
  setValidated(form, outcome.validated);
  const done = form.passedValidation();
  return isThenable(done) ? Promise.resolve(done).then(() => form) : form;
}

/**
 * The stage: the selected action's form request, or a plain route's, if
 * there is one. A prediction to what answers Precognition validates only
 * the fields it names. `limits` (the application's configuration) bounds
 * the validation work and the answer.
 */
export function resolveFormRequestStage(limits: ValidationLimits): Stage {
  return (exchange) => {
    const plan = exchange.plan !== undefined ? exchange.plan.form : exchange.route!.form;
    if (plan === undefined) return exchange.next();
    const request = exchange.request;
    const predicting = request.isPrecognitive && exchange.variesOnPrecognition;
    const form = resolveFormRequest(plan, request, predicting ? validateOnly(request) : undefined, limits);
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
