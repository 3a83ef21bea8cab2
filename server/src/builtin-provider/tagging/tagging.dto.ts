import { DRAWING_LIMITS, LIMITS } from '@paddock/rules';
import { z } from 'zod';
import { thronName } from '../thron-input.pipe';

/** research §4: `target` = {id, entityType}; the built-in provider tags contents only. */
const target = z.object({ id: z.string().min(1), entityType: z.literal('CONTENT') });

/** 1 to 50 items; THRON accepts a single value where an array is expected (research §1). */
const upTo50 = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .transform((v): z.infer<T>[] => (Array.isArray(v) ? v : [v]))
    .refine((v) => v.length >= 1 && v.length <= LIMITS.idChunkSize, `1 to ${LIMITS.idChunkSize} items`);

/**
 * itag/bulkInsertMultiTargets and bulkRemoveMultiTargets (research §4.5):
 * `{value:{tagId:{id}, targets:[{id, entityType}]}}`, at most 50 targets. A plain `itagId` is read
 * too; either may be the tag's id or its prettyId.
 */
export const itagMultiTargetsSchema = z.object({
  value: z
    .object({
      tagId: z.object({ id: z.string().min(1) }).optional(),
      itagId: z.string().min(1).optional(),
      targets: upTo50(target),
    })
    .refine((v) => v.tagId !== undefined || v.itagId !== undefined, 'tagId or itagId is required'),
});
export type ItagMultiTargetsRequest = z.infer<typeof itagMultiTargetsSchema>;

/** Metadata keys are at most 50 characters (research §4.4); `lang` is upper-cased like every locale. */
const key = z.string().min(1).max(50);
const lang = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());
// The longest value the hub writes is the reject drawing (jsoncanvas), stamped.
const value = z.string().max(DRAWING_LIMITS.maxStoredChars);

/** imetadata/bulkInsert (research §4.4): `{value:{imetadata:[{key, value, lang?}] ≤ 50, target}}`. */
export const imetadataBulkInsertSchema = z.object({
  value: z.object({ imetadata: upTo50(z.object({ key, value, lang: lang.optional() })), target }),
});
export type ImetadataBulkInsertRequest = z.infer<typeof imetadataBulkInsertSchema>;

/** imetadata/bulkRemove: `{value:{imetadata:[{key, lang?}] ≤ 50, target}}`; a `value` is ignored. */
export const imetadataBulkRemoveSchema = z.object({
  value: z.object({ imetadata: upTo50(z.object({ key, lang: lang.optional() })), target }),
});
export type ImetadataBulkRemoveRequest = z.infer<typeof imetadataBulkRemoveSchema>;

/**
 * imetadata/bulkInsertMultiTargets and bulkRemoveMultiTargets (research §4.4):
 * `{value:{imetadata:{key, value, lang?}, targets:[{id, entityType}] ≤ 50}}`; remove needs no value.
 */
export const imetadataMultiTargetsInsertSchema = z.object({
  value: z.object({ imetadata: z.object({ key, value, lang: lang.optional() }), targets: upTo50(target) }),
});
export type ImetadataMultiTargetsInsertRequest = z.infer<typeof imetadataMultiTargetsInsertSchema>;

export const imetadataMultiTargetsRemoveSchema = z.object({
  value: z.object({
    imetadata: z.object({ key, value: value.optional(), lang: lang.optional() }),
    targets: upTo50(target),
  }),
});
export type ImetadataMultiTargetsRemoveRequest = z.infer<typeof imetadataMultiTargetsRemoveSchema>;

/** imetadata/insert and update (research §4.4): `{imetadata:{key, value, lang?}, target}`. */
export const imetadataOneSchema = z.object({
  imetadata: z.object({ key, value, lang: lang.optional() }),
  target,
});
export type ImetadataOneRequest = z.infer<typeof imetadataOneSchema>;

/** itag/bulkInsert and bulkRemove (research §4.5): `{value:{tagIds:[{id}] ≤ 50, target}}`. */
export const itagBulkSchema = z.object({
  value: z.object({ tagIds: upTo50(z.object({ id: z.string().min(1) })), target }),
});
export type ItagBulkRequest = z.infer<typeof itagBulkSchema>;

/** imetadatadefinition/list (research §4.3): `{criteria{keys[], ids[]}, limit ≤ 50, offset}`. */
export const metadataDefinitionListSchema = z.object({
  criteria: z
    .object({ keys: z.array(key).max(200).optional(), ids: z.array(z.string().min(1)).max(200).optional() })
    .default({}),
  limit: z.number().int().min(1).max(LIMITS.idChunkSize).default(LIMITS.idChunkSize),
  offset: z.number().int().min(0).max(LIMITS.pageOffsetMax).default(0),
});
export type MetadataDefinitionListRequest = z.infer<typeof metadataDefinitionListSchema>;

/** itagdefinition/list (research §4.2): `{criteria{ids[] ≤ 50}, limit, offset}`; tag fetch by ids. */
export const tagDefinitionListSchema = z.object({
  // Without ids: the classification's tags a page at a time (the wizard's choice of free tags).
  criteria: z
    .object({ ids: z.array(z.string().min(1)).min(1).max(LIMITS.idChunkSize).optional() })
    .default({}),
  limit: z.number().int().min(1).max(LIMITS.idChunkSize).default(LIMITS.idChunkSize),
  offset: z.number().int().min(0).max(LIMITS.pageOffsetMax).default(0),
});
export type TagDefinitionListRequest = z.infer<typeof tagDefinitionListSchema>;

/**
 * itagdefinition/insert (research §4.1): `{value:{names[{lang, label ≤150, description ≤10000}],
 * categorized, prettyId?}}`; a label is a name by the hub's own rule (isValidName). SPEC §7's
 * `patch` (remove prettyId) is read as THRON reads unknown input: ignored, no prettyId is made up.
 */
export const tagDefinitionInsertSchema = z.object({
  value: z.object({
    names: z
      .array(
        z.object({
          lang: z
            .string()
            .regex(/^[A-Za-z]{2}$/)
            .transform((v) => v.toUpperCase()),
          label: z.string().trim().min(1).pipe(thronName),
          description: z.string().max(10_000).default(''),
        }),
      )
      .min(1),
    categorized: z.boolean().default(false),
    prettyId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/)
      .optional(),
    /** The tag this one is a sub-tag of (research §4.1), an id of the same classification. */
    parentId: z.string().uuid().optional(),
  }),
});
export type TagDefinitionInsertRequest = z.infer<typeof tagDefinitionInsertSchema>;

/** The product listing's query: an opaque cursor (the last id of the previous page), ids comma-joined. */
export const productListSchema = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  ids: z
    .string()
    .max(5_000)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean).slice(0, LIMITS.idChunkSize) : undefined)),
  limit: z.coerce.number().int().min(1).max(LIMITS.idChunkSize).default(LIMITS.idChunkSize),
});
export type ProductListQuery = z.infer<typeof productListSchema>;
