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
