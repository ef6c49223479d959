/**
 * Form-request rules as JSON Schema: each rule's keyword, sizes by type,
 * `in:` enums, nullable, required (and what makes a parent required), nested
 * objects from dot paths, wildcard arrays, and the rules a schema cannot say
 * listed in the description.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formRequestSchema, formSchema } from '../../src/openapi/form-schema.js';
import { FormRequest } from '../../src/form-request.js';
import type { JsonSchema } from '../../src/openapi/types.js';
import type { RuleMap } from '../../src/index.js';

const field = (rules: RuleMap[string]): JsonSchema => (formSchema({ f: rules })['properties'] as Record<string, JsonSchema>)['f']!;

const rules = suite('rules → JSON Schema');

rules('types: string, integer (int), numeric, boolean (bool), array, list', () => {
  assert.equal(field('string'), { type: 'string' });
  assert.equal(field('integer'), { type: 'integer' });
  assert.equal(field('int'), { type: 'integer' });
  assert.equal(field('numeric'), { type: 'number' });
  assert.equal(field('bool'), { type: 'boolean' });
  assert.equal(field('array'), { type: 'array' });
  assert.equal(field('list'), { type: 'array' });
  assert.equal(field('sometimes'), {});
});

rules('formats: email, url, uuid, ulid, ipv4, ipv6, ip, json, date_format:Y-m-d', () => {
  assert.equal(field('email'), { type: 'string', format: 'email' });
  assert.equal(field('url'), { type: 'string', format: 'uri' });
  assert.equal(field('uuid'), { type: 'string', format: 'uuid' });
  assert.equal(field('ulid'), { type: 'string', pattern: '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$' });
  assert.equal(field('ipv4'), { type: 'string', format: 'ipv4' });
  assert.equal(field('ipv6'), { type: 'string', format: 'ipv6' });
  assert.equal(field('ip'), { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] });
  assert.equal(field('json'), { type: 'string', contentMediaType: 'application/json' });
  assert.equal(field('date_format:Y-m-d'), { type: 'string', format: 'date' });
  assert.equal(field('date_format:d/m/Y'), { type: 'string', description: 'Also validated: date_format:d/m/Y.' });
});

rules('min, max, size and between measure characters, the number, or items, by the field type', () => {
  assert.equal(field('string|min:2|max:30'), { type: 'string', minLength: 2, maxLength: 30 });
  assert.equal(field('max:255'), { maxLength: 255 });
  assert.equal(field('integer|between:18,130'), { type: 'integer', minimum: 18, maximum: 130 });
  assert.equal(field('numeric|min:0.5'), { type: 'number', minimum: 0.5 });
  assert.equal(field('array|size:3'), { type: 'array', minItems: 3, maxItems: 3 });
  assert.equal(field('array:a,b|max:1'), {
    type: 'object',
    maxProperties: 1,
    properties: { a: {}, b: {} },
    additionalProperties: false,
  });
  assert.equal(field('string|max:2.5'), { type: 'string', description: 'Also validated: max:2.5.' });
});

rules('in: is an enum (numbers for a numeric field, each item of an array), not_in its negation', () => {
  assert.equal(field('in:draft,published'), { enum: ['draft', 'published'] });
  assert.equal(field('integer|in:1,2,3'), { type: 'integer', enum: [1, 2, 3] });
  assert.equal(field(['string', 'in:"a,b",c']), { type: 'string', enum: ['a,b', 'c'] });
  assert.equal(field('array|in:x,y'), { type: 'array', items: { enum: ['x', 'y'] } });
  assert.equal(field('string|not_in:root,admin'), { type: 'string', not: { enum: ['root', 'admin'] } });
});

rules('nullable adds null to the type or enum, except with required (which refuses null)', () => {
  assert.equal(field('nullable|string'), { type: ['string', 'null'] });
  assert.equal(field('nullable|in:a,b'), { enum: ['a', 'b', null] });
  assert.equal(field('required|nullable|string'), { type: 'string' });
  assert.equal(field('present|nullable|integer'), { type: ['integer', 'null'] });
});

rules('patterns: regex (when JavaScript reads it the same), not_regex, alpha*, digits, starts_with, ends_with', () => {
  // Without /u, PCRE's \d is the ASCII digits: the translation spells it out.
  assert.equal(field(['string', 'regex:/^[a-z]+\\d*/']), { type: 'string', pattern: '^[a-z]+[0-9]*' });
  assert.equal(field(['regex:/^abc/i']), { description: 'Also validated: regex:/^abc/i.' });
  assert.equal(field(['not_regex:/^admin/']), { not: { pattern: '^admin' } });
  assert.equal(field('alpha'), { type: 'string', pattern: '^[\\p{L}\\p{M}]+$' });
  assert.equal(field('alpha_num:ascii'), { pattern: '^[a-zA-Z0-9]+$' });
  assert.equal(field('alpha_dash'), { pattern: '^[\\p{L}\\p{M}\\p{N}_-]+$' });
  assert.equal(field('digits:5'), { pattern: '^[0-9]{5}$' });
  assert.equal(field('digits_between:2,4'), { pattern: '^[0-9]{2,4}$' });
  assert.equal(field('string|starts_with:a.b,c'), { type: 'string', pattern: '^(?:a\\.b|c)' });
  assert.equal(field('string|ends_with:.pdf'), { type: 'string', pattern: '(?:\\.pdf)$' });
  for (const schema of [field('string|starts_with:a-b,(c),[d]|ends_with:/e')]) {
    assert.not.throws(() => new RegExp(schema['pattern'] as string, 'u'), 'a valid ECMA-262 pattern with the u flag');
  }
});

rules('accepted and declined are enums; a raw { schema } joins allOf; the rest is described', () => {
  assert.equal(field('accepted'), { enum: ['yes', 'on', '1', 1, true, 'true'] });
  assert.equal(field('declined'), { enum: ['no', 'off', '0', 0, false, 'false'] });
  assert.equal(field([{ schema: { multipleOf: 5 } }]), { allOf: [{ multipleOf: 5 }] });
  const described = field(['required_with:other', 'date', 'after:today', (_a: string, _v: unknown, _f: (m: string) => void) => {}]);
  assert.equal(described, { description: 'Also validated: required_with:other, date, after:today, a custom rule (closure).' });
});

const forms = suite('form rules → one object schema');

forms('required and present fields are listed in required; sometimes takes a field out', () => {
  assert.equal(formSchema({ a: 'required|string', b: 'present', c: 'sometimes|required|string', d: 'string' }), {
    type: 'object',
    properties: { a: { type: 'string' }, b: {}, c: { type: 'string' }, d: { type: 'string' } },
    required: ['a', 'b'],
  });
});

forms('dot paths nest objects; a required child makes its parents required', () => {
  assert.equal(formSchema({ 'address.city': 'required|string', 'address.geo.lat': 'numeric', 'address.zip': 'nullable|digits:5' }), {
    type: 'object',
    properties: {
      address: {
        type: 'object',
        properties: {
          city: { type: 'string' },
          geo: { type: 'object', properties: { lat: { type: 'number' } } },
          zip: { pattern: '^[0-9]{5}$' },
        },
        required: ['city'],
      },
    },
    required: ['address'],
  });
  // A parent with a bare `array` rule and named children is an object (a PHP array with keys).
  assert.equal(formSchema({ meta: 'nullable|array', 'meta.key': 'string' })['properties'], {
    meta: { type: ['object', 'null'], properties: { key: { type: 'string' } } },
  });
});

forms('wildcards are array items; required items do not make the array required; distinct is uniqueItems', () => {
  assert.equal(
    formSchema({ items: 'array|min:1', 'items.*.name': 'required|string', 'items.*.qty': 'integer|min:1', 'tags.*': 'string|distinct' }),
    {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
            required: ['name'],
          },
        },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      },
    },
  );
  assert.equal(formSchema({ 'matrix.*.*': 'integer' })['properties'], {
    matrix: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
  });
});

forms('confirmed adds the _confirmation field, required when the field is', () => {
  const schema = formSchema({ password: 'required|string|min:8|confirmed' });
  assert.equal(schema['required'], ['password', 'password_confirmation']);
  assert.equal((schema['properties'] as Record<string, JsonSchema>)['password_confirmation'], {
    type: 'string',
    minLength: 8,
    description: 'The same value as `password`.',
  });
});

forms('no rules: an empty object', () => {
  assert.equal(formSchema({}), { type: 'object' });
});

rules.run();
forms('rules that read the request are documented as they read without one, or as no field; never a throw', () => {
  class PredictedRequest extends FormRequest {
    override rules() {
      return this.isPrecognitive() ? { name: 'string' } : { name: 'required|string' };
    }
  }
  class UserRequest extends FormRequest {
    override rules() {
      return { email: `required|not_in:${this.user<{ email: string }>()!.email}` };
    }
  }
  const unused = (): FormRequest => {
    throw new Error('not built through the container');
  };
  assert.equal(formRequestSchema(PredictedRequest, unused), formSchema({ name: 'required|string' }));
  assert.equal(formRequestSchema(UserRequest, unused), formSchema({}));
});

forms.run();
