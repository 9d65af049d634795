/**
 * The run's identity in junit.xml: vitest's junit reporter knows nothing of the kit, so after the run
 * each <testsuite> gets a <properties> block with the seed (to replay the run), the target and the kit
 * version, the way CI tools show a suite's properties. Values are redacted (the run's secrets, and
 * any user:password in the target's URL) and escaped; the file stays valid XML.
 *
 *   addRunProperties('reports', { seed: 1739, target: 'https://gitlab.example.com', kitVersion: '0.1.0' }, [adminToken]);
 *   // <testsuite ...>
 *   //     <properties>
 *   //         <property name="conformance.seed" value="1739"/> ...
 */
import { REDACTED, SecretSet } from '../shared/redact.ts';
import { escapeAttribute } from './xml-text.ts';

export interface RunProperties {
  seed: number;
  target: string;
  kitVersion: string;
}

/** A URL's user and password, if it carries them, redacted. */
const withoutUserinfo = (target: string) => target.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, `$1${REDACTED}@`);

/** junit.xml with a <properties> block first in every <testsuite>. */
export function junitWithProperties(xml: string, run: RunProperties, secrets: readonly string[]): string {
  const set = new SecretSet(secrets);
  const properties: [string, string][] = [
    ['conformance.seed', String(run.seed)],
    ['conformance.target', withoutUserinfo(run.target)],
    ['conformance.kitVersion', run.kitVersion],
  ];
  const block = [
    '<properties>',
    ...properties.map(([name, value]) => `    <property name="${name}" value="${escapeAttribute(set.redact(value))}"/>`),
    '</properties>',
  ];
  return xml.replace(/^([ \t]*)(<testsuite [^>]*[^/]>)/gm, (_whole, indent: string, open: string) => {
    const inner = `${indent}    `;
    return `${indent}${open}\n${block.map((line) => inner + line).join('\n')}`;
  });
}
