import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { BlobStore } from '../../blob-store/blob-store';
import { handedOverFileOf, markHandedOver } from '../../blob-store/handed-over-file';
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

describe('ContentsService, an upload taken into a source (issue 26: the 1 GiB upload)', () => {
  /**
   * A disk-like store in memory that counts its reads, and answers only the size of a handed-over
   * file as the disk store does; `create` stops the insert once the source is known.
   */
  function setUp(config: ContentsStoreConfig) {
    const files = new Map<string, Buffer>();
    const reads: string[] = [];
    const sources: { size: bigint; sha256: string | null; crc32: bigint | null }[] = [];
    const blobs = {
      put: async (key: string, body: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        files.set(key, data);
        if (handedOverFileOf(body)) return { size: data.length, sha256: null, crc32: null };
        return {
          size: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
          crc32: crc32(data),
        };
      },
      get: async (key: string) => {
        reads.push(key);
        const data = files.get(key);
        if (!data) throw new Error(`no blob ${key}`);
        return Readable.from([data]);
      },
      move: async (from: string, to: string) => {
        files.set(to, files.get(from)!);
        files.delete(from);
      },
      delete: async (key: string) => void files.delete(key),
    };
    const service = new ContentsService(
      {
        existingFolders: async () => [{ id: 'f1', prettyId: 'arch04-marketing' }],
        create: async (row: { source: { size: bigint; sha256: string | null; crc32: bigint | null } }) => {
          sources.push(row.source);
          throw new Error('stop after the source');
        },
      } as unknown as ContentRepository,
      {
        folderRights: async () => new Map([['f1', { show: true, manage: false, share: false, write: true }]]),
      } as unknown as AccessRepository,
      {} as DerivativesRequester,
      {} as ProviderHolds,
      blobs as unknown as BlobStore,
      systemClock,
      config,
    );
    const insert = (bucket: string, filePath: string) =>
      service.insert(CALLER, {
        param: {
          contentType: 'IMAGE',
          contentOpt: { linkedCategoryIds: ['f1'], basicInfoByLocale: [], initAllLocales: false },
          sources: [{ s3: { bucket, filePath, removeSourceFile: true } }],
        },
      } as never);
    return { service, files, reads, sources, insert };
  }

  const bytes = Buffer.from('a photo of the Spider, front three-quarter');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const measured = { size: BigInt(bytes.length), sha256, crc32: BigInt(crc32(bytes)) };

  it('keeps the size, sha256 and CRC-32 measured at upload: the file is renamed, never read again', async () => {
    const { service, reads, sources, insert } = setUp({ BLOB_STORE: 'disk' } as ContentsStoreConfig);
    const uploaded = await service.upload(CALLER, 'front.jpg', Readable.from([bytes]));
    await expect(insert(uploaded.bucket, uploaded.filePath)).rejects.toThrow('stop after the source');
    expect(sources).toEqual([expect.objectContaining(measured)]);
    expect(reads).toEqual([]);
  });

  it('keeps the size alone of a handed-over upload, unread: the derivatives job measures it later', async () => {
    const { service, reads, sources, insert } = setUp({ BLOB_STORE: 'disk' } as ContentsStoreConfig);
    const uploaded = await service.upload(
      CALLER,
      'front.jpg',
      markHandedOver(Readable.from([bytes]), '/up/1'),
    );
    expect(uploaded).toMatchObject({ size: bytes.length, sha256: null });
    await expect(insert(uploaded.bucket, uploaded.filePath)).rejects.toThrow('stop after the source');
    expect(sources).toEqual([
      expect.objectContaining({ size: BigInt(bytes.length), sha256: null, crc32: null }),
    ]);
    expect(reads).toEqual([]);
  });

  it('reads a file it did not measure itself, once', async () => {
    const { files, reads, sources, insert } = setUp({ BLOB_STORE: 'disk' } as ContentsStoreConfig);
    const filePath = `incoming/${USER_ID}/elsewhere/front.jpg`;
    files.set(filePath, bytes);
    await expect(insert('local', filePath)).rejects.toThrow('stop after the source');
    expect(sources).toEqual([expect.objectContaining(measured)]);
    expect(reads).toHaveLength(1);
  });

  it('on S3, where callers write their incoming files themselves, reads the file whatever was uploaded', async () => {
    const { service, reads, sources, insert } = setUp(S3);
    const uploaded = await service.upload(CALLER, 'front.jpg', Readable.from([bytes]));
    await expect(insert(uploaded.bucket, uploaded.filePath)).rejects.toThrow('stop after the source');
    expect(sources).toEqual([expect.objectContaining(measured)]);
    expect(reads).toHaveLength(1);
  });
});
