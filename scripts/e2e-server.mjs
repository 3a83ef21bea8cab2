// The portal as end-to-end tests meet it: a fresh database with the demo organisation, the
// production build, and a real OpenID issuer on loopback for single sign-on. Started by Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { root } from './lib.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1);
const database = process.env.E2E_DATABASE ?? 'paddock_e2e';
const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/paddock');
const dbUrl = new URL(base);
dbUrl.pathname = `/${database}`;
const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';

const E2E_OIDC_SECRET = 'paddock-e2e-sso-secret';
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATABASE_URL: dbUrl.toString(),
  REDIS_PREFIX: `paddock-e2e-${process.pid}`,
  OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
  OIDC_CLIENT_ID: 'paddock',
  OIDC_CLIENT_SECRET: E2E_OIDC_SECRET,
  // Production mode refuses the published demo secrets; the seed creates the service account with this one.
  PROVIDER_SERVICE_PASSWORD: 'paddock-e2e-workflow-secret',
  APP_SECRET: 'paddock-e2e-app-secret-of-32-characters',
  LOG_LEVEL: 'warn',
  // Beside its own ports, not on the default 9464 another run on this host may hold.
  METRICS_PORT: String(port + 3),
};

const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await admin.end();
for (const script of ['server/dist/cli/migrate.js', 'server/dist/cli/seed.js']) {
  // The demo seed refuses to run in production: it writes published passwords.
  const r = spawnSync(process.execPath, [script], {
    cwd: root,
    env: { ...env, NODE_ENV: 'development' },
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const children = [];
function start(args, extraEnv, readyPattern) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  child.on('exit', (code) => {
    console.error(`${args.join(' ')} exited with ${code}`);
    shutdown(1);
  });
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(line);
      if (readyPattern.test(line)) resolve();
    });
  });
}

function shutdown(code = 0) {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => shutdown());
process.on('SIGINT', () => shutdown());

await start(
  ['server/test/support/oidc-issuer.mjs'],
  {
    OIDC_PORT: String(oidcPort),
    OIDC_CLIENT_SECRET: E2E_OIDC_SECRET,
    OIDC_REDIRECT_URIS: `http://localhost:${port}/sso-callback`,
    OIDC_ACCOUNTS: JSON.stringify([
      { sub: 'sso-mario', email: 'mario.rossi@paddock.example', password: 'sso-demo-password' },
      { sub: 'sso-stranger', email: 'stranger@elsewhere.example', password: 'sso-demo-password' },
    ]),
  },
  /OIDC issuer ready/,
);
await start(['--enable-source-maps', 'server/dist/main.js'], {}, /Paddock \(all\) on/);
