import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { asDomainError } from '../assets/provider-failure';
import { CLOCK, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { ArchivesGateway } from '../provider/archives.gateway';
import type { CreateDownloadDto } from './downloads.dto';

/** The provider's names of the renditions the web asks for (research §3.9). */
const PROVIDER_OPTION: Record<string, string> = { original: 'SOURCE', web: 'WEBHD' };

/** ZIP downloads: the provider prepares the archive and streams it; the hub passes the bytes through. */
@Injectable()
export class DownloadsService {
  constructor(
    private readonly archives: ArchivesGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(user: AuthUser, request: CreateDownloadDto): Promise<{ downloadId: string }> {
    if (!request.images.length && !request.videos.length)
      throw DomainError.invalid('Choose at least one resolution');
    try {
      const downloadId = await this.archives.prepare(user.providerToken, {
        contentIds: [...new Set(request.contentIds)],
        image: [...new Set(request.images)].map((r) => PROVIDER_OPTION[r] ?? r),
        video: [...new Set(request.videos)].map((r) => PROVIDER_OPTION[r] ?? r),
      });
      return { downloadId };
    } catch (error) {
      throw asDomainError(error);
    }
  }

  /** The ZIP stream and the name it is saved under (paddock-YYYYMMDD-HHmm.zip, UTC). */
  async open(user: AuthUser, downloadId: string): Promise<{ fileName: string; body: Readable }> {
    const saveAs = `paddock-${stamp(this.clock.now())}`;
    try {
      const body = await this.archives.download(user.providerToken, downloadId, saveAs);
      return { fileName: `${saveAs}.zip`, body };
    } catch (error) {
      throw asDomainError(error);
    }
  }
}

function stamp(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}
