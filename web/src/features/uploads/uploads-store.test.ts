import { createUploadsStore, totalProgress, type UploadItem } from './uploads-store';

const file = (key: string, patch: Partial<UploadItem> = {}): UploadItem => ({
  key,
  name: `${key}.jpg`,
  folderId: 'f1',
  bytesTotal: 1000,
  bytesUploaded: 0,
  status: 'queued',
  ...patch,
});

describe('the upload list’s totals (issue 23: 60 files and no done count or time left)', () => {
  it('counts the files done out of all, and estimates the time left at the batch’s pace', () => {
    const store = createUploadsStore();
    store.add([file('a'), file('b'), file('c'), file('d')], 10_000);
    store.patchItem('a', { status: 'done', bytesUploaded: 1000 });
    store.patchItem('b', { status: 'uploading', bytesUploaded: 500 });
    const { items, batch } = store.getState();

    // 1500 of 4000 bytes in 3 s: the 2500 left take 5 s more.
    expect(totalProgress(items, batch, 13_000)).toEqual({
      percent: 38,
      active: 3,
      done: 1,
      count: 4,
      secondsLeft: 5,
    });
  });

  it('says no time left before the pace is known, nor once nothing runs', () => {
    const store = createUploadsStore();
    store.add([file('a')], 10_000);
    store.patchItem('a', { status: 'uploading', bytesUploaded: 100 });
    expect(totalProgress(store.getState().items, store.getState().batch, 10_500).secondsLeft).toBeNull();
    store.patchItem('a', { status: 'done', bytesUploaded: 1000 });
    expect(totalProgress(store.getState().items, store.getState().batch, 20_000)).toMatchObject({
      secondsLeft: null,
      done: 1,
      count: 1,
    });
  });

  it('files added while others run join their batch; a later batch starts its own pace', () => {
    const store = createUploadsStore();
    store.add([file('a')], 10_000);
    store.patchItem('a', { status: 'uploading', bytesUploaded: 400 });
    store.add([file('b')], 11_000);
    expect(store.getState().batch).toEqual({ startedAt: 10_000, sentBefore: 0 });
    store.patchItem('a', { status: 'done', bytesUploaded: 1000 });
    store.patchItem('b', { status: 'done', bytesUploaded: 1000 });
    store.add([file('c')], 50_000);
    expect(store.getState().batch).toEqual({ startedAt: 50_000, sentBefore: 2000 });
  });
});
