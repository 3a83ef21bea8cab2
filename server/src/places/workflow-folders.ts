import { Injectable, Inject } from '@nestjs/common';
import {
  approvalStepCode,
  departmentFolderPrettyId,
  departmentOfPath,
  FOLDER_CODES,
  isReservedFolderPrettyId,
  placeOfFolder,
  type PathFolder,
  type Place,
  type View,
} from '@paddock/rules';
import { FOLDERS_GATEWAY, type FoldersGateway, type ProviderFolder } from '../provider/folders.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';

/** A folder with the place SPEC §3 gives it, as one user sees it. */
export interface PlacedFolder {
  folder: ProviderFolder;
  /** Top folder first, the folder itself last. */
  path: ProviderFolder[];
  place: Place;
}

/** Paths kept by `pathOf` before the cache starts again (a folder id is a few dozen bytes). */
const KEPT_PATHS = 10_000;

/**
 * Where folders sit in the workflow model. The structure (ancestors, the department's special
 * folders) is read with the service account, so a folder's place never depends on which
 * ancestors the user happens to see; rights always come from the user's own token.
 */
@Injectable()
export class WorkflowFolders {
  private readonly paths = new Map<string, PathFolder[]>();

  constructor(
    @Inject(FOLDERS_GATEWAY) private readonly folders: FoldersGateway,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
  ) {}

  /** The folder as the user sees it (NOT_FOUND when hidden), with its path and place. */
  async placed(userToken: string, folderId: string, side: 'supplier' | 'maker'): Promise<PlacedFolder> {
    return this.placeOf(await this.folders.folder(userToken, folderId), side);
  }

  /**
   * The path and place of a folder already read with the user's token. `seen`: ancestors the caller
   * already read; when they are all of them, the service account is not asked again.
   */
  async placeOf(
    folder: ProviderFolder,
    side: 'supplier' | 'maker',
    seen: readonly ProviderFolder[] = [],
  ): Promise<PlacedFolder> {
    const byId = new Map(seen.map((f) => [f.id, f]));
    const complete = folder.ancestorIds.every((id) => byId.has(id));
    const ancestors = complete
      ? folder.ancestorIds.map((id) => byId.get(id)!)
      : await this.service.withToken((token) => this.folders.foldersByIds(token, folder.ancestorIds));
    const path = [...ancestors, folder];
    return { folder, path, place: placeOfFolder(path, side) };
  }

  /**
   * A folder's path as far as its place goes (the reserved codes on it), read with the service
   * account once per process: no folder changes parent and no reserved code is given or taken
   * (isPrettyIdChangeReserved), so the place a path gives never changes. Null for no such folder.
   */
  async pathOf(folderId: string): Promise<PathFolder[] | null> {
    const kept = this.paths.get(folderId);
    if (kept) return kept;
    const [folder] = await this.service.withToken((token) => this.folders.foldersByIds(token, [folderId]));
    if (!folder) return null;
    const path = (await this.placeOf(folder, 'maker')).path.map((f) => ({
      prettyId: isReservedFolderPrettyId(f.prettyId) ? f.prettyId : null,
      isSupplier: f.isSupplier,
    }));
    if (this.paths.size >= KEPT_PATHS) this.paths.clear();
    this.paths.set(folderId, path);
    return path;
  }

  /** The first of `folderIds` whose view (as the maker sees it) `wanted` accepts; null when none does. */
  async firstFolderIn(folderIds: readonly string[], wanted: (view: View) => boolean): Promise<string | null> {
    for (const folderId of folderIds) {
      const path = await this.pathOf(folderId);
      if (path && wanted(placeOfFolder(path, 'maker').view)) return folderId;
    }
    return null;
  }

  /** The department of a folder's path: its place's, else the nearest coded folder's, else the top's. */
  departmentOf(placed: PlacedFolder, fallback: string | null): string | null {
    return placed.place.department ?? departmentOfPath(placed.path) ?? fallback?.toLowerCase() ?? null;
  }

  /** A department's special folder by SPEC §3 code, or null when the department has none. */
  async special(code: string, department: string): Promise<ProviderFolder | null> {
    const prettyId = departmentFolderPrettyId(code, department);
    const [found] = await this.service.withToken((token) => this.folders.foldersByIds(token, [prettyId]));
    return found ?? null;
  }

  stepFolder(step: number, department: string): Promise<ProviderFolder | null> {
    return this.special(approvalStepCode(step), department);
  }

  junkFolder(department: string): Promise<ProviderFolder | null> {
    return this.special(FOLDER_CODES.junk, department);
  }

  /** Whether `folder` is the department's folder of `code` or lies below it. */
  async isWithin(folder: ProviderFolder, code: string, department: string): Promise<boolean> {
    const special = await this.special(code, department);
    return !!special && (folder.id === special.id || folder.ancestorIds.includes(special.id));
  }

  /**
   * The folders among `ids` that are sharing channels (SPEC §2 archives 'channels': below an
   * internally shared folder or the shared archive), read from their whole path in the service view.
   */
  async sharingChannels(folderIds: string[]): Promise<string[]> {
    if (!folderIds.length) return [];
    const folders = await this.service.withToken((token) => this.folders.foldersByIds(token, folderIds));
    const ancestorIds = [...new Set(folders.flatMap((f) => f.ancestorIds))];
    const ancestors = ancestorIds.length
      ? await this.service.withToken((token) => this.folders.foldersByIds(token, ancestorIds))
      : [];
    const byId = new Map(ancestors.map((a) => [a.id, a]));
    return folders
      .filter((f) => {
        const path = [...f.ancestorIds.flatMap((id) => byId.get(id) ?? []), f];
        return placeOfFolder(path, 'maker').archiveSubState === 'channels';
      })
      .map((f) => f.id);
  }
}
