/**
 * openapi-typescript on the generated documents: the types it writes for
 * the example app and the richer one type-check a small usage file under
 * `strict` with this repository's tsc, and they are precise enough that the
 * wrong values in it (`@ts-expect-error`) are refused.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { type OpenAPI3 } from 'openapi-typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSystemApp } from '../../examples/system/app.js';
import type { OpenApiDocument } from '../../src/openapi/public-api.js';
import { createRichApp } from './fixtures/rich-app.js';

const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));

const SYSTEM_USAGE = `
import type { components, operations, paths } from './system.js';

type EchoBody = paths['/api/system?action=echo']['post']['requestBody']['content']['application/json'];
export const body: EchoBody = { message: 'hi' };
// @ts-expect-error message is a string
export const wrongType: EchoBody = { message: 42 };
// @ts-expect-error message is required
export const missing: EchoBody = {};

type Failed = operations['system.echo']['responses'][422]['content']['application/json'];
export const failed: Failed = { message: 'The message field is required.', errors: { message: ['The message field is required.'] } };
// @ts-expect-error errors holds lists of messages
export const badErrors: Failed = { message: 'x', errors: { message: 'x' } };

export const error: components['schemas']['Error'] = { message: 'Not Found.' };
type StatusOk = paths['/api/system?action=status']['get']['responses'][200];
export const statusAnswer: keyof StatusOk = 'content';
// @ts-expect-error status has no POST operation
export type NoPost = paths['/api/system?action=status']['post']['responses'];
`;

const RICH_USAGE = `
import type { components, operations, paths } from './rich.js';

type Profile = components['schemas']['ProfileRequest'];
export const profile: Profile = {
  email: 'ada@example.com',
  role: 'admin',
  address: { city: 'London', zip: null },
  items: [{ name: 'pen', qty: 2 }],
  tags: ['a', 'b'],
  nickname: null,
  level: 2,
  password: 'correct horse',
  password_confirmation: 'correct horse',
};
// @ts-expect-error role is one of admin, editor, viewer
export const badRole: Profile = { ...profile, role: 'root' };
// @ts-expect-error an item needs its qty
export const badItem: Profile = { ...profile, items: [{ name: 'pen' }] };
// @ts-expect-error level is 1, 2 or 3
export const badLevel: Profile = { ...profile, level: 4 };
// @ts-expect-error address.city is required
export const noCity: Profile = { ...profile, address: {} };

type UpdateBody = paths['/api/account?action=profile.update']['patch']['requestBody']['content']['application/json'];
export const update: UpdateBody = profile;

type SearchQuery = operations['account.search']['parameters']['query'];
export const query: SearchQuery = { q: 'pens', page: 2, filters: { status: 'open' }, 'ids[]': [1, 2], exact: 1 };
// @ts-expect-error exact is sent as 1 or 0
export const badExact: SearchQuery = { q: 'pens', exact: true };

type Pong = operations['account.ping']['responses'][200]['content']['application/json'];
export const pong: Pong = { pong: true };
type Hits = operations['account.search']['responses'][200]['content']['application/json'];
export const hits: Hits = { hits: ['a'] };
// @ts-expect-error hits is a list of strings
export const badHits: Hits = { hits: [1] };

type Download = operations['downloads.file']['parameters']['query'];
export const signed: Download = { signature: 'abc', expires: 1700000000 };
// @ts-expect-error the signature is required
export const unsigned: Download = { expires: 1 };
`;

/** Writes the types of `document` and the usage file that imports them into `dir`. */
async function writeTypes(dir: string, name: string, document: OpenApiDocument, usage: string): Promise<void> {
  const types = await openapiTS(structuredClone(document) as unknown as OpenAPI3, { silent: true });
  writeFileSync(join(dir, `${name}.ts`), types);
  writeFileSync(join(dir, `${name}-usage.ts`), usage);
}

/** tsc (strict) on `files` in `dir`: about 2 s each run, so the suite runs it twice. */
function tsc(dir: string, files: string[]) {
  const args = [
    TSC,
    '--noEmit',
    '--pretty',
    'false',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
  ];
  const result = spawnSync(process.execPath, [...args, ...files], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const types = suite('openapi-typescript types of the generated documents');
let dir = '';
types.before.each(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-openapi-ts-'));
});
types.after.each(() => {
  rmSync(dir, { recursive: true, force: true });
});

types('the example app and the richer one: usable types for each action; wrong values are refused', async () => {
  await writeTypes(dir, 'system', createSystemApp().openapi(), SYSTEM_USAGE);
  await writeTypes(dir, 'rich', createRichApp().openapi(), RICH_USAGE);
  const result = tsc(dir, ['system-usage.ts', 'rich-usage.ts']);
  assert.is(result.status, 0, result.output);
});

types('the check can fail: a wrong value without @ts-expect-error is a type error', async () => {
  await writeTypes(dir, 'system', createSystemApp().openapi(), SYSTEM_USAGE.replace('// @ts-expect-error message is a string\n', ''));
  const result = tsc(dir, ['system-usage.ts']);
  assert.is.not(result.status, 0, result.output);
  assert.match(result.output, /system-usage\.ts\(\d+,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
});

types.run();
