import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import type { CreateUploader } from './uploader';

/**
 * Uppy core with its tus plugin and our own UI (no Dashboard: its stylesheet and fonts would fight
 * the CSP and the design system). tus retries dropped connections and resumes where it stopped.
 */
export const createUppyUploader: CreateUploader = (options, events) => {
  const uppy = new Uppy({ autoProceed: false, allowMultipleUploadBatches: true });
  uppy.use(Tus, {
    endpoint: options.endpoint,
    headers: () => options.headers(),
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    chunkSize: 8 * 1024 * 1024,
    limit: 3,
    removeFingerprintOnSuccess: true,
  });
  const keyToId = new Map<string, string>();
  const idToKey = new Map<string, string>();
  const keyOf = (id: string | undefined) => (id === undefined ? undefined : idToKey.get(id));

  uppy.on('upload-progress', (file, progress) => {
    const key = keyOf(file?.id);
    if (key) events.onProgress(key, progress.bytesUploaded, progress.bytesTotal ?? file?.size ?? 0);
  });
  uppy.on('upload-success', (file, response) => {
    const key = keyOf(file?.id);
    if (key && response.uploadURL) events.onUploaded(key, response.uploadURL);
  });
  uppy.on('upload-error', (file, error) => {
    const key = keyOf(file?.id);
    if (key) events.onFailed(key, [error.message, error.details].filter(Boolean).join(' '));
  });

  return {
    add(key, file, metadata) {
      const id = uppy.addFile({ name: file.name, type: file.type, data: file, meta: metadata });
      keyToId.set(key, id);
      idToKey.set(id, key);
    },
    start() {
      // Failures arrive per file through 'upload-error'; the batch promise adds nothing.
      uppy.upload().catch(() => undefined);
    },
    retry(key) {
      const id = keyToId.get(key);
      if (id) uppy.retryUpload(id).catch(() => undefined);
    },
    remove(key) {
      const id = keyToId.get(key);
      if (!id) return;
      uppy.removeFile(id);
      keyToId.delete(key);
      idToKey.delete(id);
    },
  };
};
