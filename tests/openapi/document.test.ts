/**
 * `app.openapi()`: the document of the example app and of a richer one, as
 * shapes a reader relies on (paths, operations, parameters, bodies,
 * answers), valid against the official OpenAPI 3.1 schema, with every
 * embedded schema a valid JSON Schema 2020-12; built once and kept.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createSystemApp } from '../../examples/system/app.js';
import type { JsonSchema, OpenApiDocument } from '../../src/openapi/public-api.js';
import { createRichApp } from './fixtures/rich-app.js';
import { Action, ActionController, Application, FormRequest, handles } from '../../src/index.js';

/** Validates against the official OpenAPI 3.1 schema; returns the errors (none: []). */
async function officialErrors(document: OpenApiDocument): Promise<unknown[]> {
  const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>);
  return result.valid ? [] : [result.errors];
}

/** Every JSON Schema in the document (components, parameters, bodies, answers, headers), with where it is. */
function embeddedSchemas(document: OpenApiDocument): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = [];
  const walk = (node: unknown, where: string): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema' && typeof value === 'object' && value !== null) found.push([`${where}/schema`, value as JsonSchema]);
      else walk(value, `${where}/${key}`);
    }
  };
  walk(document.paths, '#/paths');
  walk(document.components.responses, '#/components/responses');
  for (const [name, schema] of Object.entries(document.components.schemas)) found.push([`#/components/schemas/${name}`, schema]);
  return found;
}

/** The official 3.1 schema leaves embedded schemas to their dialect: check them against the 2020-12 meta-schema, and their patterns. */
function schemaErrors(document: OpenApiDocument): string[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const errors: string[] = [];
  for (const [where, schema] of embeddedSchemas(document)) {
    if (!ajv.validateSchema(schema)) errors.push(`${where}: ${ajv.errorsText(ajv.errors)}`);
    JSON.stringify(schema, (key, value) => {
      if (key === 'pattern' && typeof value === 'string') {
        try {
          new RegExp(value, 'u');
        } catch (error) {
          errors.push(`${where}: pattern ${value}: ${(error as Error).message}`);
        }
      }
      return value;
    });
  }
  return errors;
}

const op = (document: OpenApiDocument, path: string, method: string) => {
  const item = document.paths[path] as Record<string, OpenApiDocument['paths'][string]['get']> | undefined;
  const operation = item?.[method];
  if (operation === undefined) throw new Error(`no ${method} ${path} in ${Object.keys(document.paths).join(', ')}`);
  return operation;
};

const example = suite('the example app (examples/system)');

example('one path key per action: the URL that selects it; one operation per method, HEAD implied by GET', () => {
  const document = createSystemApp().openapi();
  assert.is(document.openapi, '3.1.0');
  assert.equal(document.info, { title: 'API', version: '1.0.0' });
  assert.equal(Object.keys(document.paths), ['/api/system?action=status', '/api/system?action=echo']);
  assert.equal(Object.keys(document.paths['/api/system?action=status']!), ['get']);
  assert.equal(Object.keys(document.paths['/api/system?action=echo']!), ['post']);
  assert.equal(document.tags, [{ name: 'SystemController', description: 'The actions of SystemController.' }]);
  const status = op(document, '/api/system?action=status', 'get');
  assert.is(status.operationId, 'system.status');
  assert.equal(status.tags, ['SystemController']);
  assert.equal(status['x-switchyard'], { route: '/api/system', action: 'status', controller: 'SystemController' });
  assert.is(status.parameters, undefined, 'the action key is in the path key, not a parameter');
  assert.is(status.requestBody, undefined);
  assert.equal(Object.keys(status.responses), ['200', '400', '404', '405']);
  assert.equal(status.responses['405'], {
    description: 'The action does not accept this method.',
    headers: { Allow: { description: 'The methods the action accepts.', schema: { type: 'string', const: 'GET, HEAD' } } },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
});

example('echo: the form request is the JSON body; Precognition headers and its 204; 413, 415 and the 422 shape', () => {
  const document = createSystemApp().openapi({ info: { title: 'System', version: '2.0.0' } });
  assert.equal(document.info, { title: 'System', version: '2.0.0' });
  const echo = op(document, '/api/system?action=echo', 'post');
  assert.is(echo.operationId, 'system.echo');
  assert.equal(echo.requestBody, {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageRequest' } } },
  });
  assert.equal(document.components.schemas['MessageRequest'], {
    type: 'object',
    properties: { message: { type: 'string', maxLength: 255 } },
    required: ['message'],
  });
  assert.equal(
    (echo.parameters ?? []).map((p) => [p['name'], p['in']]),
    [
      ['Precognition', 'header'],
      ['Precognition-Validate-Only', 'header'],
    ],
  );
  assert.equal(Object.keys(echo.responses), ['200', '204', '400', '404', '405', '413', '415', '422']);
  assert.equal(echo.responses['204'], { $ref: '#/components/responses/PrecognitionSuccess' });
  assert.equal(echo.responses['422'], { $ref: '#/components/responses/ValidationFailed' });
  assert.equal(document.components.schemas['ValidationError']!['required'], ['message', 'errors']);
  assert.equal(
    (document.components.schemas['ValidationError']!['properties'] as Record<string, JsonSchema>)['errors']!['additionalProperties'],
    { type: 'array', items: { type: 'string' } },
  );
  // Only the shared answers some operation uses.
  assert.equal(Object.keys(document.components.responses).sort(), [
    'BadRequest',
    'NotFound',
    'PayloadTooLarge',
    'PrecognitionSuccess',
    'UnsupportedMediaType',
    'ValidationFailed',
  ]);
});

example('valid against the official OpenAPI 3.1 schema; every embedded schema is valid JSON Schema 2020-12', async () => {
  const document = createSystemApp().openapi();
  assert.equal(await officialErrors(document), []);
  assert.equal(schemaErrors(document), []);
});

example('the validators can fail: a broken document is refused', async () => {
  const broken = structuredClone(createSystemApp().openapi()) as unknown as Record<string, Record<string, unknown>>;
  broken['paths']!['/api/system?action=status'] = { get: { responses: { '200': { content: {} } } } };
  assert.is((await officialErrors(broken as unknown as OpenApiDocument)).length, 1, 'a response without description');
  const badSchema = structuredClone(createSystemApp().openapi());
  (badSchema.components.schemas['MessageRequest']!['properties'] as Record<string, JsonSchema>)['message']!['maxLength'] = -1;
  assert.is(schemaErrors(badSchema).length, 1, 'maxLength must be ≥ 0');
});

example('built once: the same frozen document until the options change', () => {
  const app = createSystemApp();
  const first = app.openapi();
  assert.is(app.openapi(), first);
  assert.is(app.openapi({ info: { title: 'API', version: '1.0.0' } }), first, 'the same options as the default');
  assert.ok(Object.isFrozen(first) && Object.isFrozen(first.paths['/api/system?action=echo']));
  assert.throws(() => {
    (first as { openapi: string }).openapi = '3.0.0';
  });
  const other = app.openapi({ info: { title: 'Other', version: '1' } });
  assert.is.not(other, first);
  assert.is(other.info.title, 'Other');
});

example('the openapi_info option is the default info; action_source body puts the action in the body', () => {
  const document = createSystemApp({ openapi_info: { title: 'Configured', version: '3.0.0', description: 'From the options.' } }).openapi();
  assert.equal(document.info, { title: 'Configured', version: '3.0.0', description: 'From the options.' });
  const body = createSystemApp({ action_source: 'body', action_key: 'op' }).openapi();
  assert.equal(Object.keys(body.paths), ['/api/system#status', '/api/system#echo']);
  assert.equal(op(body, '/api/system#echo', 'post').requestBody, {
    required: true,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/MessageRequest' },
            { type: 'object', properties: { op: { const: 'echo' } }, required: ['op'] },
          ],
        },
      },
    },
  });
});

const rich = suite('a richer app: nested, wildcard, nullable, in:, signed, throttled, auth');

rich('every route, action and method has its operation; the fallback answers the bare path only without a default', () => {
  const document = createRichApp().openapi();
  assert.equal(Object.keys(document.paths), [
    '/api/account',
    '/api/account?action=profile.update',
    '/api/account?action=search',
    '/api/account?action=ping',
    '/api/account?action=logout',
    '/api/downloads?action=file',
    '/api/downloads',
    '/api/health',
  ]);
  assert.is(op(document, '/api/account', 'get').operationId, 'account.default');
  assert.equal(Object.keys(document.paths['/api/downloads']!), ['get', 'post']);
  assert.is(op(document, '/api/downloads', 'get').operationId, 'downloads.fallback.get');
  assert.is(op(document, '/api/downloads', 'post').operationId, 'downloads.fallback.post');
  assert.is(op(document, '/api/account?action=profile.update', 'patch').operationId, 'account.profile.update');
  const health = op(document, '/api/health', 'get');
  assert.is(health.operationId, 'api.health.get');
  assert.equal(health['x-switchyard'], { route: '/api/health' });
  assert.equal(Object.keys(health.responses), ['200', '400']);
});

rich('the form schema: nested objects, wildcard arrays, nullable, enums, confirmation, and what only a description can say', () => {
  const document = createRichApp().openapi();
  const profile = document.components.schemas['ProfileRequest']!;
  const properties = profile['properties'] as Record<string, JsonSchema>;
  assert.equal(profile['required'], ['email', 'role', 'address', 'password', 'password_confirmation']);
  assert.equal(properties['address'], {
    type: 'object',
    properties: { city: { type: 'string', maxLength: 100 }, zip: { pattern: '^[0-9]{5}$' } },
    required: ['city'],
  });
  assert.equal(properties['items'], {
    type: 'array',
    items: {
      type: 'object',
      properties: { name: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
      required: ['name', 'qty'],
    },
  });
  assert.equal(properties['tags'], { type: 'array', maxItems: 5, items: { type: 'string' }, uniqueItems: true });
  assert.equal(properties['nickname'], { type: ['string', 'null'], minLength: 2, maxLength: 30 });
  assert.equal(properties['website'], { type: ['string', 'null'], format: 'uri' });
  assert.equal(properties['role'], { enum: ['admin', 'editor', 'viewer'] });
  assert.equal(properties['level'], { type: 'integer', enum: [1, 2, 3] });
  assert.equal(properties['age'], { type: 'integer', minimum: 18, maximum: 130 });
  assert.equal(properties['email'], { type: 'string', format: 'email' });
  assert.equal(properties['starts'], { description: 'Also validated: required_if:role,admin, date.' });
  assert.ok(new RegExp(properties['coupon']!['pattern'] as string, 'u').test('ABCD-1234'));
  assert.not.ok(new RegExp(properties['coupon']!['pattern'] as string, 'u').test('abcd-1234'));
});

rich('a GET form is read from the query: scalars, deepObject objects, lists as name[], booleans as 1/0', () => {
  const search = op(createRichApp().openapi(), '/api/account?action=search', 'get');
  assert.is(search.requestBody, undefined);
  assert.equal(search.parameters, [
    { name: 'q', in: 'query', required: true, schema: { type: 'string', maxLength: 100 } },
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    {
      name: 'filters',
      in: 'query',
      style: 'deepObject',
      explode: true,
      schema: { type: 'object', properties: { status: { enum: ['open', 'closed'] } } },
    },
    { name: 'ids[]', in: 'query', style: 'form', explode: true, schema: { type: 'array', items: { type: 'integer' } } },
    { name: 'exact', in: 'query', schema: { type: 'integer', enum: [0, 1] } },
  ]);
  assert.equal(search.responses['200'], {
    description: 'OK',
    headers: {
      'X-RateLimit-Limit': { description: 'Attempts allowed in the window.', schema: { type: 'integer' } },
      'X-RateLimit-Remaining': { description: 'Attempts left in the window.', schema: { type: 'integer' } },
    },
    content: {
      'application/json': {
        schema: { type: 'object', properties: { hits: { type: 'array', items: { type: 'string' } } }, required: ['hits'] },
      },
    },
  });
});

rich('auth (through a group) adds 401 and the security schemes; throttle adds 429; an authorizing form request adds 403', () => {
  const document = createRichApp().openapi({ securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } });
  assert.equal(document.components.securitySchemes, { bearer: { type: 'http', scheme: 'bearer' } });
  const update = op(document, '/api/account?action=profile.update', 'patch');
  assert.equal(Object.keys(update.responses), ['200', '204', '400', '401', '403', '404', '405', '413', '415', '422', '429']);
  assert.equal(update.security, [{ bearer: [] }]);
  assert.is(update.summary, 'Updates the profile');
  assert.equal(update.responses['429'], { $ref: '#/components/responses/TooManyRequests' });
  const tooMany = document.components.responses['TooManyRequests']!;
  assert.equal(Object.keys(tooMany['headers'] as object), [
    'Retry-After',
    'X-RateLimit-Reset',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
  ]);
  // Search's form request does not override authorize(): no 403.
  assert.not.ok('403' in op(document, '/api/account?action=search', 'get').responses);
  // Without securitySchemes, no security requirement.
  assert.is(op(createRichApp().openapi(), '/api/account?action=profile.update', 'patch').security, undefined);
});

rich('declared responses: a schema for the 200, null for a 204; summary and description', () => {
  const document = createRichApp().openapi();
  const ping = op(document, '/api/account?action=ping', 'get');
  assert.is(ping.summary, 'Answers pong');
  assert.is(ping.description, 'A **cheap** liveness check.');
  assert.equal((ping.responses['200']!['content'] as Record<string, JsonSchema>)['application/json'], {
    schema: { type: 'object', properties: { pong: { const: true } }, required: ['pong'] },
  });
  const logout = op(document, '/api/account?action=logout', 'post');
  assert.not.ok('200' in logout.responses);
  assert.is(logout.responses['204']!['description'], 'Done, no content.');
  assert.is(logout.requestBody, undefined, 'no form request: nothing is known of the body');
});

rich('a signed route has the expires and signature query parameters and a 403; no auth, no throttle there', () => {
  const file = op(createRichApp().openapi(), '/api/downloads?action=file', 'get');
  assert.equal(file.parameters, [
    { name: 'expires', in: 'query', description: 'When a temporary signed URL expires (Unix time, seconds).', schema: { type: 'integer' } },
    { name: 'signature', in: 'query', required: true, description: 'The URL signature (HMAC-SHA256, hex).', schema: { type: 'string' } },
  ]);
  assert.equal(Object.keys(file.responses), ['200', '400', '403', '404', '405']);
});

rich('valid against the official OpenAPI 3.1 schema; every embedded schema is valid JSON Schema 2020-12', async () => {
  const document = createRichApp().openapi({
    info: { title: 'Rich', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  });
  assert.equal(await officialErrors(document), []);
  assert.equal(schemaErrors(document), []);
  const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
  assert.is(new Set(ids).size, ids.length, 'operationIds are unique');
});

rich('generation happens on demand: neither registration, boot nor requests build it; the first call does, once', async () => {
  let reads = 0;
  class CountedRequest extends FormRequest {
    override rules() {
      reads++;
      return { name: 'required|string' };
    }
  }
  class Greet extends Action {
    override methods = ['POST'];
    @handles()
    handle(request: CountedRequest) {
      return request.validated();
    }
  }
  class GreetController extends ActionController {
    actions = { greet: Greet };
  }
  const app = new Application().withRouting({ api: (router) => router.svc('/greet', GreetController, ['POST']) });
  assert.is(reads, 1, 'the validator compiler reads the rules once, at registration');
  const reply = await app.inject({ method: 'POST', url: '/api/greet?action=greet', payload: { name: 'Ada' } });
  assert.is(reply.statusCode, 200);
  assert.is(reads, 1, 'booting and answering did not build the document');
  const document = app.openapi();
  assert.is(reads, 2);
  assert.is(app.openapi(), document);
  assert.is(reads, 2, 'kept after the first build');
});

example.run();
rich.run();
