/**
 * The package's `engines` is true to its dependency tree: every package a user installs with it
 * (production dependencies, as package-lock.json records them) runs on the oldest Node the package
 * claims, so `npm install --engine-strict` of the kit succeeds there. (cookie@2, which fastify's
 * inject pulled in, wants Node 22: light-my-request is held at 6.6.0 by an override.)
 *
 *   npx vitest run src/engines.test.ts
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>;
};

it("every production dependency runs on the oldest Node the package's engines claims", () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;
  const refusing = Object.entries(lock.packages)
    .filter(([path, p]) => path !== '' && !p.dev && !Array.isArray(p.engines) && p.engines?.node)
    .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
    .map(([path, p]) => `${path} wants node ${(p.engines as { node: string }).node}`);
  expect(refusing).toEqual([]);
});
