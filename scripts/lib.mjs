// Shared steps of the README's commands. Node built-ins only: these run before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  return r;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const e of readdirSync(path))
    if (e !== 'node_modules' && e !== 'dist') newest = Math.max(newest, newestMtime(join(path, e)));
  return newest;
}

/**
 * Installs on a fresh clone, or when the lock file changed since the last install: `npm ci`, so
 * exactly the committed lock (it lists every platform's optional packages) and never a rewrite of
 * it. devDependencies whatever NODE_ENV says: the build that follows needs swc, tsc and vite.
 */
export function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs)
    return;
  console.log('Installing dependencies…');
  run(npm, ['ci', '--include=dev', '--no-audit', '--no-fund']);
}

export function generatePrismaClients() {
  run(process.execPath, ['scripts/prisma-generate.mjs']);
}

/** Builds the rules package, the server and (when its sources changed) the web. */
export function build({ web = true } = {}) {
  run(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'packages/rules']);
  run(npm, ['run', 'build', '-w', '@paddock/server', '--silent']);
  const webIndex = join(root, 'web/dist/index.html');
  if (web && newestMtime(join(root, 'web')) > (existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0)) {
    console.log('Building the web…');
    run(npm, ['run', 'build', '-w', '@paddock/web', '--silent']);
  }
}
