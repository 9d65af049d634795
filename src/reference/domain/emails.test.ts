/**
 * E-mail rules: the format check and "taken" across primary and secondary addresses, in any case.
 *
 *   npx vitest run src/reference/domain/emails.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createStore } from '../store.ts';
import { addressTaken, secondaryEmailTaken, validEmail } from './emails.ts';
import { createUser, emailTaken } from './users.ts';

describe('e-mail addresses', () => {
  it('checks the format and the length', () => {
    expect(validEmail('jane@example.com')).toBe(true);
    for (const bad of ['jane', 'jane@', '@example.com', 'ja ne@example.com', 'jane@example', `${'a'.repeat(250)}@example.com`]) {
      expect(validEmail(bad), bad).toBe(false);
    }
  });

  it('counts primary and secondary addresses of anyone as taken, case-insensitively', () => {
    const store = createStore();
    const now = new Date(0);
    const jane = createUser(store, now, { username: 'jane', name: 'Jane', email: 'jane@example.com' });
    store.emails.insert({ userId: jane.id, email: 'Jane.Work@example.com', confirmedAt: null, createdAt: now });
    expect(addressTaken(store, 'JANE@example.com')).toBe(true);
    expect(addressTaken(store, 'jane.work@EXAMPLE.com')).toBe(true);
    expect(addressTaken(store, 'bob@example.com')).toBe(false);
    expect(secondaryEmailTaken(store, 'jane.work@example.com', jane.id)).toBe(false);
    expect(emailTaken(store, 'jane.work@example.com')).toBe(true);
    expect(emailTaken(store, 'jane.work@example.com', jane.id)).toBe(false);
  });
});
