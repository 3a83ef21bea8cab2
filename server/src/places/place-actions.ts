import { Injectable, Logger, Inject } from '@nestjs/common';
import {
  ERROR_CODES,
  REJECT_VIEWS,
  assetActions,
  isFolderActionAllowed,
  isUploadAllowed,
  type AssetActions,
  type ErrorCode,
  type FolderAction,
  type Place,
  type ProviderRights,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { FOLDERS_GATEWAY, type FoldersGateway, type ProviderFolder } from '../provider/folders.gateway';
import { ProviderError } from '../common/provider-error';
import { permissionSubject, sideOf } from './permission-subject';
import { WorkflowFolders, type PlacedFolder } from './workflow-folders';

/** The codes a failed look-up of the folder, or of its ancestors, answers with (the gateway's own by default). */
export interface LookupFailures {
  folder?: ErrorCode;
  ancestors?: ErrorCode;
}

export interface PlaceAndActions {
  place: Place;
  actions: AssetActions;
}

/**
 * Where the user looks at assets and what SPEC §6 lets them do there, for the web to show only
 * what the hub will accept: the same rules `POST /api/workflow/{action}` checks.
 */
@Injectable()
export class PlaceActions {
  private readonly logger = new Logger(PlaceActions.name);

  constructor(
    private readonly folders: WorkflowFolders,
    @Inject(FOLDERS_GATEWAY) private readonly gateway: FoldersGateway,
  ) {}

  /**
   * Assets in a folder the user sees (read with the user's token, with the ancestors the user
   * sees): enabled for the folder's own step.
   */
  async ofFolder(
    user: AuthUser,
    folder: ProviderFolder,
    ancestors: readonly ProviderFolder[] = [],
  ): Promise<PlaceAndActions | null> {
    const placed = await this.guarded(() => this.folders.placeOf(folder, sideOf(user), ancestors));
    if (!placed) return null;
    const { place } = placed;
    return {
      place,
      actions: assetActions(permissionSubject(user, place, folder.rights, { rejected: false })),
    };
  }

  /**
   * One asset looked at in one of its folders; null when the asset is not linked to it or the
   * user cannot see the folder (the detail then has no place, as without a folder).
   */
  async ofAsset(
    user: AuthUser,
    folderId: string,
    asset: {
      linkedCategoryIds: string[];
      rejected: boolean;
      step: number | null;
      restricted?: boolean;
      provider?: ProviderRights;
    },
    failures: LookupFailures = {},
  ): Promise<PlaceAndActions | null> {
    if (!asset.linkedCategoryIds.includes(folderId)) return null;
    let folder: ProviderFolder;
    try {
      folder = await this.gateway.folder(user.providerToken, folderId, undefined, failures.folder);
    } catch (error) {
      if (error instanceof ProviderError && error.code === ERROR_CODES.NOT_FOUND) return null;
      throw error;
    }
    const placed = await this.placedForUser(user, folder, failures.ancestors);
    if (!placed) return null;
    // A folder of no step (the approval folder above the steps, a supplier's delivery folder): the
    // asset's own step decides, as for accept and reject.
    const place =
      REJECT_VIEWS.includes(placed.place.view) && placed.place.step === null
        ? {
            ...placed.place,
            step: asset.step,
            department: this.folders.departmentOf(placed, user.department),
          }
        : placed.place;
    return { place, actions: assetActions(permissionSubject(user, place, folder.rights, asset)) };
  }

  /**
   * SPEC §6 for a folder action, or an upload, in a folder read with the user's token (NOT_FOUND
   * when hidden). A folder whose place cannot be read is refused: these are writes.
   */
  async folderAllows(
    user: AuthUser,
    folderId: string,
    action: FolderAction | 'folderShare' | 'upload',
  ): Promise<boolean> {
    const folder = await this.gateway.folder(user.providerToken, folderId);
    const placed = await this.placedForUser(user, folder);
    if (!placed) return false;
    const subject = permissionSubject(user, placed.place, folder.rights, { rejected: false });
    return action === 'upload' ? isUploadAllowed(subject) : isFolderActionAllowed(action, subject);
  }

  /** The ancestors the user sees spare the service account when they are all of them. */
  private async placedForUser(
    user: AuthUser,
    folder: ProviderFolder,
    failure?: ErrorCode,
  ): Promise<PlacedFolder | null> {
    const seen = await this.gateway.foldersByIds(user.providerToken, folder.ancestorIds, undefined, failure);
    return this.guarded(() => this.folders.placeOf(folder, sideOf(user), seen));
  }

  /**
   * The path is read with the service account. Place and actions only guide the web (every action
   * is checked again when asked), so a folder or an asset stays viewable without them when that
   * account cannot read (its session logs why).
   */
  private async guarded(read: () => Promise<PlacedFolder>): Promise<PlacedFolder | null> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn({ code: error.code }, 'No place: the folder path could not be read');
      return null;
    }
  }
}
