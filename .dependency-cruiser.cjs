/**
 * The layer rules of docs/architecture.md, checked by `npm run lint:deps`
 * (and so by CI): no import cycle, type-only imports included, and each
 * layer imports only the layers below it.
 */
const layers = [
  ['errors and support', ['src/typing/', 'src/errors/', 'src/awaitable\\.ts', 'src/container\\.ts', 'src/regex/']],
  ['PHP compatibility', ['src/php/']],
  ['configuration', ['src/config\\.ts', 'src/config/']],
  ['http', ['src/http/']],
  ['database and files', ['src/database/', 'src/files/']],
  ['validation', ['src/validation/']],
  ['actions', ['src/action\\.ts', 'src/action-controller\\.ts', 'src/form-request\\.ts', 'src/handles\\.ts', 'src/precognition\\.ts']],
  ['routing', ['src/routing/']],
  ['diagnostics', ['src/diagnostics/']],
  ['pipeline', ['src/pipeline/']],
  ['features', ['src/service-provider\\.ts', 'src/svc/', 'src/precognitive/', 'src/signing/', 'src/cors/', 'src/rate-limiting/', 'src/logging/', 'src/openapi/']],
  ['application', ['src/kernel\\.ts', 'src/application\\.ts', 'src/testing/']],
  ['entry points', ['src/index\\.ts', 'src/cli/', 'src/client/', 'src/otel/']],
];

const pattern = (paths) => `^(${paths.join('|')})`;

/**
 * The validation core, which runs in browsers (`switchyard-http/validation`):
 * the rules, compiler and messages, the PHP and ICU ports, the bounded
 * regexes, and the few support modules they use. Its input/output (DNS,
 * bcrypt, uploads' bytes, ajv, the database) lives in the server adapters
 * below and reaches it through `server-implementations.ts`.
 */
const validationAdapters = [
  'src/validation/server/',
  'src/validation/schema-rule\\.ts$',
  'src/validation/services/(defaults|node-dns-resolver|not-pwned-verifier|bcrypt-password-hasher|password-user-resolver|index)\\.ts$',
];
const validationCore = [
  'src/validation/',
  'src/php/',
  'src/regex/',
  'src/errors/',
  'src/awaitable\\.ts$',
  'src/http/(own|uploaded-file)\\.ts$',
  'src/database/(identifiers|model-names|presence-condition|presence-value)\\.ts$',
  'src/files/(client-extension|file-inspection|image-extensions)\\.ts$',
];
const fromValidationCore = { path: pattern(validationCore), pathNot: pattern(validationAdapters) };
const validationCoreRules = [
  {
    name: 'validation-core-no-node-builtins',
    comment: 'the validation core runs in browsers: no Node built-in (the server adapters hold them)',
    severity: 'error',
    from: fromValidationCore,
    to: { dependencyTypes: ['core'] },
  },
  {
    name: 'validation-core-no-io-packages',
    comment: 'the validation core leaves input/output to the server: no ajv, ajv-formats, file-type, image-size or bcryptjs',
    severity: 'error',
    from: fromValidationCore,
    to: { path: '^node_modules/(ajv|ajv-formats|file-type|image-size|bcryptjs)/' },
  },
  {
    name: 'validation-core-no-server-adapters',
    comment: 'the validation core never imports its server adapters: they register themselves (server-implementations.ts)',
    severity: 'error',
    from: fromValidationCore,
    to: { path: pattern(validationAdapters), dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'validation-core-closed',
    comment: 'what the validation core runs stays in the core (type-only imports are erased), so a browser bundle of it holds nothing else',
    severity: 'error',
    from: fromValidationCore,
    to: { pathNot: pattern(validationCore), dependencyTypesNot: ['type-only'] },
  },
];

const upward = layers.slice(0, -1).map(([name, paths], i) => ({
  name: `layer-${name.replace(/ /g, '-')}`,
  comment: `${name} imports only the layers below it (docs/architecture.md)`,
  severity: 'error',
  from: { path: pattern(paths) },
  to: { path: pattern(layers.slice(i + 1).flatMap(([, p]) => p)) },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'no import cycle, type-only imports included', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-entry-import',
      comment: 'the core never imports its own public entry',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/index\\.ts$' },
      to: { path: '^src/index\\.ts$' },
    },
    ...upward,
    ...validationCoreRules,
    {
      name: 'client-stands-alone',
      comment:
        'switchyard/client runs in browsers: it imports only itself, the type-level bridge src/typing/ and Str::trim (src/php/str-trim.ts, to trim input as the server does), never the server or Node',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { pathNot: '^src/(client|typing)/|^src/php/str-trim\\.ts$' },
    },
    {
      name: 'typing-imports-nothing',
      comment: 'src/typing/ is types only, read structurally: it imports nothing outside itself, so the client never reaches the server',
      severity: 'error',
      from: { path: '^src/typing/' },
      to: { pathNot: '^src/typing/' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  },
};
