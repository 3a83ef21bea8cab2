import { E_CODES, ERROR_CODES } from '@paddock/rules';
import { fixedClock, userOf } from '../../test/support/workflow-factories';
import { DomainError } from '../common/domain-error';
import type { ProviderFolder } from '../provider/folders.gateway';
import { ProviderError } from '../common/provider-error';
import type { ExternalShareRequestDto } from '../sharing/external-shares.dto';
import type { ExternalSharesService } from '../sharing/external-shares.service';
import type { RegistryRepository } from './registry.repository';
import { RegistryService } from './registry.service';
import type { StoredRegistryRecord } from './registry.types';

const FOLDER: ProviderFolder = {
  id: 'folder-1',
  prettyId: 'arch04-marketing',
  parentId: null,
  ancestorIds: [],
  names: { IT: 'Archivio', EN: 'Archive' },
  isSupplier: false,
  originId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  numberOfSubCategories: 0,
  rights: { show: true, manage: false, share: false, write: false },
};

const RECORD: StoredRegistryRecord = {
  id: 'reg-1',
  category: 'EVENT',
  registryType: 'Evento',
  name: 'Salone',
  sfId: 'SF-1',
  groupId: 'L/MARKETING',
  ancestors: [],
  currentCategoryId: 'folder-1',
  publishedAt: null,
  publishedBy: null,
  updatedAt: new Date('2026-06-01T00:00:00Z'),
};

/** The service with an in-memory record, a folder read that does `folder`, and a share that does `share`. */
function world(folder: () => Promise<Partial<ProviderFolder>>, share: () => Promise<{ jobId: string }>) {
  const stored = { ...RECORD };
  const repository: Pick<RegistryRepository, 'find' | 'setPublished'> = {
    find: (id: string) => Promise.resolve(id === stored.id ? { ...stored } : null),
    setPublished: (_id: string, p: { at: Date; by: string } | null) => {
      stored.publishedAt = p?.at ?? null;
      stored.publishedBy = p?.by ?? null;
      return Promise.resolve({ ...stored });
    },
  };
  const shares: Pick<ExternalSharesService, 'create'> = { create: share };
  const folders = { folder: async () => ({ ...FOLDER, ...(await folder()) }) };
  return { service: new RegistryService(repository, folders, shares, fixedClock()), stored };
}

const shareable = () => Promise.resolve({ rights: { show: true, manage: false, share: true, write: true } });
const mario = userOf('mario.rossi');
const body = {} as ExternalShareRequestDto;

describe('RegistryService', () => {
  it('answers E059 when the provider cannot read the record’s folder', async () => {
    const { service } = world(
      () => Promise.reject(new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, 'down')),
      () => Promise.resolve({ jobId: 'j' }),
    );
    await expect(service.get(mario, 'reg-1')).rejects.toMatchObject({ code: E_CODES.REGISTRY_FAILED });
  });

  it('answers E062 and publishes nothing when the share fails for another reason than a refusal', async () => {
    const { service, stored } = world(shareable, () => Promise.reject(new Error('queue down')));
    await expect(service.sharePublish(mario, 'reg-1', body)).rejects.toMatchObject({
      code: E_CODES.SHARE_PUBLISH_FAILED,
    });
    expect(stored.publishedAt).toBeNull();
  });

  it('passes a refusal of the share on with its own code', async () => {
    const refusal = new DomainError('SHARE_NOT_ALLOWED', 'restricted');
    const { service, stored } = world(shareable, () => Promise.reject(refusal));
    await expect(service.sharePublish(mario, 'reg-1', body)).rejects.toBe(refusal);
    expect(stored.publishedAt).toBeNull();
  });

  it('publishes after the share is queued', async () => {
    const { service } = world(shareable, () => Promise.resolve({ jobId: 'job-1' }));
    const answer = await service.sharePublish(mario, 'reg-1', body);
    expect(answer).toMatchObject({ jobId: 'job-1', record: { publishedAt: '2026-06-15T08:00:00.000Z' } });
  });
});
