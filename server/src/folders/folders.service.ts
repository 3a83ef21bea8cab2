import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  E_CODES,
  FOLDER_LOCALES,
  FALLBACK_LANGUAGE,
  assetLocaleOf,
  compareNames,
  folderNameIn,
  isFolderPrettyIdWellFormed,
  isPrettyIdChangeReserved,
  type FolderAction,
  type Language,
  type ViewScope,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { FOLDERS_GATEWAY, type FoldersGateway, type ProviderFolder } from '../provider/folders.gateway';
import { HeldContents } from '../legal-hold/held-contents';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { PlaceActions } from '../places/place-actions';
import { ROOT_FOLDER_ID, type FolderDetailResponse, type FolderNodeResponse } from './folders.dto';
import {
  folderActionNotAllowed,
  folderNameRequired,
  prettyIdInvalid,
  prettyIdReserved,
  rootIsReadOnly,
} from './folders.errors';
import { DomainError } from '../common/domain-error';
import { creatableFolders, foldersInView } from './folder-scope';

type Gateway = Pick<
  FoldersGateway,
  | 'allFolders'
  | 'folder'
  | 'subFolders'
  | 'foldersByIds'
  | 'createFolder'
  | 'renameFolder'
  | 'changePrettyId'
  | 'deleteFolder'
>;

interface View {
  lang: Language;
  side: 'supplier' | 'maker';
}

function viewOf(user: AuthUser, lang: Language | undefined): View {
  return { lang: lang ?? FALLBACK_LANGUAGE, side: user.primaryRole === 'supplier' ? 'supplier' : 'maker' };
}

/**
 * Folders by name in the user's language, then (roots of the same name, a supplier's folder in
 * each department) by department; the id only makes the order total.
 */
function byName(lang: Language): (a: FolderNodeResponse, b: FolderNodeResponse) => number {
  return (a, b) =>
    compareNames(a.name, b.name, lang) ||
    compareNames(a.department ?? '', b.department ?? '', lang) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Flags the folders a view-scoped tree keeps only for orientation. */
function markContext(nodes: FolderNodeResponse[], kept: ReadonlyMap<string, boolean>): void {
  for (const node of nodes) {
    if (kept.get(node.id)) node.context = true;
    markContext(node.children ?? [], kept);
  }
}

/** The same name in every folder locale, as asset rename does in the asset locales. */
function namesOf(name: string): Record<string, string> {
  return Object.fromEntries(FOLDER_LOCALES.map((l) => [l, name]));
}

/**
 * The signed-in user's folders (SPEC §2 folder tree), read from the provider with the user's token,
 * so every folder the provider hides by ACL stays hidden and every change is checked by the provider.
 */
@Injectable()
export class FoldersService {
  private readonly logger = new Logger(FoldersService.name);

  constructor(
    @Inject(FOLDERS_GATEWAY) private readonly gateway: Gateway,
    @Inject(PlaceActions) private readonly places: Pick<PlaceActions, 'ofFolder' | 'folderAllows'>,
    @Inject(SERVICE_SESSION) private readonly service: Pick<ServiceSession, 'withToken'>,
    @Inject(HeldContents) private readonly holds: Pick<HeldContents, 'refuseFolder'>,
  ) {}

  /**
   * The visible tree, or with a scope only that view's folders and the folders above them (SPEC
   * §2): top-level nodes are the kept folders whose parent is not visible.
   */
  async tree(user: AuthUser, lang?: Language, scope?: ViewScope | null): Promise<FolderNodeResponse[]> {
    const view = viewOf(user, lang);
    const folders = await this.gateway.allFolders(user.providerToken, assetLocaleOf(view.lang));
    const hidden = await this.hiddenAncestors(folders);
    const kept = scope ? foldersInView(user, folders, hidden, scope) : null;
    const creatable = creatableFolders(user, folders, hidden);
    const roots = this.assemble(kept ? folders.filter((f) => kept.has(f.id)) : folders, view, creatable);
    if (kept) markContext(roots, kept);
    await this.nameDepartments(roots, folders, view);
    return roots.sort(byName(view.lang));
  }

  /** A folder's place needs its whole path: the ancestors the user does not see are read by the service. */
  private async hiddenAncestors(
    folders: readonly ProviderFolder[],
    seen: readonly ProviderFolder[] = [],
  ): Promise<ProviderFolder[]> {
    const known = new Set([...seen, ...folders].map((f) => f.id));
    const hiddenIds = [...new Set(folders.flatMap((f) => f.ancestorIds))].filter((id) => !known.has(id));
    return hiddenIds.length
      ? await this.service.withToken((token) => this.gateway.foldersByIds(token, hiddenIds))
      : [];
  }

  /**
   * A top-level folder of the user that sits below folders the user does not see (a supplier's own
   * folder in each department it works for) names the top folder above it, its department: two
   * roots both called "Foto Studio" then read apart. The hub's service account reads that name.
   */
  private async nameDepartments(
    roots: FolderNodeResponse[],
    folders: ProviderFolder[],
    view: View,
  ): Promise<void> {
    const byId = new Map(folders.map((f) => [f.id, f]));
    const topOf = new Map<string, string>();
    for (const root of roots) {
      const top = byId.get(root.id)?.ancestorIds[0];
      if (top) topOf.set(root.id, top);
    }
    if (!topOf.size) return;
    let tops: ProviderFolder[];
    try {
      tops = await this.service.withToken((token) =>
        this.gateway.foldersByIds(token, [...new Set(topOf.values())], assetLocaleOf(view.lang)),
      );
    } catch (error) {
      // A label only: the tree the user may see is whole without it, and a failure of the
      // service account's session must not read as the user's own (a 401 would sign them out).
      this.logger.warn(`Department names of the folder tree not read: ${String(error)}`);
      return;
    }
    const names = new Map(tops.map((top) => [top.id, folderNameIn(top, view.lang, view.side)]));
    for (const root of roots) {
      const department = names.get(topOf.get(root.id) ?? '');
      if (department) root.department = department;
    }
  }

  /**
   * One folder with its direct visible sub-folders, its breadcrumb, its place and the SPEC §6
   * actions on assets in it; `root` is the synthetic root (no place).
   */
  async folder(user: AuthUser, id: string, lang?: Language): Promise<FolderDetailResponse> {
    const view = viewOf(user, lang);
    if (id === ROOT_FOLDER_ID) return this.root(user, view);
    const locale = assetLocaleOf(view.lang);
    const token = user.providerToken;
    const folder = await this.gateway.folder(token, id, locale);
    const [children, ancestors] = await Promise.all([
      this.gateway.subFolders(token, folder, locale),
      this.gateway.foldersByIds(token, folder.ancestorIds, locale, E_CODES.BREADCRUMB_FAILED),
    ]);
    const [placed, hidden] = await Promise.all([
      this.places.ofFolder(user, folder, ancestors),
      this.hiddenAncestors([folder, ...children], ancestors),
    ]);
    const creatable = creatableFolders(user, [...ancestors, folder, ...children], hidden);
    const parentVisible = ancestors.some((a) => a.id === folder.parentId);
    return {
      ...this.node(folder, view, parentVisible ? folder.parentId : ROOT_FOLDER_ID, creatable),
      hasChildren: children.length > 0,
      children: children.map((c) => this.node(c, view, folder.id, creatable)).sort(byName(view.lang)),
      path: [...ancestors, folder].map((f) => ({ id: f.id, name: folderNameIn(f, view.lang, view.side) })),
      ...(placed ?? {}),
    };
  }

  async create(
    user: AuthUser,
    parentId: string,
    name: string | undefined,
    lang?: Language,
  ): Promise<FolderDetailResponse> {
    if (!name) throw folderNameRequired();
    if (parentId === ROOT_FOLDER_ID) throw rootIsReadOnly();
    await this.check(user, parentId, 'folderCreate');
    const id = await this.gateway.createFolder(user.providerToken, parentId, namesOf(name));
    return this.folder(user, id, lang);
  }

  /** Rename (IT and EN) and, or, a new code (prettyId): both are SPEC §6 "rename". */
  async update(
    user: AuthUser,
    id: string,
    change: { name?: string; prettyId?: string },
    lang?: Language,
  ): Promise<FolderDetailResponse> {
    const { name, prettyId } = change;
    if (name === undefined && prettyId === undefined) throw DomainError.invalid('Nothing to change');
    if (name !== undefined && !name) throw folderNameRequired();
    if (prettyId !== undefined && !isFolderPrettyIdWellFormed(prettyId)) throw prettyIdInvalid();
    if (id === ROOT_FOLDER_ID) throw rootIsReadOnly();
    await this.check(user, id, 'folderRename');
    const token = user.providerToken;
    if (prettyId !== undefined) {
      const current = await this.gateway.folder(token, id);
      if (prettyId !== current.prettyId) {
        if (isPrettyIdChangeReserved(current.prettyId, prettyId)) throw prettyIdReserved();
        await this.gateway.changePrettyId(token, id, prettyId);
      }
    }
    if (name) await this.gateway.renameFolder(token, id, namesOf(name));
    return this.folder(user, id, lang);
  }

  /** An empty folder, where SPEC §6 allows it; never one a legal hold is placed on. */
  async delete(user: AuthUser, id: string): Promise<void> {
    if (id === ROOT_FOLDER_ID) throw rootIsReadOnly();
    await this.check(user, id, 'folderDelete');
    await this.holds.refuseFolder(id);
    await this.gateway.deleteFolder(user.providerToken, id);
  }

  /** SPEC §6 "Create, delete, rename" per view, on top of the provider's `manage` right. */
  private async check(user: AuthUser, folderId: string, action: FolderAction): Promise<void> {
    if (!(await this.places.folderAllows(user, folderId, action))) throw folderActionNotAllowed(action);
  }

  private async root(user: AuthUser, view: View): Promise<FolderDetailResponse> {
    const folders = await this.gateway.allFolders(user.providerToken, assetLocaleOf(view.lang));
    const creatable = creatableFolders(user, folders, await this.hiddenAncestors(folders));
    const roots = this.assemble(folders, view, creatable).map(({ children: _children, ...top }) => top);
    return {
      id: ROOT_FOLDER_ID,
      name: ROOT_FOLDER_ID,
      prettyId: ROOT_FOLDER_ID,
      parentId: null,
      isSupplier: false,
      originId: null,
      rights: { manage: false, share: false, write: false },
      canCreate: false,
      hasChildren: roots.length > 0,
      children: roots,
      path: [],
    };
  }

  private assemble(
    folders: ProviderFolder[],
    view: View,
    creatable: ReadonlySet<string>,
  ): FolderNodeResponse[] {
    const visible = new Set(folders.map((f) => f.id));
    const nodes = new Map(
      folders.map((f) => [
        f.id,
        this.node(
          f,
          view,
          f.parentId !== null && visible.has(f.parentId) ? f.parentId : ROOT_FOLDER_ID,
          creatable,
        ),
      ]),
    );
    const roots: FolderNodeResponse[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === ROOT_FOLDER_ID ? undefined : nodes.get(node.parentId ?? '');
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    for (const node of nodes.values()) {
      node.children = (node.children ?? []).sort(byName(view.lang));
      node.hasChildren = node.children.length > 0;
    }
    return roots.sort(byName(view.lang));
  }

  private node(
    f: ProviderFolder,
    view: View,
    parentId: string | null,
    creatable: ReadonlySet<string>,
  ): FolderNodeResponse {
    return {
      id: f.id,
      name: folderNameIn(f, view.lang, view.side),
      prettyId: f.prettyId,
      parentId,
      isSupplier: f.isSupplier,
      originId: f.originId,
      rights: { manage: f.rights.manage, share: f.rights.share, write: f.rights.write },
      canCreate: creatable.has(f.id),
      hasChildren: f.numberOfSubCategories > 0,
    };
  }
}
