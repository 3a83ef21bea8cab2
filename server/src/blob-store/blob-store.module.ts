import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { BLOB_STORE, type BlobStore } from './blob-store';
import { DiskBlobStore } from './disk-blob-store';
import { S3BlobStore } from './s3-blob-store';

export type BlobStoreConfig = Pick<
  AppConfig,
  'BLOB_STORE' | 'BLOB_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY'
>;

/** The store BLOB_STORE names; parseConfig has already required the S3 settings when it is s3. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.BLOB_STORE === 's3')
    return new S3BlobStore({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY ?? '',
      secretAccessKey: config.S3_SECRET_KEY ?? '',
    });
  return new DiskBlobStore(config.BLOB_DIR);
}

/** The store, ready to use: an S3 bucket missing on a fresh server is created, an unreachable one stops the boot. */
export async function openBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  const store = createBlobStore(config);
  if (store instanceof S3BlobStore) {
    try {
      await store.ensureBucket();
    } catch (error) {
      const where = config.S3_ENDPOINT ?? `AWS ${config.S3_REGION}`;
      throw new Error(
        `The S3 bucket ${store.bucket} at ${where} cannot be used (check S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY): ${(error as Error).message}`,
      );
    }
  }
  return store;
}

/** The blob store (source files, derivatives, upload temp files), global: inject BLOB_STORE. */
@Global()
@Module({
  providers: [{ provide: BLOB_STORE, inject: [APP_CONFIG], useFactory: openBlobStore }],
  exports: [BLOB_STORE],
})
export class BlobStoreModule {}
