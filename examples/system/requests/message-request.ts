import { FormRequest } from '../../../src/index.js';

/** The echo action's input: one required string of at most 255 characters. */
export class MessageRequest extends FormRequest {
  override rules() {
    return { message: 'required|string|max:255' } as const;
  }
}
