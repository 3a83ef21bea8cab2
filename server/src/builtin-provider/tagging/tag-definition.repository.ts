import { Injectable } from '@nestjs/common';
import { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';

/** A tag definition as stored; `names` is always written as [{lang, label, description}]. */
export interface TagDefinitionRow {
  id: string;
  prettyId: string | null;
  classificationId: string;
  parentId: string | null;
  names: unknown;
  createdAt: Date;
  /** Its sub-tags' ids (THRON's subNodeIds). */
  subTags: { id: string }[];
}

export interface NewTagDefinition {
  prettyId: string | null;
  parentId: string | null;
  names: { lang: string; label: string; description: string }[];
  searchText: string;
}

/** The tag named by an id or a prettyId (a prettyId that is not a uuid cannot be an id). */
export function byIdOrPrettyId(idOrPrettyId: string): Prisma.TagDefinitionWhereInput {
  return isUuid(idOrPrettyId)
    ? { OR: [{ id: idOrPrettyId }, { prettyId: idOrPrettyId }] }
    : { prettyId: idOrPrettyId };
}

/** The tags named by any of `ids`, each an id or a prettyId; no filter without ids. */
export function byAnyIdOrPrettyId(ids: string[] | undefined): Prisma.TagDefinitionWhereInput {
  return ids ? { OR: [{ id: { in: ids.filter(isUuid) } }, { prettyId: { in: ids } }] } : {};
}

const WITH_SUB_TAGS = { subTags: { select: { id: true }, orderBy: { createdAt: 'asc' } } } as const;

/** A stored `names` column's labels. */
function labelsOf(names: unknown): { label: string }[] {
  return Array.isArray(names) ? (names as { label: string }[]) : [];
}

/** The built-in provider's itag definitions (tag_definition). */
@Injectable()
export class TagDefinitionRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /**
   * Creates a classification's tag unless `nameTaken` says one of its tags' labels clashes or the
   * prettyId is taken: null then.
   */
  async insertUnlessTaken(
    classificationId: string,
    tag: NewTagDefinition,
    nameTaken: (labels: { label: string }[]) => boolean,
  ): Promise<TagDefinitionRow | null> {
    return this.prisma
      .$transaction(async (tx) => {
        // One insert of a classification at a time, so two requests for one name cannot both pass.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`itagdefinition:${classificationId}`}, 0))`;
        const existing = await tx.tagDefinition.findMany({
          where: { classificationId },
          select: { names: true },
        });
        if (existing.some((row) => nameTaken(labelsOf(row.names)))) return null;
        // The unique prettyId decides between two requests for the same one.
        return tx.tagDefinition.create({ data: { classificationId, ...tag }, include: WITH_SUB_TAGS });
      })
      .catch((e: unknown) => {
        if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') return null;
        throw e;
      });
  }

  /** A page of a classification's tags (all of them, or those `ids` name), oldest first, and their count. */
  async list(
    classificationId: string,
    ids: string[] | undefined,
    page: { take: number; skip: number },
  ): Promise<{ rows: TagDefinitionRow[]; total: number }> {
    const where = { classificationId, ...byAnyIdOrPrettyId(ids) };
    const [rows, total] = await Promise.all([
      this.prisma.tagDefinition.findMany({
        where,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: WITH_SUB_TAGS,
        ...page,
      }),
      this.prisma.tagDefinition.count({ where }),
    ]);
    return { rows, total };
  }

  async find(idOrPrettyId: string): Promise<TagDefinitionRow | null> {
    return this.prisma.tagDefinition.findFirst({
      where: byIdOrPrettyId(idOrPrettyId),
      include: WITH_SUB_TAGS,
    });
  }
}
