import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end in the Debian Chromium (browsers cannot be downloaded here). Each portal runs from
 * the production build on its own port, database and Redis prefix, with a real OpenID issuer
 * beside it (scripts/e2e-server.mjs).
 */
// E2E_PORT moves the portals (and their issuers, mail ports and databases with them) so that two
// checkouts on one machine can run their suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * One portal per Playwright worker: each worker runs its spec files one after another against its
 * own portal, database and Redis prefix, as a single worker does, so no spec meets another's data.
 * One by default; E2E_WORKERS=2 overlaps two portals' waits (derivative jobs, page loads) on 2 cores,
 * to be turned on where a run on the CI machine shows it pays (docs/benchmarks.md "End-to-end time").
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);

export interface E2ePortal {
  url: string;
  port: number;
  oidcPort: number;
  /** The portal mails through this port; a spec that checks mail listens there with a real SMTP server. */
  smtpPort: number;
  database: string;
}

/** The portal of the worker of this parallel index; the metrics port is port + 3 (scripts/e2e-server.mjs). */
export function e2ePortal(parallelIndex: number): E2ePortal {
  const port = E2E_PORT + 10 * parallelIndex;
  return {
    url: `http://localhost:${port}`,
    port,
    oidcPort: port + 1,
    smtpPort: port + 2,
    database: port === 3100 ? 'paddock_e2e' : `paddock_e2e_${port}`,
  };
}

/**
 * Debian's headless shell where it is installed: the same engine as its chromium without the
 * desktop browser around it, which the suite does not need. Three spec files took 182 s and 285 s
 * of CPU in it against 196 s and 319 s in chromium (docs/benchmarks.md "End-to-end time").
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-output',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: true,
  // A slow 2-core host ran the first test after the portal's start in 31 s, its cores shared with the
  // seed's derivative jobs (LibreOffice, ffmpeg) and Chromium (2026-12-02): 30 s failed it, not the product.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    // Each worker's own portal: the `test` of e2e/portal.ts sets it.
    baseURL: e2ePortal(0).url,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'it-IT',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  // One process makes and runs every portal (scripts/e2e-server.mjs); it says when all of them answer.
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    wait: { stdout: /E2E portals ready/ },
    // Each portal migrates and seeds its own database first, one after another.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORTALS: JSON.stringify(Array.from({ length: E2E_WORKERS }, (_, index) => e2ePortal(index))),
    },
  },
});
