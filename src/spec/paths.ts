/**
 * Path templates in the operation table's notation (`/users/:id(int)/keys/:key_id(int)`: `:name`
 * a parameter, `(int)` one that must be a decimal integer) turned into what others need: a
 * pattern over concrete paths, a `{placeholder}` template for case tables, the spec's spelling.
 *
 *   pathPattern('/user/keys/:key_id(int)').test('/user/keys/7')           // true
 *   pathTemplate('/users/:id(int)/keys/:key_id(int)')                      // '/users/{id}/keys/{key_id}'
 *   pathTemplate('/broadcast_messages/:id(int)', (p) => `${p.resource}_${p.name}`) // '/broadcast_messages/{broadcast_messages_id}'
 *   specPath('/users/:id(int)/keys')                                       // '/users/:id/keys'
 *   pathParameters('/users/:id(int)/keys').map((p) => p.name)              // ['id']
 */

export interface PathParameter {
  name: string;
  /** The segment before the parameter ('keys' for /users/:id/keys/:key_id's key_id). */
  resource: string;
  integer: boolean;
}

const PARAM = /^:(\w+)(\(int\))?$/;

/**
 * A regular expression over concrete paths (under /api/v4, no query): every parameter matches one
 * segment, whatever its type (a real server may answer a non-integer id as well).
 */
export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (PARAM.test(segment) ? '[^/?]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** The parameters of the path, in order. */
export function pathParameters(path: string): PathParameter[] {
  const segments = path.split('/');
  return segments.flatMap((segment, i) => {
    const m = PARAM.exec(segment);
    return m ? [{ name: m[1]!, resource: segments[i - 1] ?? '', integer: m[2] !== undefined }] : [];
  });
}

/** The path with each parameter as a `{placeholder}`, named by `nameOf` (default: the parameter's name). */
export function pathTemplate(path: string, nameOf: (p: PathParameter) => string = (p) => p.name): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const m = PARAM.exec(segment);
      return m ? `{${nameOf({ name: m[1]!, resource: segments[i - 1] ?? '', integer: m[2] !== undefined })}}` : segment;
    })
    .join('/');
}

/** The path as the spec writes it (no `(int)` markers). */
export function specPath(path: string): string {
  return path.replace(/\(int\)/g, '');
}
