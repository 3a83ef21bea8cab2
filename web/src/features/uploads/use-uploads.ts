import { createContext, useContext, useSyncExternalStore } from 'react';
import type { UploadsState, UploadsStore, UploadTarget } from './uploads-store';

export interface UploadsApi {
  store: UploadsStore;
  open(target: UploadTarget): void;
  /** Queues files for the open dialog's folder and starts them. */
  upload(files: readonly File[], folderId: string): Promise<void>;
  /** Sends a new version of a content (tus metadata contentId); resolves with the upload's key. */
  uploadVersion(file: File, contentId: string, folderId: string): Promise<string>;
  retry(key: string): void;
}

/** Provided by UploadsProvider; apart from it so the upload dialog it renders can use it too. */
export const UploadsContext = createContext<UploadsApi | null>(null);

export function useUploads(): UploadsApi {
  const api = useContext(UploadsContext);
  if (!api) throw new Error('useUploads needs an UploadsProvider above it');
  return api;
}

export function useUploadsState<T>(select: (state: UploadsState) => T): T {
  const { store } = useUploads();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
