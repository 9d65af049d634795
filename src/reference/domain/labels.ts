/**
 * Group labels as epics use them: names given on input (a comma list) are found in the epic's
 * group or an ancestor, else created in the epic's group with the platform's default color;
 * names come out sorted, and with details as objects.
 *
 *   const ids = findOrCreateLabels(store, group, ['bug', 'ux'], now);  // label ids
 *   labelNames(store, epic.labelIds);                                  // ['bug', 'ux']
 *   labelDetails(store, epic.labelIds)[0];  // { id, name, color, description, description_html, text_color }
 */
import type { Store } from '../store.ts';
import { lineage } from './namespaces.ts';
import type { LabelRecord, NamespaceRecord } from './records.ts';
import { textToHtml } from '../serialize.ts';

/** The color the platform gives a label created without one. */
export const DEFAULT_LABEL_COLOR = '#6699cc';

/** Trimmed, non-empty, first occurrence kept. */
export function normalizeLabelNames(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}

/** A label of that name in the group or its ancestors (nearest first). */
export function findLabel(store: Store, group: NamespaceRecord, name: string): LabelRecord | undefined {
  for (const ns of lineage(store, group)) {
    const label = store.labels.find((l) => l.groupId === ns.id && l.name === name);
    if (label) return label;
  }
  return undefined;
}

export function findOrCreateLabels(store: Store, group: NamespaceRecord, names: readonly string[], now: Date): number[] {
  return normalizeLabelNames(names).map((name) => {
    const found = findLabel(store, group, name);
    if (found) return found.id;
    return store.labels.insert({ groupId: group.id, name, color: DEFAULT_LABEL_COLOR, description: null, createdAt: now }).id;
  });
}

function labels(store: Store, ids: readonly number[]): LabelRecord[] {
  return ids
    .map((id) => store.labels.get(id))
    .filter((l): l is LabelRecord => l !== undefined)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function labelNames(store: Store, ids: readonly number[]): string[] {
  return labels(store, ids).map((l) => l.name);
}

/** Dark text on light colors, white on dark ones (the platform's rule of thumb). */
export function textColorFor(color: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!m) return '#FFFFFF';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h!, 16));
  return (r! * 299 + g! * 587 + b! * 114) / 1000 > 186 ? '#333333' : '#FFFFFF';
}

export function labelDetails(store: Store, ids: readonly number[]) {
  return labels(store, ids).map((l) => ({
    id: l.id,
    name: l.name,
    color: l.color,
    description: l.description,
    description_html: l.description === null ? '' : textToHtml(l.description),
    text_color: textColorFor(l.color),
  }));
}
