import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertSafeKey,
  assertSafePrefix,
  BlobNotFoundError,
  type BlobListing,
  type BlobRange,
  type BlobStat,
  type BlobStore,
  type BlobWritten,
} from './blob-store';
import { BlobDigest } from './blob-digest';

/** CopyObject copies at most 5 GiB in one request (S3's limit); bigger blobs are copied as a stream. */
export const S3_COPY_LIMIT = 5 * 1024 ** 3;

/** Where an S3 client connects and with which key. */
export interface S3Connection {
  /** A custom S3-compatible server (MinIO…); unset means AWS, found by `region`. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Short-lived credentials (STS) come with one; sent as x-amz-security-token. */
  sessionToken?: string;
}

export interface S3BlobStoreOptions extends S3Connection {
  bucket: string;
  /** Above this size move() copies as a stream instead of CopyObject; tests lower it. */
  copyLimit?: number;
}

/**
 * One S3 client for AWS or a custom endpoint. A custom server gets path-style URLs (MinIO and
 * most others serve no virtual-host buckets) and checksums only where S3 requires them: the SDK's
 * default trailing checksums on every upload are refused by several S3-compatible servers.
 */
export function createS3Client(connection: S3Connection): S3Client {
  return new S3Client({
    region: connection.region,
    credentials: {
      accessKeyId: connection.accessKeyId,
      secretAccessKey: connection.secretAccessKey,
      ...(connection.sessionToken ? { sessionToken: connection.sessionToken } : {}),
    },
    ...(connection.endpoint
      ? {
          endpoint: connection.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/** `key` as x-amz-copy-source wants it: bucket/key, each segment URL-encoded. */
function copySourceOf(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** Blobs as objects of one S3 bucket (AWS or any S3-compatible store); keys are object keys. */
export class S3BlobStore implements BlobStore {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly copyLimit: number;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.copyLimit = options.copyLimit ?? S3_COPY_LIMIT;
    this.client = createS3Client(options);
  }

  /** Creates the bucket when it does not exist yet (a fresh MinIO); throws when S3 cannot be reached. */
  async ensureBucket(): Promise<void> {
    if (await this.bucketExists()) return;
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another process of the cluster created it meanwhile: S3 says BucketAlreadyOwnedByYou, other
      // stores BucketAlreadyExists, which on AWS means someone else's. Whether it is ours now tells.
      if (!(await this.bucketExists())) throw error;
    }
  }

  /** Whether the bucket is there for these credentials; any answer but "missing" is thrown. */
  private async bucketExists(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /**
   * Streams `source` as a multipart upload (parts of 5 MiB, at most four in flight: memory stays
   * bounded whatever the size). S3 shows the object only once the upload completes; a failed
   * upload is aborted, its parts deleted.
   */
  async put(key: string, source: Readable): Promise<BlobWritten> {
    assertSafeKey(key);
    const digest = new BlobDigest();
    let sourceError: unknown;
    async function* measured(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of source as AsyncIterable<Buffer | string>) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          digest.update(bytes);
          yield bytes;
        }
      } catch (error) {
        sourceError = error;
        throw error;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(measured()) },
    });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      // The source's own failure says what went wrong; an error of the clean-up after it does not.
      throw sourceError ?? error;
    }
    return digest.result();
  }

  async get(key: string, range?: BlobRange): Promise<Readable> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // On Node the SDK's body is the HTTP response itself, a Readable.
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** S3's DeleteObject answers success for a missing key too. */
  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** S3 has no rename: a server-side copy (or a streamed one above copyLimit), then delete. */
  async move(from: string, to: string): Promise<void> {
    assertSafeKey(to);
    const found = await this.stat(from);
    if (!found) throw new BlobNotFoundError(from);
    if (found.size <= this.copyLimit) {
      try {
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.bucket,
            Key: to,
            CopySource: copySourceOf(this.bucket, from),
          }),
        );
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(from);
        throw error;
      }
    } else {
      await this.put(to, await this.get(from));
    }
    await this.delete(from);
  }

  /** ListObjectsV2, a page (at most 1,000 keys) at a time. */
  async *list(prefix: string): AsyncIterable<BlobListing> {
    assertSafePrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key)
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}
