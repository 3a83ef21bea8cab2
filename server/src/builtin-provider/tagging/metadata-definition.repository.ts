import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';

/** An enum option as stored: its value and its label per language. */
export type StoredOption = { value: string; names: { lang: string; label: string }[] };

/** A metadata definition as stored. */
export interface MetadataDefinitionRow {
  id: string;
  classificationId: string;
  key: string;
  names: unknown;
  metadataType: string;
  mandatory: boolean;
  options: unknown;
  createdAt: Date;
}

/** The built-in provider's imetadata definitions (metadata_definition). */
@Injectable()
export class MetadataDefinitionRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** A page of a classification's definitions (those `keys` or `ids` name, or all), by key, and their count. */
  async list(
    classificationId: string,
    criteria: { keys?: string[]; ids?: string[] },
    page: { take: number; skip: number },
  ): Promise<{ rows: MetadataDefinitionRow[]; total: number }> {
    const { keys, ids } = criteria;
    const where = {
      classificationId,
      ...(keys?.length ? { key: { in: keys } } : {}),
      ...(ids?.length ? { id: { in: ids.filter(isUuid) } } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.metadataDefinition.findMany({ where, orderBy: { key: 'asc' }, ...page }),
      this.prisma.metadataDefinition.count({ where }),
    ]);
    return { rows, total };
  }
}
