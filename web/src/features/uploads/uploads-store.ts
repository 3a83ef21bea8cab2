export type UploadStatus = 'queued' | 'uploading' | 'finishing' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  folderId: string;
  /** Set for a new version of this content. */
  contentId?: string;
  bytesTotal: number;
  bytesUploaded: number;
  status: UploadStatus;
  /** A hub error code (e.g. UPLOAD_DENIED_SUPPLIERS) or undefined for a failure without one. */
  errorCode?: string;
}

export interface UploadTarget {
  id: string;
  name: string;
  canWrite: boolean;
  /** The department the files go to, as the header names it; null outside any department. */
  department: string | null;
  /** Every folder from the top down to this one, by name: the same name can sit in two departments. */
  path: readonly string[];
}

export interface UploadsState {
  items: readonly UploadItem[];
  /** The folder the dialog uploads into while it is open; null when closed (uploads go on). */
  dialog: UploadTarget | null;
  /** The folder of the last dialog, so the header indicator can reopen it. */
  lastTarget: UploadTarget | null;
}

const isActive = (item: UploadItem) =>
  item.status === 'queued' || item.status === 'uploading' || item.status === 'finishing';

/** Uploads of this page: the dialog and the header indicator both read them. */
export function createUploadsStore() {
  let state: UploadsState = { items: [], dialog: null, lastTarget: null };
  const listeners = new Set<() => void>();
  const set = (next: UploadsState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  const patchItem = (key: string, patch: Partial<UploadItem>) =>
    set({ ...state, items: state.items.map((item) => (item.key === key ? { ...item, ...patch } : item)) });

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openDialog(target: UploadTarget) {
      set({ ...state, dialog: target, lastTarget: target });
    },
    closeDialog() {
      set({ ...state, dialog: null });
    },
    add(items: UploadItem[]) {
      set({ ...state, items: [...state.items, ...items] });
    },
    patchItem,
    remove(key: string) {
      set({ ...state, items: state.items.filter((item) => item.key !== key) });
    },
    /** Forgets finished uploads, keeping those still running. */
    clearFinished() {
      set({ ...state, items: state.items.filter(isActive) });
    },
  };
}

export type UploadsStore = ReturnType<typeof createUploadsStore>;

/** Bytes sent over bytes to send, across the uploads still running or just finished. */
export function totalProgress(items: readonly UploadItem[]): { percent: number; active: number } {
  const counted = items.filter((item) => item.status !== 'failed');
  const total = counted.reduce((sum, item) => sum + item.bytesTotal, 0);
  const sent = counted.reduce((sum, item) => sum + Math.min(item.bytesUploaded, item.bytesTotal), 0);
  return {
    percent: total === 0 ? 0 : Math.round((sent / total) * 100),
    active: items.filter(isActive).length,
  };
}

/** The hub's error code inside a tus failure text (its JSON error body), if any. */
export function errorCodeIn(message: string): string | undefined {
  return /"code"\s*:\s*"([A-Za-z0-9_]+)"/.exec(message)?.[1];
}
