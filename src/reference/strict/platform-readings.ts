/**
 * How the platform reads parameters where its reading is wider than the spec's words, so that the
 * strict judge (judge.ts) finds in them only what the platform would not read as the client meant:
 *
 * - list parameters: the spec says "comma separated" (a string); the platform declares them
 *   `type: Array[String], coerce_with: CommaSeparatedToArray.coerce` (ee/lib/api/epics.rb), so a
 *   JSON array of names, `labels[]=a&labels[]=b` and `a,b` all read as the same list;
 * - path echoes: a path parameter the route also declares as a body parameter (lib/api/ci/variables.rb
 *   PUT ':id/variables/:key', `optional :key`). Grape merges the path over the body (build_params:
 *   `params.deep_merge!(grape_routing_args)`), the route looks the variable up by that key and drops
 *   `key` from what it updates (`declared_params.except(:key, :filter)`): a body key equal to the
 *   path's is what a client sends when it saves the object it read (python-gitlab's `var.save()`);
 *   another one is never applied (no rename), which is the finding.
 *
 *   listParameters('createGroupEpic')   // ['labels']
 *   pathEchoes('updateProjectVariable') // ['key']
 */

const LIST_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  listGroupEpics: ['labels'],
  createGroupEpic: ['labels'],
  updateGroupEpic: ['labels'],
};

const PATH_ECHOES: Readonly<Record<string, readonly string[]>> = {
  updateProjectVariable: ['key'],
};

/** The parameters of an operation the platform reads as a list: an array, or a comma-separated string. */
export function listParameters(operationId: string): readonly string[] {
  return LIST_PARAMETERS[operationId] ?? [];
}

/** The path parameters of an operation the platform also accepts in the body (the path's value wins). */
export function pathEchoes(operationId: string): readonly string[] {
  return PATH_ECHOES[operationId] ?? [];
}
