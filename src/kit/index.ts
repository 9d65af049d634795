/**
 * What suites import: the clause-tied test, response checks, time and link helpers.
 * Suites never import src/reference; everything here talks HTTP.
 *
 *   import { clauseTest, check } from '../../src/kit/index.ts';
 */
export { clauseTest, type ClauseContext } from './clause-test.ts';
export { check, requireThat } from './checks.ts';
export { atOnce, oneWins, times } from './at-once.ts';
export { raceRounds } from './race-rounds.ts';
export { session, type Session } from './session.ts';
export { parseLinks, serverNow } from './http-helpers.ts';
export type { ApiResponse, Transport } from './client.ts';
export { isApiDate, isApiDatetime } from './schema-formats.ts';
export { ofKind, USER_FIELD_GROUPS, type UserFieldGroup } from './user-view-fields.ts';
export { waitPastTimestamp } from './timestamp-gap.ts';
export * from './fixtures.ts';
export { addImpersonationTokens } from './bulk-tokens.ts';
export { deletionTestTimeout, removal } from './deletion.ts';
export { deleteTwice, listedIds, presentPaths } from './repeat-delete.ts';
export { casesOf } from './case-tables.ts';
export { fill, fillAsync, type Lookup } from './placeholders.ts';
export { refusedRequests, tagRequests, type OperationRequest } from './operation-requests.ts';
export * from './generators/index.ts';
export * from '../spec/limits.ts';
export { forAll, type PropertyOptions } from './property.ts';
export { default as fc } from 'fast-check';
