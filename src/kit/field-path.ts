/**
 * The field a schema issue or a field rule is about, as a dotted path without array indexes: what
 * a failure names so that a baseline entry narrowed to fields can excuse it alone.
 *
 *   fieldPath('/0/platform_kubernetes/namespace')   // 'platform_kubernetes.namespace'
 *   fieldPath('/user', 'bio_html')                  // 'user.bio_html'
 *   fieldPath('')                                   // undefined: the value itself
 *   resourceOf('epic.detail')                       // 'epic': the resource whose fields a schema judges
 */

/** A JSON pointer (and a missing property under it) as a dotted field path without array indexes. */
export function fieldPath(pointer: string, missing?: string): string | undefined {
  const named = pointer
    .split('/')
    .filter((s) => s !== '' && !/^\d+$/.test(s))
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (missing !== undefined) named.push(missing);
  return named.length ? named.join('.') : undefined;
}

/** The resource a schema describes: its name before the first dot ('epic' for epic.detail, 'user' for user.admin). */
export function resourceOf(schema: string): string {
  return schema.split('.')[0]!;
}
