import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../support/free-port';

const root = join(__dirname, '../../..');

/** Runs the built api entry point the way `npm start` does, with the given environment. */
function boot(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

describe('starting with bad settings or missing services (issue 2, configuration)', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build', '-w', '@paddock/server', '--silent'], {
      cwd: root,
      stdio: 'ignore',
    });
  });

  it('names every bad setting in one message and stops', () => {
    const r = boot({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', BLOB_STORE: 's3' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('Invalid configuration');
    for (const name of ['PORT', 'DATABASE_URL', 'S3_BUCKET']) expect(r.stderr).toContain(name);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('says which service to start when PostgreSQL and Redis are unreachable', async () => {
    const [pg, redis] = [await freePort(), await freePort()];
    const r = boot({
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${pg}/paddock`,
      REDIS_URL: `redis://127.0.0.1:${redis}`,
    });
    expect(r.status).toBe(69);
    expect(r.stderr).toContain(`PostgreSQL at 127.0.0.1:${pg}`);
    expect(r.stderr).toContain(`Redis at 127.0.0.1:${redis}`);
    expect(r.stderr).toContain('docker compose up -d postgres redis');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
