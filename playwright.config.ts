import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end in the Debian Chromium (browsers cannot be downloaded here). The portal runs from
 * its production build on its own port, database and Redis prefix, with a real OpenID issuer
 * beside it (scripts/e2e-server.mjs).
 */
// E2E_PORT moves the portal (and its issuer to the next port, its database to paddock_e2e_<port>)
// so that two checkouts on one machine can run their suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_OIDC_PORT = E2E_PORT + 1;
// The portal mails through this port; a spec that checks mail listens there with a real SMTP server.
export const E2E_SMTP_PORT = E2E_PORT + 2;
export const E2E_DATABASE = E2E_PORT === 3100 ? 'paddock_e2e' : `paddock_e2e_${E2E_PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-output',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
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
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_OIDC_PORT: String(E2E_OIDC_PORT),
      E2E_DATABASE,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
