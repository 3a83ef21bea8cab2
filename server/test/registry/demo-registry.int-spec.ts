import type { AssetDetail, RegistryRecord } from '@paddock/rules';
import { RegistryRepository } from '../../src/registry/registry.repository';
import { DemoRegistrySeeder } from '../../src/seed/demo-registry';
import { providerDb } from '../auth/auth-fixtures';
import { startEnrichmentWorld } from '../enrichment/enrichment-fixtures';
import { insertContent } from '../search/search-fixtures';
import { get } from '../workflow/workflow-fixtures';

const ENRICHMENT = 'arrc03-marketing';

jest.setTimeout(180_000);

/**
 * The demo's registry (issue 13): its records, and the assets of their folders (Marketing's
 * enrichment folder, its archive's campaign subfolder) filed under them (SPEC §3 registry-id), which the wizard's summary
 * then shows.
 */
describe('demo registry seed', () => {
  it('files the assets of each record’s folder under it once, sparing any already filed', async () => {
    const { t, folders, mario } = await startEnrichmentWorld();
    try {
      const folderId = folders.get(ENRICHMENT)!;
      const waiting = await insertContent(t, { name: 'da-arricchire.jpg', folders: [folderId] });
      const filed = await insertContent(t, {
        name: 'altro.jpg',
        folders: [folderId],
        metadata: [{ key: 'registry-id', value: 'reg-other' }],
      });
      const archived = await insertContent(t, {
        name: 'archivio.jpg',
        folders: [folders.get('campagne-2026-marketing')!],
      });
      const seeder = new DemoRegistrySeeder(t.app.get(RegistryRepository), providerDb(t));
      for (let i = 0; i < 2; i++) expect(await seeder.run(folders)).toBe(2);

      const registryIds = async (contentId: string) =>
        (await providerDb(t).contentMetadata.findMany({ where: { contentId, key: 'registry-id' } })).map(
          (m) => m.value,
        );
      expect(await registryIds(waiting)).toEqual(['reg-mkt-adp-spider']);
      expect(await registryIds(filed)).toEqual(['reg-other']);
      expect(await registryIds(archived)).toEqual(['reg-mkt-ginevra-2026']);

      const detail = await get<AssetDetail>(t, mario, `/api/assets/${waiting}?folderId=${folderId}`);
      expect(detail.body.registryId).toBe('reg-mkt-adp-spider');
      const record = await get<RegistryRecord>(t, mario, '/api/registry/reg-mkt-adp-spider');
      expect(record.body.title).toBe('Archivio di prodotto - Rif: SF-000077');
    } finally {
      await t.close();
    }
  });
});
