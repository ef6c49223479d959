/**
 * Must compile: typed calls of the client against the example and the shop
 * (tests/client/app.ts). Part of the normal build, and type-checked again by
 * tests/client/types.int.test.ts. Never run: the functions are only declared.
 */
import { createClient, isValidationFailed, type ActionInput, type FieldErrors, type InferInput } from '../../../src/client/index.js';
import type { InferValidated } from '../../../src/typing/rules.js';
import type { Api } from '../../../examples/system/routes/api.js';
import type { OrderRequest, PlaceOrderAction, ShopApi } from '../app.js';

/** `Equal<A, B>` is `true` only when the two types are the same. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

/** Each reading of the rules, rule by rule. */
const rules = {
  name: 'required|string|max:20',
  level: ['required', 'integer', 'in:1,2,3'],
  terms: 'accepted',
  age: 'nullable|numeric',
  role: 'in:admin,user',
  tags: 'array',
  'tags.*': 'string',
  anything: 'required',
  'point.x': 'required|numeric',
  list: 'list',
} as const;
expectType<
  Equal<
    InferInput<typeof rules>,
    {
      name: string;
      level: 1 | 2 | 3;
      terms: true;
      anything: unknown;
      point: { x: number };
      age?: number | null;
      role?: 'admin' | 'user';
      tags?: string[];
      list?: unknown[];
    }
  >
>();
expectType<
  Equal<
    InferValidated<typeof rules>,
    {
      name: string;
      level: 1 | 2 | 3 | '1' | '2' | '3';
      terms: true | 1 | '1' | 'yes' | 'on' | 'true';
      anything: unknown;
      point: { x: number | string };
      age?: number | string | null;
      role?: 'admin' | 'user' | '';
      tags?: string[] | '';
      list?: unknown[] | '';
    }
  >
>();
// Rules without `as const` are widened to string: the keys are known, the types are not.
const widened: Record<'message', string> = { message: 'required|string' };
expectType<Equal<InferInput<typeof widened>, { message?: unknown }>>();
expectType<Equal<InferInput<Record<string, string>>, Record<string, unknown>>>();

const api = createClient<Api>({ baseUrl: 'http://127.0.0.1:3000/api' });
const shop = createClient<ShopApi>({ baseUrl: '/api', paths: { shop: '/shop' }, credentials: 'include' });

export async function exampleCalls() {
  const echoed = await api.system.echo({ message: 'hello' });
  expectType<Equal<typeof echoed, { message: string }>>();
  const status = await api.system.status();
  expectType<Equal<typeof status, { status: string }>>();
  const errors = await api.system.echo.validate({ message: '' }, { only: ['message'] });
  expectType<Equal<typeof errors, FieldErrors<'message'>>>();
  expectType<Equal<typeof errors.message, string[] | undefined>>();
  await api.system.echo.validate({});
}

export async function shopCalls() {
  const placed = await shop.shop.place({
    customer: 'Ada',
    note: null,
    size: 'm',
    items: [{ sku: 'tea', qty: 2 }],
    address: { city: 'Leeds', zip: '12345' },
  });
  expectType<Equal<typeof placed.id, number>>();
  expectType<Equal<typeof placed.order.size, 's' | 'm' | 'l'>>();
  // The answer is what validated() holds: what the rules let through, not only what this client sent.
  expectType<Equal<typeof placed.order.items, { sku: string; qty: number | string }[]>>();
  expectType<Equal<typeof placed.order.express, boolean | 0 | 1 | '0' | '1' | '' | undefined>>();
  expectType<Equal<typeof placed.order.note, string | null | undefined>>();
  expectType<Equal<typeof placed.order.address, { city: string; zip?: string }>>();

  const fields = await shop.shop.place.validate({ customer: '' }, { only: ['customer', 'items.*.qty', 'items.3.sku'] });
  expectType<
    Equal<
      keyof typeof fields,
      'customer' | 'note' | 'express' | 'size' | 'items' | `items.${string}.sku` | `items.${string}.qty` | 'address.city' | 'address.zip'
    >
  >();

  // GET-only with a form request: the method must be given (the default with input is POST).
  const found = await shop.shop.search({ q: 'tea', page: 2, tags: ['green'] }, { method: 'GET' });
  expectType<Equal<typeof found.query.page, number | string | undefined>>();
  // A JsonResponse body is not typed; a handler returning undefined is a 204.
  const pong = await shop.shop.ping();
  expectType<Equal<typeof pong, unknown>>();
  const cleared = await shop.shop.clear(undefined, { method: 'DELETE' });
  expectType<Equal<typeof cleared, undefined>>();
  // Methods not written `as const`: any method may be given.
  await shop.shop.refuse({}, { method: 'PUT' });
  await shop.limited.status();

  // The input type can be named on the server side too; what it allows always passes the validated() type.
  const input: ActionInput<typeof PlaceOrderAction> = { customer: 'x', size: 's', items: [], address: { city: 'x' } };
  // @ts-expect-error the input type is the narrow one: a numeric string is not sent
  input.items.push({ sku: 'a', qty: '2' });
  const validated: ReturnType<OrderRequest['validated']> = input;
  return validated;
}

export async function errorHandling() {
  try {
    await api.system.echo({ message: 'x' });
  } catch (error) {
    if (isValidationFailed(error, api.system.echo)) {
      expectType<Equal<typeof error.errors, FieldErrors<'message'>>>();
      return error.errors.message?.[0];
    }
    if (isValidationFailed(error)) return error.errors['anything'];
  }
  return undefined;
}
