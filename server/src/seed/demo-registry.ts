import { Injectable } from '@nestjs/common';
import { ENRICHMENT_CLASSIFICATIONS, REGISTRY_ID_METADATA } from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../builtin-provider/builtin-provider-prisma.service';
import { RegistryRepository } from '../registry/registry.repository';
import { campaignFolderPrettyId } from './demo-data';

/** The demo's registry records (SPEC §3): an event and a product archive (ADP) of Marketing. */
export const DEMO_REGISTRY_RECORDS = [
  {
    id: 'reg-mkt-ginevra-2026',
    category: 'EVENT',
    registryType: 'Evento',
    name: 'Salone di Ginevra 2026',
    sfId: 'SF-000142',
    groupId: 'L/MARKETING',
    folder: campaignFolderPrettyId('MARKETING'),
    // The archive's campaign subfolder: there sharing (SPEC §6 archives) and tagging (its
    // subfolders) are both allowed, so the wizard's share-and-publish option can run.
    files: true,
  },
  {
    id: 'reg-mkt-adp-spider',
    category: 'ADP',
    registryType: 'Archivio di prodotto',
    name: 'Spider',
    sfId: 'SF-000077',
    groupId: 'L/MARKETING',
    folder: 'arrc03-marketing',
    // The assets waiting in the enrichment folder are filed under it (SPEC §3 registry-id), so the
    // wizard's summary shows it (SPEC §2).
    files: true,
  },
] as const;

/** Registry records over the demo folders; idempotent (upsert by id, a content filed once). */
@Injectable()
export class DemoRegistrySeeder {
  constructor(
    private readonly registry: RegistryRepository,
    private readonly provider: BuiltinProviderPrismaService,
  ) {}

  /** `folders`: the demo folders' ids by prettyId (the folder seed's answer). */
  async run(folders: ReadonlyMap<string, string>): Promise<number> {
    let count = 0;
    for (const entry of DEMO_REGISTRY_RECORDS) {
      const { folder, files, ...record } = entry;
      const currentCategoryId = folders.get(folder);
      if (!currentCategoryId) continue;
      await this.registry.upsert({ ...record, ancestors: [], currentCategoryId });
      if (files) await this.file(record.id, currentCategoryId);
      count += 1;
    }
    return count;
  }

  /** Files the folder's contents that are filed under no record yet under `registryId`. */
  private async file(registryId: string, folderId: string): Promise<void> {
    const contents = await this.provider.content.findMany({
      where: {
        trashedAt: null,
        categories: { some: { categoryId: folderId } },
        metadata: { none: { key: REGISTRY_ID_METADATA } },
      },
      select: { id: true },
    });
    await this.provider.contentMetadata.createMany({
      data: contents.map((c) => ({
        contentId: c.id,
        classificationId: ENRICHMENT_CLASSIFICATIONS.metadata,
        key: REGISTRY_ID_METADATA,
        value: registryId,
      })),
    });
  }
}
