import { Injectable } from '@nestjs/common';
import { RegistryRepository } from '../registry/registry.repository';

/** The demo's registry records (SPEC §3): an event and a product archive (ADP) of Marketing. */
export const DEMO_REGISTRY_RECORDS = [
  {
    id: 'reg-mkt-ginevra-2026',
    category: 'EVENT',
    registryType: 'Evento',
    name: 'Salone di Ginevra 2026',
    sfId: 'SF-000142',
    groupId: 'L/MARKETING',
    folder: 'arch04-marketing',
  },
  {
    id: 'reg-mkt-adp-spider',
    category: 'ADP',
    registryType: 'Archivio di prodotto',
    name: 'Spider',
    sfId: 'SF-000077',
    groupId: 'L/MARKETING',
    folder: 'arrc03-marketing',
  },
] as const;

/** Registry records over the demo folders; idempotent (upsert by id). */
@Injectable()
export class DemoRegistrySeeder {
  constructor(private readonly registry: RegistryRepository) {}

  /** `folders`: the demo folders' ids by prettyId (the folder seed's answer). */
  async run(folders: ReadonlyMap<string, string>): Promise<number> {
    let count = 0;
    for (const { folder, ...record } of DEMO_REGISTRY_RECORDS) {
      const currentCategoryId = folders.get(folder);
      if (!currentCategoryId) continue;
      await this.registry.upsert({ ...record, ancestors: [], currentCategoryId });
      count += 1;
    }
    return count;
  }
}
