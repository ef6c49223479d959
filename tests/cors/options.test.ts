/** The `cors` option is checked when the application is made: a bad value is a LogicException naming the key. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Application, CORS_DEFAULTS, LogicException, type CorsOptions, type SwitchyardOptions } from '../../src/index.js';

const test = suite('cors: options');

function refuses(cors: unknown, key: RegExp): void {
  assert.throws(
    () => new Application({ cors } as SwitchyardOptions),
    (error: unknown) => error instanceof LogicException && key.test(error.message),
    JSON.stringify(cors) ?? String(cors),
  );
}

test("the defaults are config/cors.php's", () => {
  const app = new Application();
  assert.equal(app.config.cors, {
    paths: ['api/*'],
    allowed_methods: ['*'],
    allowed_origins: ['*'],
    allowed_origins_patterns: [],
    allowed_headers: ['*'],
    exposed_headers: [],
    max_age: 0,
    supports_credentials: false,
  });
  assert.is(app.config.cors, CORS_DEFAULTS);
  assert.is(new Application({ cors: false }).config.cors, false);
});

test('keys left out keep their defaults; methods upper-cased, headers lower-cased', () => {
  const config = new Application({ cors: { allowed_methods: ['get', 'Post'], allowed_headers: ['X-Token'] } }).config.cors as CorsOptions;
  assert.equal(config.allowed_methods, ['GET', 'POST']);
  assert.equal(config.allowed_headers, ['x-token']);
  assert.equal(config.allowed_origins, ['*']);
  assert.equal(config.paths, ['api/*']);
});

test('bad values are refused', () => {
  refuses('yes', /cors option/);
  refuses(['api/*'], /cors option/);
  refuses({ allowed_origin: ['*'] }, /Unknown cors option "allowed_origin"/);
  refuses({ paths: 'api/*' }, /cors\.paths/);
  refuses({ paths: [''] }, /cors\.paths/);
  refuses({ allowed_methods: ['GET POST'] }, /cors\.allowed_methods/);
  refuses({ allowed_headers: ['x-a\r\nx-b'] }, /cors\.allowed_headers/);
  refuses({ exposed_headers: ['x a'] }, /cors\.exposed_headers/);
  refuses({ allowed_origins: ['https://bücher.example'] }, /cors\.allowed_origins.*punycode/);
  refuses({ allowed_origins: ['https://a.example\n'] }, /cors\.allowed_origins/);
  refuses({ allowed_origins_patterns: ['https://a'] }, /allowed_origins_patterns.*delimiters/);
  refuses({ allowed_origins_patterns: ['#(unclosed#'] }, /allowed_origins_patterns/);
  refuses({ allowed_origins_patterns: [42] }, /allowed_origins_patterns/);
  // A RegExp runs on the bounded matchers: what they cannot run is refused, never run unbounded.
  const sets = 'v'; // a flag the compile target's regex literals do not have
  refuses({ allowed_origins_patterns: [new RegExp('^\\p{RGI_Emoji}$', sets)] }, /allowed_origins_patterns.*properties of strings/);
  refuses({ max_age: -1 }, /cors\.max_age/);
  refuses({ max_age: 1.5 }, /cors\.max_age/);
  refuses({ max_age: '600' }, /cors\.max_age/);
  refuses({ supports_credentials: 'true' }, /cors\.supports_credentials/);
});

test.run();
