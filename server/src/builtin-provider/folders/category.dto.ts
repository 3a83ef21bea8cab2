import { LIMITS } from '@paddock/rules';
import { z } from 'zod';
import type { ThronEnvelope } from '../thron.errors';
import { thronName } from '../thron-input.pipe';
import type { FolderRecord } from './folder-record';

/** THRON accepts a single value where an array is expected (research §1). */
const idList = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

const localeName = z.object({
  locale: z
    .string()
    .min(1)
    .transform((l) => l.toUpperCase()),
  // An empty or missing name is the business error CATEGORYNAME_IS_REQUIRED, not invalid input.
  name: thronName.optional().default(''),
  description: z.string().optional().default(''),
});
export type LocaleNameInput = z.infer<typeof localeName>;

/** research §3.1 MCategoryfindByProperties2Req; unknown fields are ignored as THRON does. */
export const findByProperties2Schema = z.object({
  client: z.object({ clientId: z.string().min(1) }),
  properties: z
    .object({
      categoryIds: idList.optional(),
      childOf: z.string().min(1).optional(),
      excludeLevelHigherThan: z.number().int().min(1).optional(),
      textSearch: z.string().max(200).optional(),
    })
    .optional()
    .default({}),
  categoryFieldOption: z
    .object({
      returnAclInfo: z.boolean().optional(),
      // THRON's default is true (research §3.1).
      returnNumberOfContents: z.boolean().optional().default(true),
    })
    .optional()
    .default({ returnNumberOfContents: true }),
  locale: z.string().optional(),
  orderBy: z.enum(['categoryName_A', 'categoryName_D', 'creationDate_A', 'creationDate_D']).optional(),
  offset: z.number().int().min(0).optional().default(0),
  numberOfResult: z
    .number()
    .int()
    .min(1)
    .optional()
    .default(LIMITS.subFolderPageSize)
    .transform((n) => Math.min(n, LIMITS.subFolderPageSize)),
});
export type FindByProperties2Request = z.infer<typeof findByProperties2Schema>;

export const getCategoryQuerySchema = z.object({
  clientId: z.string().min(1),
  categoryId: z.string().min(1),
  locale: z.string().optional(),
  cascade: z.string().optional(),
});
export type GetCategoryQuery = z.infer<typeof getCategoryQuerySchema>;

/** category/insert: the new folder's parent, names per locale and optional code. */
export const insertCategorySchema = z.object({
  category: z.object({
    upCategoryId: z.string().min(1).nullable().optional(),
    locales: z.array(localeName).optional().default([]),
    prettyId: z.string().min(1).max(100).optional(),
  }),
});
export type InsertCategoryRequest = z.infer<typeof insertCategorySchema>;

/**
 * category/update: the names of the given locales are replaced, other locales are kept; a new
 * code replaces the folder's prettyId.
 */
export const updateCategorySchema = z.object({
  update: z
    .object({
      locales: z.array(localeName).min(1).optional(),
      prettyId: z.string().min(1).max(100).optional(),
    })
    .refine((u) => u.locales !== undefined || u.prettyId !== undefined, 'locales or prettyId'),
});
export type UpdateCategoryRequest = z.infer<typeof updateCategorySchema>;

/** research §3.1 contentcategory/link and unlink. */
export const contentCategoryLinkSchema = z.object({
  categoryId: z.string().min(1),
  items: z.object({ ids: idList }),
  silentMode: z.boolean().optional(),
});
export type ContentCategoryLinkRequest = z.infer<typeof contentCategoryLinkSchema>;

export const getLinkedCategoryQuerySchema = z.object({
  clientId: z.string().min(1),
  contentId: z.string().min(1),
});
export type GetLinkedCategoryQuery = z.infer<typeof getLinkedCategoryQuerySchema>;

/** THRON's MCategory. SPEC §3's isSupplier and origin folder travel as category metadatas. */
export interface MCategory {
  id: string;
  upCategoryId?: string;
  ancestorIds: string[];
  categoryType: string;
  active: true;
  creationDate: string;
  locales: { locale: string; name: string; description: string }[];
  prettyIds: { id: string; locale: string }[];
  metadatas: { name: string; value: string; locale?: string }[];
}

/**
 * The caller's rights as THRON's aclInfo (research §5): SEEN_BY = show; SHARED_BY = share;
 * MODIFIED_BY on the folder itself = manage; MODIFIED_BY spread to its contents = write.
 */
export interface AclInfo {
  items: {
    acl: {
      sourceObjId: string;
      sourceObjClass: 'USER';
      displayName: string;
      rules: { rule: string; enabled: boolean; applyToSpreadTargets: boolean; status: 'OK' }[];
    };
  }[];
}

export interface MCategoryResult {
  category: MCategory;
  numberOfContents: number;
  numberOfSubCategories: number;
  aclInfo?: AclInfo;
}

export interface FindCategoryResponse extends ThronEnvelope {
  categories: MCategoryResult[];
  totalResults: number;
}

export function toMCategory(f: FolderRecord): MCategory {
  const metadatas = [{ name: 'isSupplier', value: String(f.isSupplier) }];
  if (f.originId) metadatas.push({ name: 'origin', value: f.originId });
  return {
    id: f.id,
    upCategoryId: f.parentId ?? undefined,
    ancestorIds: f.ancestorIds,
    categoryType: f.categoryType,
    active: true,
    creationDate: f.createdAt.toISOString(),
    locales: f.locales,
    prettyIds: [{ id: f.prettyId, locale: '' }],
    metadatas,
  };
}

function toAclInfo(f: FolderRecord, username: string): AclInfo {
  const rule = (name: string, enabled: boolean, applyToSpreadTargets: boolean) => ({
    rule: name,
    enabled,
    applyToSpreadTargets,
    status: 'OK' as const,
  });
  return {
    items: [
      {
        acl: {
          sourceObjId: username,
          sourceObjClass: 'USER',
          displayName: username,
          rules: [
            rule('SEEN_BY', f.rights.show, false),
            rule('MODIFIED_BY', f.rights.manage, false),
            rule('MODIFIED_BY', f.rights.write, true),
            rule('SHARED_BY', f.rights.share, true),
          ],
        },
      },
    ],
  };
}

export function toCategoryResult(f: FolderRecord, aclFor: string | null): MCategoryResult {
  return {
    category: toMCategory(f),
    numberOfContents: f.numberOfContents,
    numberOfSubCategories: f.numberOfSubCategories,
    aclInfo: aclFor === null ? undefined : toAclInfo(f, aclFor),
  };
}
