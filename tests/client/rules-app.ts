/**
 * The application of the client's browser-validation tests and of
 * `switchyard rules`: form requests whose rules the browser can check, one
 * mixing in rules that need the server (a closure, a rule object, `exists`,
 * files, DNS, a password rule, a conditional rule), one whose rules read the
 * request, one with an `after()` hook. It counts the requests it receives.
 */
import {
  Action,
  ActionController,
  Application,
  FileRule,
  FormRequest,
  Password,
  Rule,
  handles,
  type FailCallback,
  type FormRequestClass,
  type RuleObject,
  type Validator,
} from '../../src/index.js';

/** Checked entirely in the browser: sizes, dates against another field, wildcards, custom messages and names. */
export class TripRequest extends FormRequest {
  override rules() {
    return {
      name: 'required|string|max:20',
      seats: 'nullable|integer|between:1,9',
      starts: 'required|date_format:Y-m-d',
      ends: 'required|date_format:Y-m-d|after:starts',
      'stops.*.city': 'required_with:stops|string|distinct',
      kind: 'required|in:train,coach',
      pass: 'required_if:kind,train|regex:/^[A-Z]{2}\\d{4}$/',
    } as const;
  }
  override messages() {
    return { 'name.required': 'Tell us who travels.', 'stops.*.city.distinct': 'Each stop once.' };
  }
  override attributes() {
    return { starts: 'departure date' };
  }
}

/** A rule object: only the server runs it. */
export class NotReserved implements RuleObject {
  validate(attribute: string, value: unknown, fail: FailCallback): void {
    if (value === 'admin') fail(`The ${attribute} is reserved.`);
  }
}

/** Browser rules beside fields that need the server (a closure, a rule object). */
export class SignupRequest extends FormRequest {
  override rules() {
    return {
      name: 'required|string|max:20',
      age: 'nullable|integer|min:18',
      code: [
        'required',
        'string',
        (_attribute: string, value: unknown, fail: FailCallback) => void (value === 'taken' && fail('The :attribute is taken.')),
      ],
      nickname: ['nullable', 'string', new NotReserved()],
    };
  }
}

/** Every kind of rule that needs the server, for the document (never called). */
export class AccountRequest extends FormRequest {
  override rules() {
    return {
      email: ['required', 'email', Rule.unique('users')],
      user_id: 'required|exists:users,id',
      avatar: [FileRule.image()],
      password: ['required', Password.min(8)],
      site: 'nullable|active_url',
      mail: 'email:rfc,dns',
      plan: [Rule.enum({ Free: 'free', Pro: 'pro' })],
      coupon: [Rule.requiredIf(() => true), 'string'],
      title: 'nullable|string|max:50',
      scan: 'nullable|file|max:1024',
    };
  }
}

/** Its rules read the request: they differ per request, so only the server knows them. */
export class PerRequestRequest extends FormRequest {
  override rules() {
    return { amount: this.input('currency') === 'EUR' ? 'required|integer|max:100' : 'required|integer|max:1000' };
  }
}

/** An `after()` hook adds errors of its own: only the server knows them. */
export class HookedRequest extends FormRequest {
  override rules() {
    return { a: 'required|string', b: 'required|string' };
  }
  override after() {
    return [(v: Validator) => void (this.input('a') === this.input('b') && v.errors().add('b', 'Pick two different values.'))];
  }
}

const formAction = (form: FormRequestClass) =>
  class extends Action {
    override methods = ['POST'] as const;
    override precognition = true;
    static override formRequest = form;
    handle(request: FormRequest) {
      return { saved: request.validated() };
    }
  };

export class BookTrip extends Action {
  override methods = ['POST'] as const;
  override precognition = true;
  @handles()
  handle(request: TripRequest) {
    return { saved: request.validated() };
  }
}

export class Signup extends Action {
  override methods = ['POST'] as const;
  override precognition = true;
  @handles()
  handle(request: SignupRequest) {
    return { saved: request.validated() };
  }
}

export class FormsController extends ActionController {
  actions = {
    trip: BookTrip,
    signup: Signup,
    account: formAction(AccountRequest),
    perRequest: formAction(PerRequestRequest),
    hooked: formAction(HookedRequest),
    ping: class Ping extends Action {
      handle() {
        return { pong: true };
      }
    },
  };
}

/** The routes, as the client sees them. */
export type FormsApi = { forms: typeof FormsController };

/** The application, and how many requests reached it. */
export function createRulesApp(): { app: Application; received: () => number } {
  let count = 0;
  const app = new Application();
  app.use((request, next) => {
    count++;
    return next(request);
  });
  app.withRouting({ api: (router) => void router.svc('/forms', FormsController, ['GET', 'POST']) });
  return { app, received: () => count };
}
