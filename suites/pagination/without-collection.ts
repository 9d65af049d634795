/**
 * The list operations of the table the pagination suite pages through no collection of, each with
 * why: a newcomer's list operation gets a collection (collections.ts) or a row here, and
 * src/kit/pagination-coverage.test.ts fails on one with neither.
 *
 *   WITHOUT_COLLECTION.listProjectDependencies   // 'the kit cannot fill it: ...'
 */

const OWN_LIST =
  "lists the caller's own items: the pagination suite reads as the administrator and adds nothing to the administrator's own account; ";

/** By operationId: why no collection pages through it. */
export const WITHOUT_COLLECTION: Readonly<Record<string, string>> = {
  listProjectDependencies:
    'the kit cannot fill it: its items come from a dependency scanner the API cannot run (suites/dependencies reads a given list page by page)',
  listCurrentUserSshKeys: `${OWN_LIST}a user's SSH keys are paged through GET /users/:id_or_username/keys`,
  listCurrentUserGpgKeys: `${OWN_LIST}a user's GPG keys are paged through GET /users/:id/gpg_keys`,
  listCurrentUserEmails: `${OWN_LIST}a user's e-mails are paged through GET /users/:id/emails`,
};
