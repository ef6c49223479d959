/**
 * The signed-URL feature's public API: the `switchyard-http/signing` entry point.
 * `UrlSigner`, `ValidateSignature` and `InvalidSignatureError` are also
 * exported by the main entry.
 */
export {
  UrlSigner,
  type UrlSignerOptions,
  type SignOptions,
  type VerifyOptions,
  type Expiration,
  type RoutePathResolver,
} from './url-signer.js';
export { ValidateSignature } from './validate-signature.js';
export { InvalidSignatureError } from './invalid-signature-error.js';
export { signerKeysFromEnv, type SigningKey, type EnvSignerKeys } from './keys.js';
export type { SignableRequest } from './request-root.js';
export type { QueryParams, QueryValue } from './php-query.js';
