/**
 * Generators of valid and deliberately broken input: real SSH and OpenPGP public keys.
 *
 *   import { sshPublicKey, gpgPublicKey } from '../../src/kit/index.ts';
 */
export * from './ssh-keys.ts';
export * from './gpg-keys.ts';
export * from './faker.ts';
export * from './pagination.ts';
export * from './list-filters.ts';
