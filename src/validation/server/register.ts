/**
 * Gives the validation core its server implementations (see
 * `../server-implementations.ts`): node's DNS resolver, bcrypt, the Have I
 * Been Pwned range API, file inspection by content (file-type,
 * image-size), JSON Schema through ajv, and the database queries of
 * `exists` / `unique`. Imported for its effect by the server's side of
 * validation (form-request planning), never by the core, so a browser
 * bundle of the core carries none of them.
 */
import { inspectFile } from '../../files/inspect-file.js';
import { compileSchemaRule } from '../schema-rule.js';
import { registerServerImplementations } from '../server-implementations.js';
import { defaultDnsResolver, defaultUncompromisedVerifier } from '../services/defaults.js';
import { currentPasswordPrefetch } from './current-password-check.js';
import { existsPrefetch, uniquePrefetch } from './presence-checks.js';

registerServerImplementations({
  exists: existsPrefetch,
  unique: uniquePrefetch,
  inspectFile,
  dnsResolver: defaultDnsResolver,
  currentPassword: currentPasswordPrefetch,
  uncompromisedVerifier: defaultUncompromisedVerifier,
  compileSchema: compileSchemaRule,
});
