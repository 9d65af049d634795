/**
 * Running `go test` on a folder of go-gitlab recipes with Debian's golang-go and
 * golang-github-xanzy-go-gitlab-dev, for the proofs (go-gitlab/recipe.test.ts,
 * go-gitlab-certify-client/recipe.test.ts): whether the client can run here, and go's environment in
 * GOPATH mode with its cache and build files in a temp folder (nothing written in the tree).
 *
 *   const missing = goClientMissing(dir);   // undefined, or why it cannot run
 *   execFile(GO, ['test', '-v', '-count=1', '.'], { cwd: HERE, env: goEnv(dir) });
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const GO = '/usr/bin/go'; // Debian's golang-go

/** go in GOPATH mode with its cache, build files and GOPATH entry in `dir`, Debian's Go packages after it. */
export function goEnv(dir: string): NodeJS.ProcessEnv {
  const { GOPATH: _p, GOFLAGS: _f, GOCACHE: _c, CONFORMANCE_SERVE: _s, ...env } = process.env;
  return {
    ...env,
    GO111MODULE: 'off',
    GOPATH: `${join(dir, 'gopath')}:/usr/share/gocode`,
    GOCACHE: join(dir, 'cache'),
    GOTMPDIR: dir,
    GOFLAGS: '',
    GOENV: 'off',
  };
}

/** Why the Go client cannot run here, or undefined when it can. */
export function goClientMissing(dir: string): string | undefined {
  const probe = spawnSync(GO, ['list', 'github.com/xanzy/go-gitlab'], { encoding: 'utf8', env: goEnv(dir), timeout: 30_000 });
  if (probe.error) return `${GO} is not installed (${probe.error.message})`;
  return probe.status === 0
    ? undefined
    : `golang-github-xanzy-go-gitlab-dev missing (${probe.stderr
        .trim()
        .split('\n')[0]!
        .replace(/ in any of:$/, '')})`;
}
