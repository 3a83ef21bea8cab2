import { Inject, Injectable } from '@nestjs/common';
import { isPrettyIdChangeReserved } from '@paddock/rules';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError, ok, type ThronEnvelope } from '../thron.errors';
import {
  toCategoryResult,
  toMCategory,
  type FindByProperties2Request,
  type FindCategoryResponse,
  type GetCategoryQuery,
  type InsertCategoryRequest,
  type LocaleNameInput,
  type MCategory,
  type UpdateCategoryRequest,
} from './category.dto';
import { FOLDER_FAILURES } from './folder.errors';
import type { FolderLocale, FolderRecord } from './folder-record';
import { FolderRepository } from './folder.repository';
import { ProviderHolds } from '../holds/provider-holds';

type Folders = Pick<
  FolderRepository,
  | 'find'
  | 'resolveId'
  | 'prettyIdTaken'
  | 'createChild'
  | 'locales'
  | 'setLocales'
  | 'setPrettyId'
  | 'isEmpty'
  | 'delete'
>;

/** SPEC §5 "Folder must have a name": every given locale needs a non-blank name, and one locale at least. */
function namedLocales(locales: LocaleNameInput[]): FolderLocale[] {
  const named = locales.map((l) => ({ locale: l.locale, name: l.name.trim(), description: l.description }));
  if (named.length === 0 || named.some((l) => l.name === ''))
    throw new ThronError(FOLDER_FAILURES.nameRequired);
  return named;
}

/**
 * The workflow's folder codes and fixed ids (SPEC §3) place folders in the workflow: only the hub's
 * service account gives or takes one, whatever `manage` a caller holds (the hub's own rule).
 */
function mayGiveCode(caller: ProviderCaller, current: string | null, next: string): boolean {
  return caller.serviceAccount || !isPrettyIdChangeReserved(current, next);
}

/**
 * THRON's category service (research §3.1) over the built-in provider's folders. Every call sees
 * only folders the caller's groups may `show`; writing a folder needs `manage` (on the parent to
 * create, on the folder itself to rename or delete).
 */
@Injectable()
export class CategoryService {
  constructor(
    @Inject(FolderRepository) private readonly folders: Folders,
    @Inject(ProviderHolds) private readonly holds: Pick<ProviderHolds, 'refuseFolder'>,
  ) {}

  async findByProperties2(
    caller: ProviderCaller,
    body: FindByProperties2Request,
  ): Promise<FindCategoryResponse> {
    let childOfId: string | undefined;
    if (body.properties.childOf !== undefined) {
      const resolved = await this.folders.resolveId(body.properties.childOf);
      if (resolved === null) throw new ThronError(FOLDER_FAILURES.notExists);
      childOfId = resolved;
    }
    const locale = (body.locale ?? 'EN').toUpperCase();
    const { folders, total } = await this.folders.find({
      scope: caller,
      categoryIds: body.properties.categoryIds ?? [],
      childOfId,
      maxLevel: body.properties.excludeLevelHigherThan,
      textSearch: body.properties.textSearch,
      countContents: body.categoryFieldOption.returnNumberOfContents,
      locale,
      orderBy: body.orderBy ?? 'creationDate_A',
      offset: body.offset,
      limit: body.numberOfResult,
    });
    const aclFor = body.categoryFieldOption.returnAclInfo ? caller.user.username : null;
    return ok({
      categories: folders.map((f) => toCategoryResult(this.preferring(f, locale), aclFor)),
      totalResults: total,
    });
  }

  async getCategory(
    caller: ProviderCaller,
    query: GetCategoryQuery,
  ): Promise<ThronEnvelope & { category: MCategory }> {
    const folder = await this.visible(caller, query.categoryId, FOLDER_FAILURES.notExists);
    return ok({ category: toMCategory(this.preferring(folder, (query.locale ?? 'EN').toUpperCase())) });
  }

  async insert(
    caller: ProviderCaller,
    body: InsertCategoryRequest,
  ): Promise<ThronEnvelope & { category: MCategory }> {
    const { upCategoryId, prettyId } = body.category;
    // Top-level folders belong to the organisation's set-up (the seed), not to any group's ACL.
    if (upCategoryId === undefined || upCategoryId === null)
      throw new ThronError(FOLDER_FAILURES.accessDenied);
    const parent = await this.visible(caller, upCategoryId, FOLDER_FAILURES.parentNotFound);
    if (!parent.rights.manage) throw new ThronError(FOLDER_FAILURES.accessDenied);
    const locales = namedLocales(body.category.locales);
    if (prettyId !== undefined && !mayGiveCode(caller, null, prettyId))
      throw new ThronError(FOLDER_FAILURES.accessDenied);
    if (prettyId !== undefined && (await this.folders.prettyIdTaken(prettyId)))
      throw new ThronError(FOLDER_FAILURES.prettyIdExists);
    const id = await this.folders.createChild(parent.id, locales, prettyId);
    return ok({ category: toMCategory(await this.visible(caller, id, FOLDER_FAILURES.notExists)) });
  }

  async update(
    caller: ProviderCaller,
    categoryId: string,
    body: UpdateCategoryRequest,
  ): Promise<ThronEnvelope & { category: MCategory }> {
    const folder = await this.visible(caller, categoryId, FOLDER_FAILURES.notExists);
    if (!folder.rights.manage) throw new ThronError(FOLDER_FAILURES.accessDenied);
    const { locales, prettyId } = body.update;
    if (prettyId !== undefined && prettyId !== folder.prettyId) {
      if (!mayGiveCode(caller, folder.prettyId, prettyId)) throw new ThronError(FOLDER_FAILURES.accessDenied);
      if (await this.folders.prettyIdTaken(prettyId)) throw new ThronError(FOLDER_FAILURES.prettyIdExists);
      await this.folders.setPrettyId(folder.id, prettyId);
    }
    if (locales) {
      const changes = namedLocales(locales);
      const kept = (await this.folders.locales(folder.id)).filter(
        (l) => !changes.some((c) => c.locale === l.locale),
      );
      await this.folders.setLocales(folder.id, [...kept, ...changes]);
    }
    return ok({ category: toMCategory(await this.visible(caller, folder.id, FOLDER_FAILURES.notExists)) });
  }

  async remove(caller: ProviderCaller, categoryId: string): Promise<ThronEnvelope> {
    const folder = await this.visible(caller, categoryId, FOLDER_FAILURES.notExists);
    if (!folder.rights.manage) throw new ThronError(FOLDER_FAILURES.accessDenied);
    // A held folder stays, empty or not: its hold would be left holding nothing.
    await this.holds.refuseFolder(folder.id);
    if (!(await this.folders.isEmpty(folder.id))) throw new ThronError(FOLDER_FAILURES.notEmpty);
    await this.folders.delete(folder.id);
    return ok({});
  }

  /** A folder by id or prettyId that the caller may see; else `missing` (a hidden folder reads as absent). */
  private async visible(
    caller: ProviderCaller,
    idOrPrettyId: string,
    missing: (typeof FOLDER_FAILURES)[keyof typeof FOLDER_FAILURES],
  ): Promise<FolderRecord> {
    const { folders } = await this.folders.find({
      scope: caller,
      categoryIds: [idOrPrettyId],
      countContents: false,
      locale: 'EN',
      orderBy: 'creationDate_A',
      offset: 0,
      limit: 1,
    });
    if (folders.length === 0) throw new ThronError(missing);
    return folders[0];
  }

  /** THRON returns the preferred locale first (research §3.1). */
  private preferring(f: FolderRecord, locale: string): FolderRecord {
    const preferred = f.locales.filter((l) => l.locale === locale);
    return { ...f, locales: [...preferred, ...f.locales.filter((l) => l.locale !== locale)] };
  }
}
