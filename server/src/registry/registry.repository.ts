import { Injectable } from '@nestjs/common';
import { HubPrismaService } from '../database/hub-prisma.service';
import type { StoredRegistryRecord } from './registry.types';

/** Registry records in the hub schema. */
@Injectable()
export class RegistryRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  find(id: string): Promise<StoredRegistryRecord | null> {
    return this.prisma.registryRecord.findUnique({ where: { id } });
  }

  /** Published by `by` at `at`, or unpublished with null. */
  setPublished(id: string, published: { at: Date; by: string } | null): Promise<StoredRegistryRecord> {
    return this.prisma.registryRecord.update({
      where: { id },
      data: { publishedAt: published?.at ?? null, publishedBy: published?.by ?? null },
    });
  }

  /** Idempotent by id (the demo seed). */
  async upsert(
    record: Omit<StoredRegistryRecord, 'publishedAt' | 'publishedBy' | 'updatedAt'>,
  ): Promise<void> {
    const { id, ...data } = record;
    await this.prisma.registryRecord.upsert({ where: { id }, create: record, update: data });
  }
}
