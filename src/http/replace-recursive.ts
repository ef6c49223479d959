import { createBag, isBag, type InputBag } from './own.js';

type Container = InputBag | unknown[];

/** A container PHP would call an array: a list, an input bag or a JSON object; never a class instance (a file). */
function isContainer(value: unknown): value is Container {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || isBag(value);
}

/**
 * PHP's `array_replace_recursive($base, $replacement)`, which the host
 * framework's `all()` uses to lay the uploaded files over the input: each
 * key of `replacement` replaces the same key of `base`, except that two
 * containers under one key are merged the same way. Neither argument is
 * changed; containers on the replaced paths are copied. A container whose
 * keys end up exactly 0..n-1 is a list (PHP's `array_is_list`), so
 * `photos[]` files over `photos[]` text fields stay a list.
 */
export function replaceRecursive(base: InputBag, replacement: InputBag): InputBag {
  const out = createBag();
  for (const key in base) out[key] = base[key];
  for (const key in replacement) {
    if (key === '__proto__') continue;
    out[key] = merged(out[key], replacement[key]);
  }
  return out;
}

function merged(base: unknown, replacement: unknown): unknown {
  if (!isContainer(base) || !isContainer(replacement)) return replacement;
  if (Array.isArray(base) && Array.isArray(replacement)) {
    const out = base.slice();
    for (let i = 0; i < replacement.length; i++) out[i] = merged(out[i], replacement[i]);
    return out;
  }
  const out = createBag();
  for (const key of Object.keys(base)) if (key !== '__proto__') out[key] = (base as InputBag)[key];
  for (const key of Object.keys(replacement)) if (key !== '__proto__') out[key] = merged(out[key], (replacement as InputBag)[key]);
  return asListWhenIndexed(out);
}

/** The bag as a list when its keys are exactly 0..n-1 in order. */
function asListWhenIndexed(bag: InputBag): Container {
  let index = 0;
  for (const key in bag) if (key !== String(index++)) return bag;
  return index === 0 ? bag : Object.values(bag);
}
