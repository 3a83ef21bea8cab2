// The portals as end-to-end tests meet them, one per Playwright worker (playwright.config.ts): each
// a fresh database with the demo organisation, the production build, and a real OpenID issuer
// beside it for single sign-on. Started by Playwright; the line `E2E portals ready` says all of
// them answer.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { root } from './lib.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
/** [{ port, oidcPort, smtpPort, database }]; by hand (no E2E_PORTALS), the one portal on E2E_PORT. */
const portals = process.env.E2E_PORTALS
  ? JSON.parse(process.env.E2E_PORTALS)
  : [{ port, oidcPort: port + 1, smtpPort: port + 2, database: process.env.E2E_DATABASE ?? 'paddock_e2e' }];
const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/paddock');
const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';

const E2E_OIDC_SECRET = 'paddock-e2e-sso-secret';

function envOf(portal) {
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${portal.database}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(portal.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${portal.port}`,
    DATABASE_URL: dbUrl.toString(),
    REDIS_PREFIX: `paddock-e2e-${process.pid}-${portal.port}`,
    OIDC_ISSUER: `http://127.0.0.1:${portal.oidcPort}`,
    OIDC_CLIENT_ID: 'paddock',
    OIDC_CLIENT_SECRET: E2E_OIDC_SECRET,
    // A spec that checks mail listens there with a real SMTP server.
    SMTP_URL: `smtp://127.0.0.1:${portal.smtpPort}`,
    // Production mode refuses the published demo secrets; the seed creates the service account with this one.
    PROVIDER_SERVICE_PASSWORD: 'paddock-e2e-workflow-secret',
    APP_SECRET: 'paddock-e2e-app-secret-of-32-characters',
    LOG_LEVEL: 'warn',
    // Beside its own ports, not on the default 9464 another run on this host may hold.
    METRICS_PORT: String(portal.port + 3),
  };
}

const children = [];
function shutdown(code = 0) {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => shutdown());
process.on('SIGINT', () => shutdown());

/** Runs a command line tool of the server to its end; the whole start fails with it. */
function runToEnd(script, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: root, env, stdio: 'inherit' });
    children.push(child);
    child.on('exit', (code) => {
      children.splice(children.indexOf(child), 1);
      if (code !== 0) shutdown(code ?? 1);
      resolve();
    });
  });
}

function start(args, env, readyPattern) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
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

/** A fresh database for the portal, migrated and seeded with the demo organisation. */
async function prepare(portal) {
  const env = envOf(portal);
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${portal.database} WITH (FORCE)`);
  await admin.end();
  // The demo seed refuses to run in production: it writes published passwords.
  for (const script of ['server/dist/cli/migrate.js', 'server/dist/cli/seed.js'])
    await runToEnd(script, { ...env, NODE_ENV: 'development' });
}

async function startPortal(portal) {
  const env = envOf(portal);
  await start(
    ['server/test/support/oidc-issuer.mjs'],
    {
      ...env,
      OIDC_PORT: String(portal.oidcPort),
      OIDC_REDIRECT_URIS: `http://localhost:${portal.port}/sso-callback`,
      OIDC_ACCOUNTS: JSON.stringify([
        { sub: 'sso-mario', email: 'mario.rossi@paddock.example', password: 'sso-demo-password' },
        { sub: 'sso-stranger', email: 'stranger@elsewhere.example', password: 'sso-demo-password' },
      ]),
    },
    /OIDC issuer ready/,
  );
  await start(['--enable-source-maps', 'server/dist/main.js'], env, /Paddock \(all\) on/);
}

// One seed at a time (two at once overran the seed's 5 s transactions on a loaded machine); each
// portal starts as soon as its database is ready, while the next one is seeded.
const starting = [];
for (const portal of portals) {
  await prepare(portal);
  starting.push(startPortal(portal));
}
await Promise.all(starting);
console.log(`E2E portals ready: ${portals.map((portal) => portal.port).join(', ')}`);
