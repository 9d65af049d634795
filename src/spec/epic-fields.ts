/**
 * The epic fields that depend on the caller: the fixed/inherited date fields an epic shows only to
 * a caller who may edit it (Resources and their fields > Epic: epics.field.fixed_visible, fixed_hidden).
 * The epic suites, observe's caller checks and the reference's tests read this one list.
 *
 *   EPIC_FIXED_FIELDS.filter((f) => f in epic)   // [] for a caller who cannot edit
 */
export const EPIC_FIXED_FIELDS = [
  'start_date_is_fixed',
  'due_date_is_fixed',
  'start_date_fixed',
  'due_date_fixed',
  'start_date_from_inherited_source',
  'due_date_from_inherited_source',
] as const;
