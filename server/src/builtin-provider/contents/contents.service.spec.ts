import type { BlobStore } from '../../blob-store/blob-store';
import { systemClock } from '../../common/clock';
import { providerCaller } from '../../../test/support/provider-caller';
import type { AccessRepository } from '../access/access.repository';
import type { ProviderHolds } from '../holds/provider-holds';
import { ThronError } from '../thron.errors';
import type { ContentRepository } from './content.repository';
import { ContentsService, type ContentsStoreConfig, type DerivativesRequester } from './contents.service';

const CALLER = providerCaller('writer.one', []);
const USER_ID = CALLER.user.id;

/** The service with fakes: a store and repositories that must not be touched. */
function serviceOn(config: ContentsStoreConfig): ContentsService {
  return new ContentsService(
    {} as ContentRepository,
    {} as AccessRepository,
    {} as DerivativesRequester,
    {} as ProviderHolds,
    {} as BlobStore,
    systemClock,
    config,
  );
}

const S3: ContentsStoreConfig = {
  BLOB_STORE: 's3',
  S3_BUCKET: 'paddock',
  S3_REGION: 'eu-south-1',
  S3_ACCESS_KEY: 'STORE-KEY',
  S3_SECRET_KEY: 'STORE-SECRET',
};

async function refusal(promise: Promise<unknown>): Promise<ThronError> {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof ThronError)) throw new Error('expected a ThronError');
  return error;
}

describe('ContentsService.s3UploadCredentials (research §3.8)', () => {
  it("hands out the store's key, the bucket, its region and a fresh prefix in the caller's incoming area", async () => {
    const service = serviceOn(S3);
    const first = await service.s3UploadCredentials(CALLER);
    expect(first).toEqual({
      credentials: { accessKeyId: 'STORE-KEY', secretAccessKey: 'STORE-SECRET', sessionToken: '' },
      bucketName: 'paddock',
      path: expect.stringMatching(new RegExp(`^incoming/${USER_ID}/[0-9a-f-]{36}$`)) as string,
      region: 'eu-south-1',
    });
    expect((await service.s3UploadCredentials(CALLER)).path).not.toBe(first.path);
  });

  it('hands out the upload key instead when one is configured', async () => {
    const service = serviceOn({ ...S3, S3_UPLOAD_ACCESS_KEY: 'UP-KEY', S3_UPLOAD_SECRET_KEY: 'UP-SECRET' });
    expect((await service.s3UploadCredentials(CALLER)).credentials).toEqual({
      accessKeyId: 'UP-KEY',
      secretAccessKey: 'UP-SECRET',
      sessionToken: '',
    });
  });

  it('refuses on the disk store', async () => {
    const disk = serviceOn({ BLOB_STORE: 'disk', S3_REGION: 'us-east-1' });
    expect((await refusal(disk.s3UploadCredentials(CALLER))).failure).toMatchObject({
      status: 418,
      resultCode: 'EXCEPTION',
      errorDescription: expect.stringMatching(/^NO_S3_BUCKET/) as string,
    });
  });
});
