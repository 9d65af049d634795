/**
 * The spec's limits and defaults, once, each with the clause that states it. Suites, the kit's
 * generators, the operation table and the reference server read them from here.
 *
 *   query: { per_page: PER_PAGE_MAX }                  // every item of a small collection in one page
 *   VARIABLE_KEY_PATTERN.test('MY_KEY')                // true
 *   'x'.repeat(EPIC_DESCRIPTION_MAX_LENGTH + 1)         // a description one character too long
 */

/** Items of an offset- or keyset-paginated page without per_page (limits.pagination.per_page_default, conv.keyset.per_page_default). */
export const PER_PAGE_DEFAULT = 20;

/** The most items a page holds, whatever per_page asks (limits.pagination.per_page_max, conv.keyset.per_page_max). */
export const PER_PAGE_MAX = 100;

/** The page without page= (conv.pagination.x_page). */
export const PAGE_DEFAULT = 1;

/** The epic list's page size without per_page (epics.list.page_size). */
export const EPIC_LIST_PER_PAGE_DEFAULT = 20;

/** Longest variable key (variables.create.key_max_ok). */
export const VARIABLE_KEY_MAX_LENGTH = 255;

/** The characters a variable key may hold, as a character class body: A-Z, a-z, 0-9 and _. */
export const VARIABLE_KEY_CHARACTERS = 'A-Za-z0-9_';

/** A whole variable key of allowed characters (length apart). */
export const VARIABLE_KEY_PATTERN = new RegExp(`^[${VARIABLE_KEY_CHARACTERS}]+$`);

/** Longest epic description, in characters (epics.create.description_max_ok, epics.create.description_limit). */
export const EPIC_DESCRIPTION_MAX_LENGTH = 1_048_576;

/** Above this many items a collection may leave out X-Total, X-Total-Pages and rel="last" (limits.large_collection.no_x_total). */
export const LARGE_COLLECTION = 10_000;

/** A user with activity in this many past days cannot be deactivated (users.deactivate.recent_activity). */
export const DEACTIVATION_INACTIVE_DAYS = 180;

/** Without from, GET /user/activities lists users active within this many past months (users.activities.from_default). */
export const ACTIVITY_WINDOW_MONTHS = 6;

/** A broadcast message without ends_at ends this long after it starts (broadcast.create.ends_at_default). */
export const BROADCAST_DEFAULT_DURATION_MS = 60 * 60 * 1000;
