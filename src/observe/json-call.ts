/**
 * One JSON request of the observe self-tests' scripted clients (scripted-client.ts, real-client.ts):
 * the body sent as JSON when there is one, the answer's status, its parsed JSON (undefined when it
 * is not JSON) and its Link header.
 *
 *   const { status, json, link } = await jsonCall('POST', `${api}/broadcast_messages`, { 'private-token': t }, { message: 'x' });
 */
export interface JsonAnswer {
  status: number;
  json: unknown;
  link: string | undefined;
}

export async function jsonCall(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<JsonAnswer> {
  const res = await fetch(url, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, link: res.headers.get('link') ?? undefined };
}
