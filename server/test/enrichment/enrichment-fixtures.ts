import type { AxiosInstance } from 'axios';
import { PROVIDER_HTTP } from '../../src/provider/http-provider.gateway';
import { DemoEnrichmentSeeder } from '../../src/seed/demo-enrichment';
import { providerDb } from '../auth/auth-fixtures';
import type { TestApp } from '../support/test-app';
import { seedDemoOrganisation } from '../workflow/workflow-fixtures';

/** The demo organisation with the enrichment definitions and tags of the demo seed. */
export async function seedEnrichmentWorld(t: TestApp): Promise<Map<string, string>> {
  const folders = await seedDemoOrganisation(t);
  await new DemoEnrichmentSeeder(providerDb(t)).run();
  return folders;
}

/** The provider calls the app makes (its one axios instance), path and number of targets. */
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
