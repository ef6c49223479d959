/**
 * `switchyard-http/validation/services`: the services of the rules with
 * input/output, as container keys with their defaults. Bind your own with
 * `app.container.bind(Key).toConstantValue(instance)` (docs/validation.md,
 * "Rules that use services").
 */
/** `active_url` and `email:dns` look names up through it; default `NodeDnsResolver`. */
export { DnsResolver, type DnsRecordType } from './dns-resolver.js';
/** node:dns with a deadline per lookup (2 s by default), a cap on lookups in flight and optional name servers. */
export { NodeDnsResolver, type NodeDnsResolverOptions } from './node-dns-resolver.js';
/** `current_password` finds the user's password hash through it: no default, the application binds one. */
export { PasswordUserResolver } from './password-user-resolver.js';
/** `current_password` compares through it; default `BcryptPasswordHasher`. */
export { PasswordHasher } from './password-hasher.js';
/** bcrypt as Laravel's default hasher (`$2y$` hashes from PHP match). */
export { BcryptPasswordHasher } from './bcrypt-password-hasher.js';
/** `Password.uncompromised()` asks it; default `NotPwnedVerifier`. */
export { UncompromisedVerifier } from './uncompromised-verifier.js';
/** The Have I Been Pwned range API (k-anonymity), with a timeout (5 s by default). */
export { NotPwnedVerifier, type NotPwnedVerifierOptions } from './not-pwned-verifier.js';
