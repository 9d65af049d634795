/**
 * Users' custom attributes as far as the spec goes: GET /users filters by
 * custom_attributes[key]=value (administrators only; ignored for others, as the platform's other
 * admin filters), and with_custom_attributes=true adds each user's `custom_attributes` (an array
 * of {key, value}, as the platform) to the administrator's views. The endpoints that set custom
 * attributes are not part of the spec, so no user of the reference has any: a filter matches
 * nobody and the arrays are empty.
 *
 *   GET /api/v4/users?custom_attributes[team]=core  (admin) -> 200 []
 *   GET /api/v4/users?with_custom_attributes=true   (admin) -> 200 [{"id":1,...,"custom_attributes":[]}]
 */
import type { UserRecord } from '../../domain/records.ts';
import { fail } from '../../errors.ts';

export interface CustomAttribute {
  key: string;
  value: string;
}

/** A user's custom attributes: none, since nothing in the spec's API sets them. */
export function customAttributesOf(_user: UserRecord): CustomAttribute[] {
  return [];
}

/** The custom_attributes[key]=value filter of a request: undefined when absent, 400 when not a hash of strings. */
export function readCustomAttributeFilter(source: Record<string, unknown>): Record<string, string> | undefined {
  const raw = source.custom_attributes;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const valid = typeof raw === 'object' && !Array.isArray(raw) && Object.values(raw).every((v) => typeof v === 'string');
  if (!valid) fail('invalid_parameter', 'custom_attributes is invalid');
  return raw as Record<string, string>;
}

/** Does the user carry every wanted key with its value? */
export function matchesCustomAttributes(user: UserRecord, wanted: Record<string, string> | undefined): boolean {
  if (wanted === undefined) return true;
  const own = customAttributesOf(user);
  return Object.entries(wanted).every(([key, value]) => own.some((a) => a.key === key && a.value === value));
}

/** An administrator's view of the user with its custom attributes added. */
export function withCustomAttributes<V extends object>(view: V, user: UserRecord): V & { custom_attributes: CustomAttribute[] } {
  return { ...view, custom_attributes: customAttributesOf(user) };
}
