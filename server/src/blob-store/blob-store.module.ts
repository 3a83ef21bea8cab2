import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { BLOB_STORE, type BlobStore } from './blob-store';
import { DiskBlobStore } from './disk-blob-store';

/** Why BLOB_STORE=s3 stops the boot: the S3 implementation is not written yet. */
export const S3_NOT_AVAILABLE =
  'BLOB_STORE=s3 is not available yet: this version stores blobs on disk only. Set BLOB_STORE=disk (and BLOB_DIR).';

export function createBlobStore(config: Pick<AppConfig, 'BLOB_STORE' | 'BLOB_DIR'>): BlobStore {
  if (config.BLOB_STORE === 's3') throw new Error(S3_NOT_AVAILABLE);
  return new DiskBlobStore(config.BLOB_DIR);
}

/** The blob store (source files, derivatives, upload temp files), global: inject BLOB_STORE. */
@Global()
@Module({
  providers: [{ provide: BLOB_STORE, inject: [APP_CONFIG], useFactory: createBlobStore }],
  exports: [BLOB_STORE],
})
export class BlobStoreModule {}
