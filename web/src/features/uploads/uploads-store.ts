import type { AssetPreflight } from '@paddock/rules';
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
  /** Once uploaded: 'checking' while its pre-flight runs (issue 27), then the report. */
  preflight?: 'checking' | AssetPreflight;
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
  /** When the running batch began and how many bytes were already sent then: its pace. */
  batch: { startedAt: number; sentBefore: number } | null;
}

const isActive = (item: UploadItem) =>
  item.status === 'queued' || item.status === 'uploading' || item.status === 'finishing';

/** Uploads of this page: the dialog and the header indicator both read them. */
export function createUploadsStore() {
  let state: UploadsState = { items: [], dialog: null, lastTarget: null, batch: null };
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
    /** Files added while others run join their batch; otherwise a new batch (and pace) starts. */
    add(items: UploadItem[], now = Date.now()) {
      const batch =
        state.items.some(isActive) && state.batch
          ? state.batch
          : { startedAt: now, sentBefore: sent(state.items) };
      set({ ...state, items: [...state.items, ...items], batch });
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

const counted = (items: readonly UploadItem[]) => items.filter((item) => item.status !== 'failed');
const sent = (items: readonly UploadItem[]) =>
  counted(items).reduce((sum, item) => sum + Math.min(item.bytesUploaded, item.bytesTotal), 0);

/** A pace needs this long a look before it says anything: the first second is mostly set-up. */
const PACE_AFTER_MS = 1500;

export interface TotalProgress {
  /** Bytes sent over bytes to send, across the uploads still running or just finished. */
  percent: number;
  active: number;
  /** Files done, out of all in the list (issue 23: 60 files showed 6 rows and no count). */
  done: number;
  count: number;
  /** At the batch's pace so far, the seconds left; null while unknown or when nothing runs. */
  secondsLeft: number | null;
}

export function totalProgress(
  items: readonly UploadItem[],
  batch: UploadsState['batch'] = null,
  now = Date.now(),
): TotalProgress {
  const total = counted(items).reduce((sum, item) => sum + item.bytesTotal, 0);
  const sentNow = sent(items);
  const active = items.filter(isActive).length;
  const elapsed = batch ? now - batch.startedAt : 0;
  const sentInBatch = batch ? sentNow - batch.sentBefore : 0;
  const secondsLeft =
    active > 0 && elapsed >= PACE_AFTER_MS && sentInBatch > 0
      ? Math.ceil(((total - sentNow) * elapsed) / sentInBatch / 1000)
      : null;
  return {
    percent: total === 0 ? 0 : Math.round((sentNow / total) * 100),
    active,
    done: items.filter((item) => item.status === 'done').length,
    count: items.length,
    secondsLeft,
  };
}

/** The hub's error code inside a tus failure text (its JSON error body), if any. */
export function errorCodeIn(message: string): string | undefined {
  return /"code"\s*:\s*"([A-Za-z0-9_]+)"/.exec(message)?.[1];
}
