import Fastify, { type FastifyError } from 'fastify';
import { MESSAGE_SCHEMA, PATH } from '../operations.js';
import { announce } from './serve.js';

/**
 * Contestant: Fastify 5, written the way Fastify is meant to be used: one
 * route per method, a JSON Schema on the body (ajv, coercion off) and on the
 * response (fast-json-stringify). The action still comes from the query, as
 * in the spec; a validation failure is a 422 through the error handler.
 */
const app = Fastify({
  logger: false,
  ajv: { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false, useDefaults: false } },
});

app.setErrorHandler((error: FastifyError, _request, reply) => {
  if (error.validation) {
    void reply.code(422).send({ message: 'The given data was invalid.', errors: error.validation });
    return;
  }
  void reply.code(error.statusCode ?? 500).send({ message: error.message });
});

const actionQuery = { type: 'object', properties: { action: { type: 'string' } } } as const;
const notFound = { message: 'Not Found' };

app.get<{ Querystring: { action?: string } }>(
  PATH,
  {
    schema: {
      querystring: actionQuery,
      response: { 200: { type: 'object', properties: { status: { type: 'string' } } } },
    },
  },
  async (request, reply) => {
    if (request.query.action === 'status') return { status: 'ok' };
    return reply.code(request.query.action === 'echo' ? 405 : 404).send(notFound);
  },
);

app.post<{ Querystring: { action?: string }; Body: { message: string } }>(
  PATH,
  {
    schema: {
      querystring: actionQuery,
      body: MESSAGE_SCHEMA,
      response: { 200: { type: 'object', properties: { message: { type: 'string' } } } },
    },
  },
  async (request, reply) => {
    if (request.query.action === 'echo') return { message: request.body.message };
    return reply.code(request.query.action === 'status' ? 405 : 404).send(notFound);
  },
);

await app.listen({ port: 0, host: '127.0.0.1' });
announce(app.server, 'fastify');
