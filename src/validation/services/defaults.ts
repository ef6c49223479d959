/**
 * The services a rule uses when the application bound none, made on first
 * use and shared by every validation: node's DNS resolver, bcrypt, and the
 * Have I Been Pwned range API. (`PasswordUserResolver` has no default:
 * only the application knows its users.)
 */
import { BcryptPasswordHasher } from './bcrypt-password-hasher.js';
import type { DnsResolver } from './dns-resolver.js';
import { NodeDnsResolver } from './node-dns-resolver.js';
import { NotPwnedVerifier } from './not-pwned-verifier.js';
import type { PasswordHasher } from './password-hasher.js';
import type { UncompromisedVerifier } from './uncompromised-verifier.js';

let dns: DnsResolver | undefined;
let hasher: PasswordHasher | undefined;
let pwned: UncompromisedVerifier | undefined;

export const defaultDnsResolver = (): DnsResolver => (dns ??= new NodeDnsResolver());
export const defaultPasswordHasher = (): PasswordHasher => (hasher ??= new BcryptPasswordHasher());
export const defaultUncompromisedVerifier = (): UncompromisedVerifier => (pwned ??= new NotPwnedVerifier());
