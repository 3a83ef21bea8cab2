/**
 * The passwords published in this repository (README, seed): the demo seed writes them, the e2e
 * tests sign in with them, and a production config refuses them. Written once, here, below both
 * the config and the seed.
 */

/** Every demo account's password (seed/demo-data.ts). */
export const DEMO_PASSWORD = 'Paddock-demo-2026';

/** The demo service account's password, the default PROVIDER_SERVICE_PASSWORD outside production. */
export const DEMO_SERVICE_PASSWORD = 'Paddock-workflow-2026';

/** Never accepted as a secret when NODE_ENV=production. */
export const DEMO_SECRETS: readonly string[] = [DEMO_SERVICE_PASSWORD, DEMO_PASSWORD];
