import { Action, ActionController, FormRequest, type ActionClass, type ControllerClass } from '../src/index.js';

/** Action names of one width, so query strings have the same length whatever the count. */
export const actionName = (i: number) => `a${String(i).padStart(5, '0')}`;

/** A controller with `count` generated actions, each `handle() { return { ok: true } }`. */
export function controllerWith(count: number): ControllerClass {
  const actions: Record<string, ActionClass> = {};
  for (let i = 0; i < count; i++) {
    actions[actionName(i)] = class extends Action {
      handle() {
        return { ok: true };
      }
    };
  }
  return class GeneratedController extends ActionController {
    actions = actions;
  };
}

/** Field names f0..f(n-1). */
export const fieldNames = (count: number) => Array.from({ length: count }, (_, i) => `f${i}`);

/** A POST action whose form request has `count` fields, each `required|string|max:255`; it echoes them. */
export function formActionWith(count: number): ControllerClass {
  const rules: Record<string, string> = {};
  for (const name of fieldNames(count)) rules[name] = 'required|string|max:255';
  class GeneratedRequest extends FormRequest {
    override rules() {
      return rules;
    }
  }
  class GeneratedAction extends Action {
    override methods = ['POST'];
    static override formRequest = GeneratedRequest;
    handle(request: GeneratedRequest) {
      return request.validated();
    }
  }
  return class FormController extends ActionController {
    actions = { form: GeneratedAction };
  };
}
