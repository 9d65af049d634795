/**
 * The capability probe: at the start of a run, each optional capability (clusters, epics,
 * dependencies) is tried through the API on a private group (a subgroup of the run group, when
 * given) and project of the run's own, both ledgered before use. What it finds decides, per clause, run, skip or fail (kit/capabilities.ts).
 * What is independent goes side by side: the group and the project, then the three looks.
 *
 *   const caps = await probeCapabilities(admin, { runPrefix, ledgerPath, parentId: runGroup.id });  // [{ id: 'clusters', probed: 'offered', detail }]
 */
import type { CapabilityState } from '../kit/capabilities.ts';
import type { ApiClient } from '../kit/client.ts';
import { appendLedger } from '../kit/ledger.ts';

/** Probes each capability on a private group and project created (and ledgered) for the purpose. */
export async function probeCapabilities(
  admin: ApiClient,
  ctx: { runPrefix: string; ledgerPath: string; parentId?: number },
): Promise<CapabilityState[]> {
  const path = `${ctx.runPrefix}-probe`;
  const parent = ctx.parentId ?? null;
  // The group and the project are independent (the project lives in the admin's namespace): made side by side.
  const [group, project] = await Promise.all([
    admin.post('/groups', { json: { name: path, path, visibility: 'private', ...(parent === null ? {} : { parent_id: parent }) } }),
    admin.post('/projects', { json: { name: path, path, visibility: 'private' } }),
  ]);
  const g = Number(group.json?.id);
  if (Number.isInteger(g))
    appendLedger(ctx.ledgerPath, { kind: 'group', id: g, path: `/groups/${g}`, target: admin.options.apiUrl, parent });
  const p = Number(project.json?.id);
  if (Number.isInteger(p)) appendLedger(ctx.ledgerPath, { kind: 'project', id: p, path: `/projects/${p}`, target: admin.options.apiUrl });
  const probe = async (id: string, url: string | undefined, absent: number[]): Promise<CapabilityState> => {
    if (!url) return { id, probed: 'unknown', detail: 'the probe could not create its group or project' };
    const res = await admin.get(url);
    const detail = `GET ${url} answered ${res.status || res.error}`;
    if (res.status === 200) return { id, probed: 'offered', detail };
    if (absent.includes(res.status)) return { id, probed: 'absent', detail };
    return { id, probed: 'unknown', detail };
  };
  // Each capability's look is a read of its own: all three side by side.
  return Promise.all([
    probe('clusters', Number.isInteger(p) ? `/projects/${p}/clusters` : undefined, [404]),
    probe('epics', Number.isInteger(g) ? `/groups/${g}/epics` : undefined, [403, 404]),
    probe('deps', Number.isInteger(p) ? `/projects/${p}/dependencies` : undefined, [403, 404]),
  ]);
}
