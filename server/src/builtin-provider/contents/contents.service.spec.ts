import type { BlobStore } from '../../blob-store/blob-store';
import { systemClock } from '../../common/clock';
import type { IdentityUser } from '../identity/identity-user';
import type { TokenService } from '../identity/token.service';
import { ThronError } from '../thron.errors';
import type { ContentRepository } from './content.repository';
import { ContentsService, type ContentsStoreConfig, type DerivativesRequester } from './contents.service';

const USER_ID = '6f1c2b1e-1111-4222-8333-444455556666';

/** The service with fakes: one valid token, a store that must not be touched. */
function serviceOn(config: ContentsStoreConfig): ContentsService {
  const tokens = {
    resolve: (token: string | undefined) =>
      Promise.resolve(token === 'good' ? ({ id: USER_ID, username: 'writer.one' } as IdentityUser) : null),
  } as TokenService;
  const contents = { groupIdsOf: () => Promise.resolve([]) } as Pick<ContentRepository, 'groupIdsOf'>;
  return new ContentsService(
    contents as ContentRepository,
    tokens,
    {} as DerivativesRequester,
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
    const first = await service.s3UploadCredentials('good');
    expect(first).toEqual({
      credentials: { accessKeyId: 'STORE-KEY', secretAccessKey: 'STORE-SECRET', sessionToken: '' },
      bucketName: 'paddock',
      path: expect.stringMatching(new RegExp(`^incoming/${USER_ID}/[0-9a-f-]{36}$`)) as string,
      region: 'eu-south-1',
    });
    expect((await service.s3UploadCredentials('good')).path).not.toBe(first.path);
  });

  it('hands out the upload key instead when one is configured', async () => {
    const service = serviceOn({ ...S3, S3_UPLOAD_ACCESS_KEY: 'UP-KEY', S3_UPLOAD_SECRET_KEY: 'UP-SECRET' });
    expect((await service.s3UploadCredentials('good')).credentials).toEqual({
      accessKeyId: 'UP-KEY',
      secretAccessKey: 'UP-SECRET',
      sessionToken: '',
    });
  });

  it('refuses on the disk store, and refuses an unknown token first', async () => {
    const disk = serviceOn({ BLOB_STORE: 'disk', S3_REGION: 'us-east-1' });
    expect((await refusal(disk.s3UploadCredentials('good'))).failure).toMatchObject({
      status: 418,
      resultCode: 'EXCEPTION',
      errorDescription: expect.stringMatching(/^NO_S3_BUCKET/) as string,
    });
    for (const service of [disk, serviceOn(S3)])
      expect((await refusal(service.s3UploadCredentials('stale'))).failure).toMatchObject({
        status: 403,
        ssoCode: 'SESSION_EXPIRED',
      });
  });
});
