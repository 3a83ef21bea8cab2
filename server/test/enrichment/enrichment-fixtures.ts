import type { AxiosInstance } from 'axios';
import { PROVIDER_HTTP } from '../../src/provider/http-provider.gateway';
import { DemoEnrichmentSeeder } from '../../src/seed/demo-enrichment';
import { providerDb, type SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, seedDemoOrganisation } from '../workflow/workflow-fixtures';

/** The demo organisation with the enrichment definitions and tags of the demo seed. */
export async function seedEnrichmentWorld(t: TestApp): Promise<Map<string, string>> {
  const folders = await seedDemoOrganisation(t);
  await new DemoEnrichmentSeeder(providerDb(t)).run();
  return folders;
}

/** The provider calls the app makes (its one axios instance), path and number of targets. */
/** A test app on the enrichment world with mario (Marketing user) signed in: most enrichment tests start here. */
export async function startEnrichmentWorld(): Promise<{
  t: TestApp;
  folders: Map<string, string>;
  mario: SignedIn;
}> {
  const t = await startTestApp();
  const folders = await seedEnrichmentWorld(t);
  return { t, folders, mario: await as(t, 'mario.rossi') };
}

/** The calendar day `offset` days from today, as yyyy-MM-dd (embargo and copyright dates). */
export const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function recordProviderCalls(t: TestApp): { path: string; targets: number | null }[] {
  const calls: { path: string; targets: number | null }[] = [];
  const http = t.app.get<AxiosInstance>(PROVIDER_HTTP, { strict: false });
  http.interceptors.request.use((config) => {
    const data = config.data as { value?: { targets?: unknown[] } } | undefined;
    calls.push({ path: config.url ?? '', targets: data?.value?.targets?.length ?? null });
    return config;
  });
  return calls;
}

/** A valid enrichment of the demo's mandatory metadata (usage and author, SPEC §5). */
export const MANDATORY = [
  { key: 'utilizzo', value: 'stampa' },
  { key: 'authorinfo', value: 'Studio Foto Srl' },
];
