import { Injectable } from '@nestjs/common';
import {
  FOLDER_CODES,
  SHARING_TAGS,
  WORKFLOW_METADATA,
  WORKFLOW_TAGS,
  approvalStepCode,
  departmentFolderPrettyId,
  type DrawingDocument,
} from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../builtin-provider/builtin-provider-prisma.service';
import { SUPPLIER } from './demo-data';

/** The workflow's tag definitions (SPEC §3 fixed tag ids) with their labels. */
export const WORKFLOW_TAG_DEFINITIONS = [
  { prettyId: WORKFLOW_TAGS.accepted, labels: { IT: 'Accettato', EN: 'Accepted', FR: 'Accepté' } },
  { prettyId: WORKFLOW_TAGS.refused, labels: { IT: 'Rifiutato', EN: 'Refused', FR: 'Refusé' } },
  { prettyId: WORKFLOW_TAGS.deleted, labels: { IT: 'Eliminato', EN: 'Deleted', FR: 'Supprimé' } },
  {
    prettyId: SHARING_TAGS.internalShared,
    labels: { IT: 'Condiviso internamente', EN: 'Shared internally', FR: 'Partagé en interne' },
  },
  { prettyId: SHARING_TAGS.published, labels: { IT: 'Pubblicato', EN: 'Published', FR: 'Publié' } },
] as const;

const DEPARTMENT = 'MARKETING';
const code = (c: string) => departmentFolderPrettyId(c, DEPARTMENT);

/** The rejection the demo shows: luca.conti refused one delivery at step 2, with a note and a drawing. */
export const DEMO_REJECTION = {
  note: 'Colori troppo caldi: allineare alla scheda colore / Colours too warm: match the colour sheet.',
  rejectedBy: 'luca.conti',
  drawing: {
    version: 1,
    strokes: [
      {
        color: '#e11d48',
        width: 0.008,
        points: [
          [0.62, 0.18],
          [0.88, 0.18],
          [0.88, 0.42],
          [0.62, 0.42],
          [0.62, 0.18],
        ],
      },
    ],
  } satisfies DrawingDocument,
};

/**
 * Demo deliveries of MARKETING's supplier (EN names of demo-content.ts): three wait at step 1, one
 * was rejected. Each stays linked to the supplier work folder, the supplier's record of it.
 */
export const DEMO_DELIVERIES = {
  supplierWork: code(FOLDER_CODES.supplierWork),
  waiting: {
    folder: code(approvalStepCode(1)),
    names: [`${SUPPLIER.en} - Photo shoot 1`, `${SUPPLIER.en} - Photo shoot 2`, `${SUPPLIER.en} - Quote`],
  },
  rejected: { folder: code(FOLDER_CODES.rejected), names: [`${SUPPLIER.en} - Photo shoot 3`] },
} as const;

export interface DemoWorkflowSummary {
  tags: number;
  placed: number;
}

/**
 * The workflow part of the demo (docs/workflow.md): the tag definitions, and the supplier's demo
 * deliveries put in the flow. Idempotent: a delivery is placed only while it is linked to nothing
 * but the supplier work folder, so a delivery the demo users have since moved on is left where it is.
 */
@Injectable()
export class DemoWorkflowSeeder {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async run(): Promise<DemoWorkflowSummary> {
    const tags = await this.upsertTags();
    let placed = 0;
    const folder = (prettyId: string) =>
      this.prisma.category.findUnique({ where: { prettyId }, select: { id: true } });
    const [work, step1, rejected] = await Promise.all([
      folder(DEMO_DELIVERIES.supplierWork),
      folder(DEMO_DELIVERIES.waiting.folder),
      folder(DEMO_DELIVERIES.rejected.folder),
    ]);
    if (!work || !step1 || !rejected) return { tags: tags.size, placed };
    for (const id of await this.unplaced(work.id, DEMO_DELIVERIES.waiting.names)) {
      await this.prisma.contentCategory.create({ data: { contentId: id, categoryId: step1.id } });
      placed += 1;
    }
    const refusedTag = tags.get(WORKFLOW_TAGS.refused) ?? '';
    for (const id of await this.unplaced(work.id, DEMO_DELIVERIES.rejected.names)) {
      await this.reject(id, rejected.id, refusedTag);
      placed += 1;
    }
    return { tags: tags.size, placed };
  }

  /** Tag definitions by prettyId (labels refreshed); answers their ids. */
  private async upsertTags(): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const t of WORKFLOW_TAG_DEFINITIONS) {
      const names = Object.entries(t.labels).map(([lang, label]) => ({ lang, label, description: '' }));
      const data = {
        classificationId: WORKFLOW_TAGS.classification,
        names,
        searchText: Object.values(t.labels).join(' ').toLowerCase(),
      };
      const { id } = await this.prisma.tagDefinition.upsert({
        where: { prettyId: t.prettyId },
        create: { prettyId: t.prettyId, ...data },
        update: data,
        select: { id: true },
      });
      ids.set(t.prettyId, id);
    }
    return ids;
  }

  /** The named contents of the supplier work folder that are linked to no other folder. */
  private async unplaced(workId: string, names: readonly string[]): Promise<string[]> {
    const rows = await this.prisma.content.findMany({
      where: {
        trashedAt: null,
        categories: { some: { categoryId: workId }, every: { categoryId: workId } },
        locales: { some: { locale: 'EN', name: { in: [...names] } } },
      },
      select: { id: true },
    });
    return rows.map((r) => r.id);
  }

  /** What a reject leaves (docs/workflow.md): the rejected folder, wf-refused, the note, who, the drawing. */
  private async reject(contentId: string, rejectedId: string, refusedTagId: string): Promise<void> {
    const classificationId = WORKFLOW_TAGS.classification;
    const metadata = [
      { key: WORKFLOW_METADATA.note, value: DEMO_REJECTION.note },
      { key: WORKFLOW_METADATA.rejectedBy, value: DEMO_REJECTION.rejectedBy },
      { key: WORKFLOW_METADATA.canvas, value: JSON.stringify(DEMO_REJECTION.drawing) },
    ];
    await this.prisma.$transaction([
      this.prisma.contentCategory.create({ data: { contentId, categoryId: rejectedId } }),
      this.prisma.contentTag.createMany({
        data: [{ contentId, tagId: refusedTagId, classificationId }],
        skipDuplicates: true,
      }),
      this.prisma.contentMetadata.deleteMany({
        where: { contentId, classificationId, key: { in: metadata.map((m) => m.key) } },
      }),
      this.prisma.contentMetadata.createMany({
        data: metadata.map((m) => ({ contentId, classificationId, ...m })),
      }),
    ]);
  }
}
