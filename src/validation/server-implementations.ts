/**
 * The input/output of the rules that only a server can check, behind one
 * registration. The validation core (rules, compiler, messages) keeps every
 * rule's definition — its name, parameters, facts and message — so it
 * parses and compiles every rule anywhere, a browser included; what the
 * check reads or asks (uploads' bytes, DNS, password hashes, leak lists,
 * JSON Schema through ajv, the database) is looked up here when a
 * validation runs. The server fills it (`server/register.ts`, imported by
 * form-request planning); in a browser nothing does, and such a rule then
 * fails with `ServerRuleUnavailable` instead of passing unchecked: leave
 * those rules out with `serverRules: 'skip'` and ask the server for them
 * (`CompiledValidator.serverRules`).
 */
import type { FileInspection } from '../files/file-inspection.js';
import { LogicException } from '../errors/logic-exception.js';
import type { UploadedFile } from '../http/uploaded-file.js';
import type { PresenceTarget, UniqueTarget } from './rules/database-params.js';
import type { FieldFacts, Prefetch } from './rules/definition.js';
import type { DnsResolver } from './services/dns-resolver.js';
import type { UncompromisedVerifier } from './services/uncompromised-verifier.js';

/** What the server provides: the checks and the default services of the rules with input/output. */
export interface ServerImplementations {
  /** `exists`: the query of a parsed target, for one field. */
  readonly exists: (target: PresenceTarget, field: FieldFacts) => Prefetch;
  /** `unique`: the query of a parsed target, for one field. */
  readonly unique: (target: UniqueTarget, field: FieldFacts) => Prefetch;
  /** The type and size an upload's bytes show (`image`, `mimes`, `mimetypes`, `dimensions`). */
  readonly inspectFile: (file: UploadedFile) => Promise<FileInspection>;
  /** The resolver of `active_url` and `email:dns` when the application bound none. */
  readonly dnsResolver: () => DnsResolver;
  /** `current_password`: the comparison with the user's password hash, for a guard (null: the default). */
  readonly currentPassword: (guard: string | null) => Prefetch;
  /** The verifier of `Password.uncompromised()` when the application bound none. */
  readonly uncompromisedVerifier: () => UncompromisedVerifier;
  /** Compiles a raw JSON Schema rule; throws when the schema does not compile. */
  readonly compileSchema: (schema: Record<string, unknown>) => (value: unknown) => boolean;
}

/** A rule that needs the server ran where no server implementation was registered (a browser). */
export class ServerRuleUnavailable extends LogicException {
  constructor(readonly rule: string) {
    super(
      `The "${rule}" rule needs the server (its input/output is not available here): ` +
        `compile with serverRules: 'skip' and ask the server for the fields CompiledValidator.serverRules lists.`,
    );
  }
}

let registered: ServerImplementations | undefined;

/** Registers the server's implementations (done once, by `server/register.ts`). */
export function registerServerImplementations(implementations: ServerImplementations): void {
  registered = implementations;
}

/** The server's implementation of `key`, for `rule`; `ServerRuleUnavailable` when none was registered. */
export function serverImplementation<K extends keyof ServerImplementations>(key: K, rule: string): ServerImplementations[K] {
  if (registered === undefined) throw new ServerRuleUnavailable(rule);
  return registered[key];
}

/**
 * A rule's prefetch, made by the server's implementation on first use.
 * Where there is none it rejects with `ServerRuleUnavailable` (a rejection,
 * as any prefetch's fault, so the run still settles every other lookup).
 */
export function serverPrefetch(rule: string, make: (server: ServerImplementations) => Prefetch): Prefetch {
  let prefetch: Prefetch | undefined;
  return (values, context) => {
    if (prefetch === undefined) {
      if (registered === undefined) return Promise.reject(new ServerRuleUnavailable(rule));
      prefetch = make(registered);
    }
    return prefetch(values, context);
  };
}

/**
 * A raw JSON Schema rule's check: compiled now by the server's compiler
 * (its error thrown, for the compile-time message), or where there is none,
 * a check that fails with `ServerRuleUnavailable` when it runs.
 */
export function compileSchemaRule(schema: Record<string, unknown>): (value: unknown) => boolean {
  if (registered === undefined) {
    return () => {
      throw new ServerRuleUnavailable('schema');
    };
  }
  return registered.compileSchema(schema);
}
