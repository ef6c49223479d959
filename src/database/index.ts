/**
 * The database feature's public API: the `switchyard-http/database` entry
 * point. Bind a `PresenceVerifier` in the application's container for the
 * `exists` and `unique` rules:
 * `app.container.bind(PresenceVerifier).toConstantValue(new KyselyPresenceVerifier(db))`.
 * Only types are imported from Kysely, so this entry loads without it
 * (Kysely is an optional peer dependency).
 */
export { PresenceVerifier } from './presence-verifier.js';
export { KyselyPresenceVerifier, type KyselyPresenceVerifierOptions, type KyselyDatabase } from './kysely-presence-verifier.js';
export { PresentValues } from './present-values.js';
export { type PresenceValue, isPresenceValue, presenceKey } from './presence-value.js';
export { type PresenceCondition, type PresenceQueryCallback, conditionsFromExtra, assertConditions } from './presence-condition.js';
export { assertIdentifier, isIdentifier, parseTable, type TableReference } from './identifiers.js';
export { ModelTables, type ModelTable, type ResolvedModel } from './model-tables.js';
export { conventionalTable } from './english-plural.js';
export { PRESENCE_BATCH_SIZE, chunk, distinctPresenceValues } from './batch.js';
export { isValueConversionError } from './data-exception.js';
