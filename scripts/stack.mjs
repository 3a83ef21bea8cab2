// `npm run stack [-- --demo] [--build]`, `npm run stack -- down`, `npm run stack -- compose [--demo] <command>`:
// the compose stack on this machine (README "Running in production"). Makes ./secrets with random
// values when absent, builds the missing images (the local ones too with PADDOCK_IMAGES=local,
// where no registry is reachable), starts everything, waits until the portal answers through the
// proxy and prints its address.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, run } from './lib.mjs';
import { buildLocalImages, imageExists, LOCAL_IMAGE_ENV, stageBuildCa } from './images.mjs';

/** `docker compose` (v2) where present, else Debian's docker-compose 1.29. */
function composeCommand() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0)
    return ['docker', ['compose']];
  return ['docker-compose', []];
}

/** A password the product rule accepts (16+ characters, upper, lower, digit, special). */
const strongPassword = () => `Pw-${randomBytes(24).toString('base64url')}-a1A`;

function ensureSecrets() {
  const dir = join(root, 'secrets');
  const postgres = randomBytes(24).toString('hex');
  const wanted = {
    app_secret: randomBytes(48).toString('base64'),
    provider_service_password: strongPassword(),
    postgres_password: postgres,
    database_url: `postgresql://paddock:${postgres}@postgres:5432/paddock`,
    s3_access_key: `paddock-${randomBytes(6).toString('hex')}`,
    s3_secret_key: randomBytes(32).toString('hex'),
  };
  if (existsSync(join(dir, 'postgres_password')) !== existsSync(join(dir, 'database_url'))) {
    console.error('secrets/postgres_password and secrets/database_url go together: make both or neither.');
    process.exit(78);
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const made = [];
  for (const [name, value] of Object.entries(wanted)) {
    if (existsSync(join(dir, name))) continue;
    // 644: the containers read them as other users (node, postgres).
    writeFileSync(join(dir, name), `${value}\n`, { mode: 0o644 });
    made.push(name);
  }
  if (made.length)
    console.log(`Made random secrets in ./secrets: ${made.join(', ')}. Keep app_secret for good.`);
}

async function waitForPortal(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    // Raced with a timer of our own: a connection the published port accepts before nginx answers
    // holds no timer, and Node would exit (code 13, unsettled await) instead of trying again.
    const ok = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      fetch(`${url}/api/health`)
        .then(
          (r) => r.ok,
          () => false,
        )
        .then((answered) => {
          clearTimeout(timer);
          resolve(answered);
        });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
  console.error(`✗ ${url}/api/health did not answer within ${seconds} s: see \`docker compose logs\`.`);
  process.exit(1);
}

const args = process.argv.slice(2);
const port = process.env.PADDOCK_PORT ?? '8080';
const env = {
  ...process.env,
  PADDOCK_PORT: port,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  // The stack's own database and Redis need no host port: any free one, so a local install keeps its own.
  POSTGRES_PUBLISH: process.env.POSTGRES_PUBLISH ?? '127.0.0.1:',
  REDIS_PUBLISH: process.env.REDIS_PUBLISH ?? '127.0.0.1:',
  ...(process.env.PADDOCK_IMAGES === 'local' ? LOCAL_IMAGE_ENV : {}),
};
const [cmd, pre] = composeCommand();
const compose = (...rest) =>
  run(
    cmd,
    [
      ...pre,
      '-p',
      process.env.PADDOCK_PROJECT ?? 'paddock',
      ...(args.includes('--demo') ? ['--profile', 'demo'] : []),
      ...rest,
    ],
    { env },
  );

if (args[0] === 'down') {
  compose('down');
} else if (args[0] === 'compose') {
  // Any other compose command with the stack's settings, e.g. `run --rm -T migrate node server/dist/cli/create-admin.js <username>`.
  compose(...args.slice(1).filter((a) => a !== '--demo'));
} else {
  ensureSecrets();
  if (process.env.PADDOCK_IMAGES === 'local') buildLocalImages();
  stageBuildCa();
  // The portal image when missing, or again with --build (after an upgrade of the code).
  if (args.includes('--build') || !imageExists(env.PADDOCK_APP_IMAGE ?? 'paddock-app:latest'))
    compose('build', 'migrate');
  compose('up', '-d', '--no-build');
  await waitForPortal(`http://127.0.0.1:${port}`, 300);
  console.log(`\nPaddock is up: ${env.PUBLIC_URL}`);
}
