/**
 * One exchange captured byte for byte with node:http: the status, the raw header list (names
 * as sent, in order) and the body, for the bare server to replay.
 *
 *   const c = await captureResponse('http://127.0.0.1:4010/api/v4/users?per_page=20', { 'private-token': t });
 *   c.status; c.rawHeaders; c.body.length
 */
import { request } from 'node:http';

export interface Captured {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

export function captureResponse(url: string, headers: Record<string, string>, method = 'GET'): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
