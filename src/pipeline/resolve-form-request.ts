import { AuthorizationError } from '../errors/http-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { bindRequest, setValidated, type FormRequest } from '../form-request.js';
import type { Request } from '../http/request.js';
import { then, type Awaitable } from '../awaitable.js';
import type { FormRequestPlan } from './action-plan.js';

/**
 * Stage 3: builds the action's form request and runs it in the host
 * framework's order: `prepareForValidation()` → `authorize()` (false: 403,
 * even when the data is also invalid) → validation with the class's compiled
 * validator (failure: 422) → `passedValidation()`. Hooks may be async; when
 * none is, the stage completes synchronously.
 *
 * `only` limits validation to some fields (Precognition-Validate-Only).
 */
export function resolveFormRequest(plan: FormRequestPlan, request: Request, only?: readonly string[]): Awaitable<FormRequest> {
  const form = plan.create();
  bindRequest(form, request);
  return then(form.prepareForValidation(), () =>
    then(form.authorize(), (allowed) => {
      if (allowed !== true) throw new AuthorizationError();
      const outcome = plan.validator.validate(request.all(), only);
      if (!outcome.ok) throw new ValidationError(outcome.errors);
      setValidated(form, outcome.validated);
      return then(form.passedValidation(), () => form);
    }),
  );
}
