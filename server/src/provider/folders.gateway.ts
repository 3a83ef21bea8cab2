import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, ERROR_CODES, FOLDER_ERROR_CODES, LIMITS, type ErrorCode } from '@paddock/rules';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { envelopeSchema, providerFailure } from './provider.errors';
import { ProviderError } from '../common/provider-error';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { callProvider } from './provider-call';
import { PROVIDER_PATHS } from './provider-paths';
import { chunks } from './tagging.gateway';

/** A folder as the hub sees it; names by upper-case locale (IT, EN, …). */
export interface ProviderFolder {
  id: string;
  prettyId: string;
  parentId: string | null;
  /** Root first, the folder excluded. */
  ancestorIds: string[];
  names: Record<string, string>;
  isSupplier: boolean;
  originId: string | null;
  createdAt: string;
  /** Direct sub-folders the user may see. */
  numberOfSubCategories: number;
  rights: { show: boolean; manage: boolean; share: boolean; write: boolean };
}

const categorySchema = z.object({
  id: z.string(),
  upCategoryId: z.string().optional(),
  ancestorIds: z.array(z.string()).optional().default([]),
  creationDate: z.string().optional().default(''),
  locales: z
    .array(z.object({ locale: z.string(), name: z.string().optional().default('') }))
    .optional()
    .default([]),
  prettyIds: z
    .array(z.object({ id: z.string() }))
    .optional()
    .default([]),
  metadatas: z
    .array(z.object({ name: z.string(), value: z.string() }))
    .optional()
    .default([]),
});
type Category = z.infer<typeof categorySchema>;

const ruleSchema = z.object({
  rule: z.string(),
  enabled: z.boolean(),
  applyToSpreadTargets: z.boolean().optional(),
});

const categoryResultSchema = z.object({
  category: categorySchema,
  numberOfSubCategories: z.number().optional().default(0),
  aclInfo: z
    .object({ items: z.array(z.object({ acl: z.object({ rules: z.array(ruleSchema) }) })) })
    .optional(),
});

const findSchema = envelopeSchema.extend({
  categories: z.array(categoryResultSchema).default([]),
  totalResults: z.number().optional(),
});
const singleSchema = envelopeSchema.extend({ category: categorySchema });
const linkSchema = envelopeSchema.extend({
  itemsInIssue: z.array(z.string()).optional().default([]),
  notLinked: z.array(z.string()).optional().default([]),
});
const linkedSchema = envelopeSchema.extend({ linkedCategory: z.array(z.string()).optional().default([]) });

/** The business answers that read the same on every folder call; the rest fall back to the call's E-code. */
const CODE_OF_RESULT: Record<string, ErrorCode> = {
  ACCESS_DENIED: ERROR_CODES.FORBIDDEN,
  CATEGORY_NOT_EXISTS: ERROR_CODES.NOT_FOUND,
  PARENT_CATEGORY_NOT_FOUND: ERROR_CODES.NOT_FOUND,
  CONTENT_NOT_EXISTS: ERROR_CODES.NOT_FOUND,
  CATEGORYNAME_IS_REQUIRED: ERROR_CODES.VALIDATION_FAILED,
  CATEGORY_NOT_EMPTY: ERROR_CODES.FOLDER_NOT_EMPTY,
};

function toFolder(
  c: Category,
  counts: { numberOfSubCategories: number },
  rules: z.infer<typeof ruleSchema>[],
): ProviderFolder {
  const meta = (name: string) => c.metadatas.find((m) => m.name === name)?.value;
  const has = (rule: string, spread: boolean) =>
    rules.some((r) => r.rule === rule && r.enabled && (r.applyToSpreadTargets ?? false) === spread);
  return {
    id: c.id,
    prettyId: c.prettyIds[0]?.id ?? c.id,
    parentId: c.upCategoryId ?? null,
    ancestorIds: c.ancestorIds,
    names: Object.fromEntries(c.locales.map((l) => [l.locale.toUpperCase(), l.name])),
    isSupplier: meta('isSupplier') === 'true',
    originId: meta('origin') ?? null,
    createdAt: c.creationDate,
    numberOfSubCategories: counts.numberOfSubCategories,
    rights: {
      show: has('SEEN_BY', false),
      manage: has('MODIFIED_BY', false),
      share: has('SHARED_BY', true),
      write: has('MODIFIED_BY', true),
    },
  };
}

export const FOLDERS_GATEWAY = Symbol('FOLDERS_GATEWAY');

/**
 * The provider's folders for the hub: ids are sent 50 at a time, lists are read 50 a page until
 * the last, and every failure is a ProviderError — an outage carries the SPEC §8 code of what was
 * being loaded (E009 folder structure, E014 single folder, E018 folder lookup, E032 category lookup)
 * and stays transient.
 */
export interface FoldersGateway {
  /** Every folder the user may see (E009). */
  allFolders(token: string, locale?: string): Promise<ProviderFolder[]>;
  /** The direct sub-folders of a folder the user may see, every page (E009). */
  subFolders(
    token: string,
    parent: Pick<ProviderFolder, 'id' | 'ancestorIds'>,
    locale?: string,
  ): Promise<ProviderFolder[]>;
  /** One folder with the user's rights (E014); NOT_FOUND when it does not exist or is hidden. */
  folder(token: string, folderId: string, locale?: string, failure?: ErrorCode): Promise<ProviderFolder>;
  /** The folders among `ids` (ids or prettyIds) the user may see, in the order asked (E018); 50 ids a call. */
  foldersByIds(token: string, ids: string[], locale?: string, failure?: ErrorCode): Promise<ProviderFolder[]>;
  /** getCategory: the folder without rights or counts (E014). */
  category(token: string, folderId: string, locale?: string): Promise<ProviderFolder>;
  /** Creates a sub-folder named `names` (locale → name); needs `manage` on the parent. */
  createFolder(token: string, parentId: string, names: Record<string, string>): Promise<string>;
  /** Replaces the names of the given locales; needs `manage` on the folder. */
  renameFolder(token: string, folderId: string, names: Record<string, string>): Promise<void>;
  /** Replaces the folder's code (prettyId); needs `manage` on the folder; a code in use is refused. */
  changePrettyId(token: string, folderId: string, prettyId: string): Promise<void>;
  /** Deletes an empty folder; a non-empty one fails with detail.resultCode CATEGORY_NOT_EMPTY. */
  deleteFolder(token: string, folderId: string): Promise<void>;
  /** Links contents to a folder, 50 ids a call; returns the ids the provider did not link. */
  linkContents(token: string, folderId: string, contentIds: string[]): Promise<{ notLinked: string[] }>;
  /** Unlinks contents from a folder, 50 ids a call; returns the ids the provider did not unlink. */
  unlinkContents(token: string, folderId: string, contentIds: string[]): Promise<{ notLinked: string[] }>;
  /** SPEC §7 sharing-folder lookup: the folders (ids) the user may share contents into (E032). */
  sharingFolderIds(token: string): Promise<string[]>;
}

/** The folders gateway over HTTP with THRON's shapes. */
@Injectable()
export class HttpFoldersGateway implements FoldersGateway {
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  allFolders(token: string, locale = 'EN'): Promise<ProviderFolder[]> {
    return this.findAll(token, {}, locale, E_CODES.FOLDER_TREE_FAILED);
  }

  async subFolders(token: string, parent: Pick<ProviderFolder, 'id' | 'ancestorIds'>, locale = 'EN') {
    // THRON's childOf returns every descendant; the level bound keeps the direct children (root = 1).
    const childLevel = parent.ancestorIds.length + 2;
    return this.findAll(
      token,
      { childOf: parent.id, excludeLevelHigherThan: childLevel },
      locale,
      E_CODES.FOLDER_TREE_FAILED,
    );
  }

  async folder(
    token: string,
    folderId: string,
    locale = 'EN',
    failure: ErrorCode = E_CODES.FOLDER_FAILED,
  ): Promise<ProviderFolder> {
    const [found] = await this.findPage(token, { categoryIds: [folderId] }, locale, 0, failure);
    if (!found) throw new ProviderError(ERROR_CODES.NOT_FOUND, false, `Folder ${folderId} not found`);
    return found.folder;
  }

  async foldersByIds(
    token: string,
    ids: string[],
    locale = 'EN',
    failure: ErrorCode = E_CODES.FOLDER_LOOKUP_FAILED,
  ): Promise<ProviderFolder[]> {
    const found = new Map<string, ProviderFolder>();
    for (const chunk of chunks([...new Set(ids)]))
      for (const f of await this.findAll(token, { categoryIds: chunk }, locale, failure)) {
        found.set(f.id, f);
        found.set(f.prettyId, f);
      }
    return ids.flatMap((i) => found.get(i) ?? []);
  }

  async category(token: string, folderId: string, locale = 'EN'): Promise<ProviderFolder> {
    const body = await this.call(
      token,
      {
        method: 'GET',
        url: PROVIDER_PATHS.folders.getCategory(),
        params: { clientId: this.clientId, categoryId: folderId, locale },
      },
      singleSchema,
      E_CODES.FOLDER_FAILED,
    );
    return toFolder(body.category, { numberOfSubCategories: 0 }, []);
  }

  async createFolder(token: string, parentId: string, names: Record<string, string>): Promise<string> {
    const body = await this.call(
      token,
      {
        method: 'POST',
        url: PROVIDER_PATHS.folders.insert(this.clientId),
        data: { category: { upCategoryId: parentId, locales: this.locales(names) } },
      },
      singleSchema,
      FOLDER_ERROR_CODES.CREATE_FAILED,
    );
    return body.category.id;
  }

  async renameFolder(token: string, folderId: string, names: Record<string, string>): Promise<void> {
    await this.call(
      token,
      {
        method: 'POST',
        url: PROVIDER_PATHS.folders.update(this.clientId, folderId),
        data: { update: { locales: this.locales(names) } },
      },
      singleSchema,
      FOLDER_ERROR_CODES.RENAME_FAILED,
    );
  }

  async changePrettyId(token: string, folderId: string, prettyId: string): Promise<void> {
    await this.call(
      token,
      {
        method: 'POST',
        url: PROVIDER_PATHS.folders.update(this.clientId, folderId),
        data: { update: { prettyId } },
      },
      singleSchema,
      FOLDER_ERROR_CODES.PRETTY_ID_FAILED,
    );
  }

  async deleteFolder(token: string, folderId: string): Promise<void> {
    await this.call(
      token,
      { method: 'POST', url: PROVIDER_PATHS.folders.remove(this.clientId, folderId), data: {} },
      envelopeSchema,
      ERROR_CODES.PROVIDER_UNAVAILABLE,
    );
  }

  linkContents(token: string, folderId: string, contentIds: string[]): Promise<{ notLinked: string[] }> {
    return this.changeLinks(token, PROVIDER_PATHS.folders.link(this.clientId), folderId, contentIds);
  }

  unlinkContents(token: string, folderId: string, contentIds: string[]): Promise<{ notLinked: string[] }> {
    return this.changeLinks(token, PROVIDER_PATHS.folders.unlink(this.clientId), folderId, contentIds);
  }

  async sharingFolderIds(token: string): Promise<string[]> {
    const body = await this.call(
      token,
      { method: 'GET', url: PROVIDER_PATHS.folders.sharingFolders(), params: { clientId: this.clientId } },
      linkedSchema,
      E_CODES.CATEGORY_LOOKUP_FAILED,
    );
    return body.linkedCategory;
  }

  private async changeLinks(
    token: string,
    url: string,
    folderId: string,
    contentIds: string[],
  ): Promise<{ notLinked: string[] }> {
    const notLinked: string[] = [];
    for (const chunk of chunks([...new Set(contentIds)])) {
      const body = await this.call(
        token,
        { method: 'POST', url, data: { categoryId: folderId, items: { ids: chunk } } },
        linkSchema,
        ERROR_CODES.PROVIDER_UNAVAILABLE,
      );
      notLinked.push(...new Set([...body.itemsInIssue, ...body.notLinked]));
    }
    return { notLinked };
  }

  private locales(names: Record<string, string>) {
    return Object.entries(names).map(([locale, name]) => ({ locale, name }));
  }

  /** Every page of a findByProperties2 query, 50 a page, until a short page or the total is reached. */
  private async findAll(
    token: string,
    properties: Record<string, unknown>,
    locale: string,
    code: ErrorCode,
  ): Promise<ProviderFolder[]> {
    const all: ProviderFolder[] = [];
    for (;;) {
      const page = await this.findPage(token, properties, locale, all.length, code);
      all.push(...page.map((p) => p.folder));
      if (page.length < LIMITS.subFolderPageSize || all.length >= (page[0]?.total ?? 0)) return all;
    }
  }

  private async findPage(
    token: string,
    properties: Record<string, unknown>,
    locale: string,
    offset: number,
    code: ErrorCode,
  ): Promise<{ folder: ProviderFolder; total: number }[]> {
    const body = await this.call(
      token,
      {
        method: 'POST',
        url: PROVIDER_PATHS.folders.findByProperties2(),
        data: {
          client: { clientId: this.clientId },
          properties,
          categoryFieldOption: {
            returnAclInfo: true,
            returnTotalResults: true,
            // Nothing in the hub shows a folder's content count, and counting a 60,000-asset archive
            // cost the provider 200 ms on every folder lookup of a listing (issue 26).
            returnNumberOfContents: false,
          },
          locale,
          orderBy: 'creationDate_A',
          offset,
          numberOfResult: LIMITS.subFolderPageSize,
        },
      },
      findSchema,
      code,
    );
    const total = body.totalResults ?? Infinity;
    return body.categories.map((r) => ({
      folder: toFolder(r.category, r, r.aclInfo?.items.flatMap((i) => i.acl.rules) ?? []),
      total,
    }));
  }
  private call<S extends z.ZodType>(
    token: string,
    request: AxiosRequestConfig,
    schema: S,
    code: ErrorCode,
  ): Promise<z.infer<S>> {
    return callProvider(
      this.http,
      { ...request, headers: { ...request.headers, 'X-TOKENID': token } },
      schema,
      {
        fallback: code,
        refusal: (status, data, fallback) => this.failure(status, data, fallback),
        // An outage shows the E-code of what was loading (E009 / E014 / E018 / E032), retryable.
        load: true,
      },
    );
  }

  private failure(status: number, data: unknown, code: ErrorCode): ProviderError {
    const mapped = providerFailure(status, data, code);
    const known = mapped.detail.resultCode ? CODE_OF_RESULT[mapped.detail.resultCode] : undefined;
    if (known && status === 418) return new ProviderError(known, false, mapped.message, mapped.detail);
    return mapped;
  }
}
