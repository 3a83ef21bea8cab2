import { CONTENT_TYPES, LIMITS } from '@paddock/rules';
import { z } from 'zod';
import { thronName } from '../thron-input.pipe';

const s3Source = z.object({
  s3: z.object({
    bucket: z.string().min(1),
    filePath: z.string().min(1).max(1024),
    newFileName: z.string().max(200).optional(),
    removeSourceFile: z.boolean().optional().default(false),
  }),
});
export type S3Source = z.infer<typeof s3Source>['s3'];

const locale = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());

/** THRON's content/insert body (research §3.7): `param` holds MPublishParams. */
export const insertSchema = z.object({
  param: z.object({
    contentType: z.enum(CONTENT_TYPES),
    contentOpt: z.object({
      basicInfoByLocale: z
        .array(
          z.object({
            locale,
            name: thronName.min(1),
            description: z.string().max(10_000).optional(),
          }),
        )
        .max(10)
        .default([]),
      initAllLocales: z.boolean().optional().default(true),
      linkedCategoryIds: z.array(z.string().uuid()).min(1).max(LIMITS.idChunkSize),
    }),
    sources: z.array(s3Source).length(1),
  }),
  silentMode: z.boolean().optional(),
});
export type InsertForm = z.infer<typeof insertSchema>;

/** Where a new file may go: the folders of an insert, or the content of a new version. */
export const checkInsertSchema = z.object({
  linkedCategoryIds: z.array(z.string().uuid()).max(LIMITS.idChunkSize).default([]),
  contentId: z.string().uuid().optional(),
});
export type CheckInsertForm = z.infer<typeof checkInsertSchema>;

export const updateSourceSchema = z.object({
  contentId: z.string().uuid(),
  sources: z.array(s3Source).length(1),
});
export type UpdateSourceForm = z.infer<typeof updateSourceSchema>;

/** content/updateContent4Locale and addContent4Locale (research §3.4). */
export const localeDetailSchema = z.object({
  client: z.object({ clientId: z.string().min(1) }),
  contentId: z.string().uuid(),
  detail: z.object({
    locale,
    name: thronName.min(1),
    description: z.string().max(10_000).optional(),
  }),
});
export type LocaleDetailForm = z.infer<typeof localeDetailSchema>;

export const contentsByIdsSchema = z.object({
  contentIds: z.array(z.string().uuid()).min(1).max(LIMITS.idChunkSize),
});
export type ContentsByIdsForm = z.infer<typeof contentsByIdsSchema>;

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * content/saveDraft (SPEC §7 "content draft save"; THRON's shape is not public, research §8): the
 * caller's draft on up to 50 contents, a JSON object of at most LIMITS.contentDraftMaxBytes, or
 * null to clear it. `username` names whose draft: the caller's own, or, to clear it after the
 * work is done, any user's by the hub's service account (the service decides).
 */
export const saveDraftSchema = z.object({
  contentIds: z.array(z.string().uuid()).min(1).max(LIMITS.idChunkSize),
  draft: z
    .record(z.string(), z.unknown())
    .nullable()
    .refine(
      (draft) => jsonBytes(draft) <= LIMITS.contentDraftMaxBytes,
      `DRAFT_TOO_BIG: at most ${LIMITS.contentDraftMaxBytes} bytes as JSON`,
    ),
  username: z.string().min(1).max(200).optional(),
});
export type SaveDraftForm = z.infer<typeof saveDraftSchema>;

/** content/getDraft: the caller's drafts on up to 50 contents. */
export const getDraftSchema = contentsByIdsSchema;

/** What `getDraft` answers per content that has a draft of the caller. */
export interface DraftWire {
  contentId: string;
  draft: Record<string, unknown>;
  savedAt: string;
}

/** xadmin content/trash (research §3.5). */
export const trashSchema = z.object({
  contentList: z.object({
    contentsToTrash: z
      .array(z.object({ xcontentId: z.string().uuid() }))
      .min(1)
      .max(LIMITS.idChunkSize),
  }),
});
export type TrashForm = z.infer<typeof trashSchema>;

export const removeSchema = z.object({ xcontentId: z.string().uuid() });
export type RemoveForm = z.infer<typeof removeSchema>;

export const uploadQuerySchema = z.object({ fileName: z.string().min(1).max(255) });

export const streamQuerySchema = z.object({ version: z.coerce.number().int().min(1).optional() });

/** What `getContentsByIds` answers per content. */
export interface ContentDetailWire {
  id: string;
  contentType: string;
  state: string;
  version: number;
  creationDate: string;
  lastUpdate: string;
  owner: string;
  userId: string;
  /** THRON's owner kind: USER, or ENGINE for a content a machine made (SPEC §3). */
  ownerType: string;
  /** The delivery channels the current version can be played or shown on (research §3.8 availableChannels). */
  availableChannels: string[];
  sourceExtension: string;
  locales: { locale: string; name: string; description: string }[];
  linkedCategoryIds: string[];
  /** As THRON's MCategory, SPEC §3's isSupplier among the category metadatas. */
  linkedCategories: {
    id: string;
    prettyId: string;
    names: { locale: string; name: string }[];
    metadatas: { name: string; value: string }[];
  }[];
  source: {
    version: number;
    fileName: string;
    extension: string;
    mimetype: string;
    size: number;
    /** null until the derivatives job has read the source (an upload taken by rename is not read). */
    sha256: string | null;
    /** Measured as it was written, or by the derivatives job (null until then): what a ZIP entry of it carries. */
    crc32: number | null;
    width: number | null;
    height: number | null;
    durationMs: number | null;
  } | null;
  derivatives: {
    kind: string;
    mimeType: string;
    width: number | null;
    height: number | null;
    size: number;
  }[];
  imetadata: { classificationId: string; key: string; value: string; lang: string | null }[];
  itags: {
    id: string;
    classificationId: string;
    prettyId: string | null;
    names: { lang: string; label: string }[];
  }[];
  /** The caller's rights, OR over the content's folders (THRON's aclInfo, simplified). */
  userRights: { write: boolean; share: boolean };
}
