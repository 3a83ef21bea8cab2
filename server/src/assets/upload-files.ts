import { resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { FileStore } from '@tus/file-store';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { loadTus } from './tus-loader';

export type UploadFilesConfig = Pick<AppConfig, 'BLOB_DIR' | 'UPLOAD_MAX_BYTES' | 'uploadExpiryMs'>;

/** An upload that has not received all its bytes yet. */
export interface UnfinishedUpload {
  id: string;
  createdAt: Date;
}

/** What the purge of expired uploads needs (UploadFiles in the app, a fake in unit tests). */
export interface UnfinishedUploads {
  readonly expiryMs: number;
  /** Every unfinished upload, the expired ones and the others. */
  unfinished(): AsyncIterable<UnfinishedUpload>;
  /** Removes the upload's bytes and its info; an upload already gone is not an error. */
  remove(id: string): Promise<void>;
}

/**
 * Where tus keeps uploads until their last byte (@tus/file-store under BLOB_DIR/uploads: a data file
 * named by the upload id and its `<id>.json` info), and their bounds: the api's tus server writes
 * through this store, the worker's purge reads and removes through it. With api and workers on
 * separate hosts, BLOB_DIR is a volume they share (docker-compose.yml).
 */
@Injectable()
export class UploadFiles implements UnfinishedUploads {
  readonly directory: string;
  readonly maxBytes: number;
  readonly expiryMs: number;
  private fileStore?: FileStore;

  constructor(@Inject(APP_CONFIG) config: UploadFilesConfig) {
    this.directory = resolve(config.BLOB_DIR, 'uploads');
    this.maxBytes = config.UPLOAD_MAX_BYTES;
    this.expiryMs = config.uploadExpiryMs;
  }

  /** Made on first use (see tus-loader): tus announces `Upload-Expires` and answers 410 past it. */
  store(): FileStore {
    this.fileStore ??= new (loadTus().FileStore)({
      directory: this.directory,
      expirationPeriodInMilliseconds: this.expiryMs,
    });
    return this.fileStore;
  }

  async *unfinished(): AsyncIterable<UnfinishedUpload> {
    const store = this.store();
    let ids: string[];
    try {
      ids = (await store.configstore.list?.()) ?? [];
    } catch (error) {
      // No upload was ever made on this host.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const id of ids) {
      const upload = await this.found(id);
      if (upload?.creation_date && upload.offset !== upload.size)
        yield { id, createdAt: new Date(upload.creation_date) };
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.store().remove(id);
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }

  /** The upload, or undefined once it is gone (finished or removed meanwhile). */
  private async found(id: string) {
    try {
      return await this.store().getUpload(id);
    } catch (error) {
      if (isGone(error)) return undefined;
      throw error;
    }
  }
}

/** tus's answer for an upload that is not (or no longer) there: 404, or 410 when its bytes went first. */
function isGone(error: unknown): boolean {
  const status = (error as { status_code?: number } | undefined)?.status_code;
  return status === 404 || status === 410;
}
