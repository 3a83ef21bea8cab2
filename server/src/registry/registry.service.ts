import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, ERROR_CODES, type RegistryRecord, type RegistrySharePublishResponse } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { FOLDERS_GATEWAY, type FoldersGateway, type ProviderFolder } from '../provider/folders.gateway';
import { ProviderError } from '../common/provider-error';
import type { ExternalShareRequestDto } from '../sharing/external-shares.dto';
import { ExternalSharesService } from '../sharing/external-shares.service';
import { RegistryRepository } from './registry.repository';
import { toRegistryRecord, type StoredRegistryRecord } from './registry.types';

/**
 * The content service's registry (SPEC §2, §3, §7): a record is seen by whoever sees its folder
 * (`currentCategoryId`, read with the user's own token), and published, unpublished or shared and
 * published by whoever may share contents there. A record the user cannot see is not found.
 */
@Injectable()
export class RegistryService {
  constructor(
    @Inject(RegistryRepository)
    private readonly repository: Pick<RegistryRepository, 'find' | 'setPublished'>,
    @Inject(FOLDERS_GATEWAY) private readonly folders: Pick<FoldersGateway, 'folder'>,
    @Inject(ExternalSharesService) private readonly externalShares: Pick<ExternalSharesService, 'create'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(user: AuthUser, id: string): Promise<RegistryRecord> {
    const { record } = await this.visible(user, id);
    return toRegistryRecord(record);
  }

  async publish(user: AuthUser, id: string): Promise<RegistryRecord> {
    await this.shareable(user, id);
    return toRegistryRecord(
      await this.repository.setPublished(id, { at: this.clock.now(), by: user.username }),
    );
  }

  async unpublish(user: AuthUser, id: string): Promise<RegistryRecord> {
    await this.shareable(user, id);
    return toRegistryRecord(await this.repository.setPublished(id, null));
  }

  /**
   * SPEC §2 wizard's share-and-publish: the external share through its one service (every check of
   * SPEC §5 and §6, restricted assets refused), then the record published. A refusal of the share
   * keeps its own code; any other failure of it is E062 and publishes nothing.
   */
  async sharePublish(
    user: AuthUser,
    id: string,
    share: ExternalShareRequestDto,
  ): Promise<RegistrySharePublishResponse> {
    await this.shareable(user, id);
    let jobId: string;
    try {
      ({ jobId } = await this.externalShares.create(user, share));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError(E_CODES.SHARE_PUBLISH_FAILED, 'The share could not be created');
    }
    const record = await this.repository.setPublished(id, { at: this.clock.now(), by: user.username });
    return { jobId, record: toRegistryRecord(record) };
  }

  /** The record and its folder as the user sees it; E059 when the folder cannot be read (SPEC §8). */
  private async visible(
    user: AuthUser,
    id: string,
  ): Promise<{ record: StoredRegistryRecord; folder: ProviderFolder }> {
    let record: StoredRegistryRecord | null;
    try {
      record = await this.repository.find(id);
    } catch {
      throw new DomainError(E_CODES.REGISTRY_FAILED, 'The registry could not be read');
    }
    if (!record) throw DomainError.notFound('No such registry record');
    try {
      return { record, folder: await this.folders.folder(user.providerToken, record.currentCategoryId) };
    } catch (error) {
      if (error instanceof ProviderError && error.code === ERROR_CODES.NOT_FOUND)
        throw DomainError.notFound('No such registry record');
      if (error instanceof ProviderError && error.code === ERROR_CODES.UNAUTHENTICATED) throw error;
      throw new DomainError(E_CODES.REGISTRY_FAILED, 'The registry could not be read');
    }
  }

  private async shareable(user: AuthUser, id: string): Promise<StoredRegistryRecord> {
    const { record, folder } = await this.visible(user, id);
    if (!folder.rights.share) throw DomainError.forbidden('You may not publish this registry record');
    return record;
  }
}
