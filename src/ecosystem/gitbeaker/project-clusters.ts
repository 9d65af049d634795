/**
 * Project clusters the gitbeaker way. `@gitbeaker/rest` v43 has no resource class for the
 * certificate-based cluster API any more (the platform deprecated it), so this is the small
 * class an application would write itself: every call goes through the client's own requester
 * (its auth header, JSON encoding with decamelized keys, error type), paths as the spec gives
 * them, options in camelCase like the client's other resources.
 *
 *   const clusters = projectClusters(api);
 *   const c = await clusters.add(5, { name: 'prod', platformKubernetesAttributes: { apiUrl, token } });
 *   await clusters.remove(5, c.id);
 */
import type { Client } from './harness.ts';

type Json = Record<string, unknown>;

export interface AddClusterOptions {
  name: string;
  domain?: string;
  enabled?: boolean;
  managed?: boolean;
  environmentScope?: string;
  platformKubernetesAttributes: { apiUrl: string; token: string; caCert?: string; namespace?: string; authorizationType?: string };
}

export type EditClusterOptions = Partial<Omit<AddClusterOptions, 'platformKubernetesAttributes'>> & {
  platformKubernetesAttributes?: Partial<AddClusterOptions['platformKubernetesAttributes']>;
};

const base = (projectId: string | number) => `projects/${encodeURIComponent(String(projectId))}/clusters`;

export function projectClusters(api: Client) {
  const { requester } = api;
  return {
    async all(projectId: string | number, options: { page?: number; perPage?: number } = {}): Promise<Json[]> {
      return (await requester.get<Json[]>(base(projectId), { searchParams: options })).body;
    },
    async show(projectId: string | number, clusterId: number): Promise<Json> {
      return (await requester.get<Json>(`${base(projectId)}/${clusterId}`)).body;
    },
    async add(projectId: string | number, options: AddClusterOptions): Promise<Json> {
      return (await requester.post<Json>(`${base(projectId)}/user`, { body: options as unknown as Json })).body;
    },
    async edit(projectId: string | number, clusterId: number, options: EditClusterOptions): Promise<Json> {
      return (await requester.put<Json>(`${base(projectId)}/${clusterId}`, { body: options as Json })).body;
    },
    async remove(projectId: string | number, clusterId: number): Promise<number> {
      return (await requester.delete(`${base(projectId)}/${clusterId}`)).status;
    },
  };
}
