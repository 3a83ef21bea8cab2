import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { ERROR_CODES, FALLBACK_LANGUAGE, assetLocaleOf } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { ARCHIVES_GATEWAY, type ArchivesGateway } from '../provider/archives.gateway';
import { SelectionPolicy } from '../places/selection-policy';
import type { CreateDownloadDto } from './downloads.dto';

/** The provider's names of the renditions the web asks for (research §3.9). */
const PROVIDER_OPTION: Record<string, string> = { original: 'SOURCE', web: 'WEBHD' };

/** ZIP downloads: the provider prepares the archive and streams it; the hub passes the bytes through. */
@Injectable()
export class DownloadsService {
  constructor(
    @Inject(ARCHIVES_GATEWAY) private readonly archives: ArchivesGateway,
    private readonly policy: SelectionPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Checks SPEC §6 for every asset first: one refused asset refuses the whole request, nothing is prepared. */
  async create(user: AuthUser, request: CreateDownloadDto): Promise<{ downloadId: string }> {
    if (!request.images.length && !request.videos.length)
      throw DomainError.invalid('Choose at least one resolution');
    const contentIds = [...new Set(request.contentIds)];
    await this.checkAllowed(user, contentIds, request.folderId);
    const downloadId = await this.archives.prepare(user.providerToken, {
      contentIds,
      image: [...new Set(request.images)].map((r) => PROVIDER_OPTION[r] ?? r),
      video: [...new Set(request.videos)].map((r) => PROVIDER_OPTION[r] ?? r),
      locale: assetLocaleOf(request.lang ?? FALLBACK_LANGUAGE),
    });
    return { downloadId };
  }

  /**
   * SPEC §6 "Download": archives, supplier, rejected, or supplier-received with the share right.
   * Asked from a folder, that folder decides for every asset (each must be in it); else an asset
   * passes when some folder of it the user sees allows it — the convention of rename.
   */
  private async checkAllowed(user: AuthUser, contentIds: string[], folderId?: string): Promise<void> {
    const contents = await this.policy.visibleContents(user, contentIds, folderId);
    const refused = await this.policy.refused(user, 'download', contents, folderId, downloadNotInFolder);
    if (refused.length) throw downloadNotAllowed(refused);
  }

  /**
   * The ZIP stream, the name it is saved under (paddock-YYYYMMDD-HHmm.zip, UTC) and its length when
   * the provider announced one.
   */
  async open(
    user: AuthUser,
    downloadId: string,
  ): Promise<{ fileName: string; body: Readable; length: number | null }> {
    const saveAs = `paddock-${stamp(this.clock.now())}`;
    const zip = await this.archives.download(user.providerToken, downloadId, saveAs);
    return { fileName: `${saveAs}.zip`, ...zip };
  }
}

/** SPEC §6 refused the download of these assets where they are looked at; nothing is served. */
export function downloadNotAllowed(ids: string[]): DomainError {
  return new DomainError(ERROR_CODES.DOWNLOAD_NOT_ALLOWED, 'Some assets may not be downloaded here', {
    ids,
  });
}

/** An asset is not in the folder the download was asked from (a stale view); nothing is served. */
export function downloadNotInFolder(ids: string[]): DomainError {
  return new DomainError(ERROR_CODES.DOWNLOAD_NOT_IN_FOLDER, 'Some assets are not in this folder', { ids });
}

function stamp(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}
