/**
 * Generators of valid and deliberately broken input: real SSH and OpenPGP public keys, realistic
 * text in several scripts, month-end dates, valid payloads and invalid inputs of every create and
 * update endpoint (with the spec rules each breaks).
 *
 *   import { sshPublicKey, gpgPublicKey } from '../../src/kit/index.ts';
 */
export * from './ssh-keys.ts';
export * from './gpg-keys.ts';
export * from './faker.ts';
export * from './text.ts';
export * from './dates.ts';
export * from './payloads.ts';
export * from './rules.ts';
export * from './invalid.ts';
