import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';

export interface SeedFolder {
  prettyId: string;
  /** prettyId of the parent; null for a top-level folder. */
  parent: string | null;
  /** A French name where the folder has one (the demo's have): French readers see it. */
  names: { IT: string; EN: string; FR?: string };
  isSupplier?: boolean;
  /** Group id → rights (show is implied). */
  acl: Map<string, { manage?: boolean; share?: boolean; write?: boolean }>;
}

/** Creates folders by prettyId for the demo seed and tests; idempotent (names, flags and ACL are reset). */
@Injectable()
export class FolderSeeder {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** Folders must come parents first; returns ids by prettyId. */
  async upsertFolders(folders: SeedFolder[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const f of folders) {
      const parentId = f.parent === null ? null : ids.get(f.parent);
      if (parentId === undefined)
        throw new Error(`Folder ${f.prettyId}: parent ${f.parent} must be seeded first`);
      const data = {
        parentId,
        isSupplier: f.isSupplier ?? false,
        locales: Object.entries(f.names).map(([locale, name]) => ({ locale, name, description: '' })),
      };
      const { id } = await this.prisma.category.upsert({
        where: { prettyId: f.prettyId },
        create: { prettyId: f.prettyId, ...data },
        update: data,
        select: { id: true },
      });
      ids.set(f.prettyId, id);
      await this.prisma.$transaction([
        this.prisma.categoryAcl.deleteMany({ where: { categoryId: id } }),
        this.prisma.categoryAcl.createMany({
          data: [...f.acl].map(([groupId, r]) => ({
            categoryId: id,
            groupId,
            show: true,
            manage: r.manage ?? false,
            share: r.share ?? false,
            write: r.write ?? false,
          })),
        }),
      ]);
    }
    return ids;
  }
}
