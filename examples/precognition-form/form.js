// The page's script. bundle.ts bundles it with the real `laravel-precognition`
// client; nothing here is specific to Switchyard but the base URL.
import { client, createValidator } from 'laravel-precognition';

const ECHO = '/api/system?action=echo';
client.withBaseURL(document.querySelector('meta[name="api-url"]').content);

const form = document.getElementById('echo');
const input = document.getElementById('message');
const error = document.getElementById('message-error');
const result = document.getElementById('result');

// The form's current values. The validator gets its own copy of the initial
// values: it validates a field only once its value differs from the last one sent.
const data = { message: '' };
const validator = createValidator((http) => http.post(ECHO, { ...data }), { message: '' })
  // Predictions are debounced; 0.5 s instead of the client's 1.5 s feels live.
  .setTimeout(500)
  .on('errorsChanged', () => {
    error.textContent = validator.errors().message?.[0] ?? '';
  })
  .on('validatingChanged', () => {
    form.setAttribute('aria-busy', String(validator.validating()));
  });

// A prediction: `Precognition: true`, the server validates and answers 204 or
// 422 without running the action.
input.addEventListener('input', () => {
  data.message = input.value;
  validator.validate('message', data.message);
});

// The real request: no Precognition header, the action runs and echoes.
const send = {
  precognitive: false,
  onSuccess: (response) => {
    result.textContent = response.data.message;
  },
  onValidationError: (response) => {
    validator.setErrors(response.data.errors);
  },
};
form.addEventListener('submit', (event) => {
  event.preventDefault();
  result.textContent = '';
  client.post(ECHO, { ...data }, send).catch((failure) => {
    result.textContent = `The request failed: ${failure.message}`;
  });
});
