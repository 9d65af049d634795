/**
 * The declared variation of the shared check-then-insert (unique-index.ts): the platform's
 * unique indexes answering the loser of a tight create race with a 500, baselined for the race
 * checks only (`races: true`): the sequential duplicate checks of the same clauses stay judged.
 *
 *   REFERENCE_PROFILE=platform npm run serve   # three identical POST /user/keys at once: 201, 500, 500
 */
import type { Variation } from '../variation/declaration.ts';

const LOSER =
  'the loser of a tight race answers 500: its model check passed before the winner committed, and its insert meets the unique index (ActiveRecord::RecordNotUnique, not rescued by lib/api/api.rb).';

export const UNIQUE_INDEX_VARIATIONS = [
  {
    id: 'platform.race-unique-index-500',
    kind: 'platform',
    description:
      'POST /user/keys, /users/:id/keys, /user/emails, /users/:id/emails, /users and /projects/:id/variables check uniqueness, take a storage round trip, then insert into a unique index: of creates sent together the losers answer 500; a sequential duplicate is still refused by the check',
    suites: ['suites/ssh-keys/concurrent.test.ts', 'suites/emails/concurrent.test.ts'],
    source:
      'app/models/key.rb (validates :fingerprint_sha256, uniqueness: true; migration AddUniqueFingerprintSha256IndexToKey); db/structure.sql (index_ci_variables_on_project_id_and_key_and_environment_scope, UNIQUE); app/models/email.rb and app/models/user.rb (uniqueness validations; their indexes not read); lib/api/api.rb (rescue_from :all: ActiveRecord::RecordNotUnique is a 500)',
    fidelity:
      'Of identical creates sent together (SSH keys, e-mails, users, project variables), a loser whose model check passed before the winner committed meets the unique index: 500, where the spec says 400 (409 for `POST /users`). A sequential duplicate is refused as the spec says.',
    known: [
      { clause: 'keys.create_own.duplicate_status', races: true, reason: `A duplicate SSH key sent together with the first: ${LOSER}` },
      { clause: 'emails.create_own.taken_status', races: true, reason: `An e-mail address added twice at once: ${LOSER}` },
      { clause: 'users.create.username_taken', races: true, reason: `POST /users of one username sent together: ${LOSER}` },
      { clause: 'users.create.email_taken', races: true, reason: `POST /users of one e-mail sent together: ${LOSER}` },
      { clause: 'variables.create.key_taken', races: true, reason: `POST /projects/:id/variables of one key sent together: ${LOSER}` },
    ],
    expires: '2027-06-30',
  },
] as const satisfies readonly Variation[];
