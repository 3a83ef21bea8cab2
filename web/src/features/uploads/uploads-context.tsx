import { ASSET_ERROR_CODES, HEADER_CSRF, UPLOAD_METADATA_KEYS } from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchAsset, fetchUploadResult } from '../../api/assets.api';
import { assetKeys } from '../../api/assets.queries';
import { isApiError } from '../../api/api-error';
import { useSession } from '../session/use-session';
import { useLanguage } from '../../i18n/use-language';
import { useUiStore } from '../ui/ui-store-context';
import type { NoticeText } from '../ui/ui-store';
import { UploadsContext, useUploadsState, type UploadsApi } from './use-uploads';
import { onDemand } from '../ui/on-demand';
import { loadUploader, type Uploader } from './uploader';
import { waitForJobEnd } from '../jobs/use-job-progress';
import { watchUnreadable } from './watch-unreadable';
import { createUploadsStore, errorCodeIn, totalProgress } from './uploads-store';

export const UPLOAD_ENDPOINT = '/api/uploads';

let nextKey = 0;

/**
 * Waits for a version's pre-flight job, then for the resubmit job it started when it let a
 * rejected content's new version go back to approval step 1: only then has the version's place
 * settled, and the listings and the supplier's rejections are worth asking again.
 */
async function whenChecked(preflightJobId: string): Promise<void> {
  const checked = await waitForJobEnd(preflightJobId);
  const resubmit = (checked?.result as { resubmitJobId?: string | null } | undefined)?.resubmitJobId;
  if (resubmit) await waitForJobEnd(resubmit);
}

/**
 * Owns the page's uploads, so they go on when the dialog closes (the background mode: the header
 * shows their progress). Completion is confirmed by the hub's upload result, then listings refresh.
 */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [store] = useState(createUploadsStore);
  const csrf = useRef(session.csrfToken);
  csrf.current = session.csrfToken;
  const uploader = useRef<Promise<Uploader> | null>(null);
  const ui = useUiStore();
  const [language] = useLanguage();
  const said = useRef({ ui, language });
  said.current = { ui, language };

  const api = useMemo<UploadsApi>(() => {
    const announced = new Set<string>();
    // One notice when the uploads running in the background are all over: how many, and where.
    const announce = () => {
      const { items, lastTarget } = store.getState();
      if (totalProgress(items).active > 0) return;
      const fresh = items.filter((item) => item.status === 'done' && !announced.has(item.key));
      const first = fresh[0];
      if (!first) return;
      fresh.forEach((item) => announced.add(item.key));
      const { ui } = said.current;
      const folder: string | NoticeText =
        lastTarget?.id === first.folderId ? lastTarget.name : { key: 'notices.anotherFolder' };
      ui.notify({ message: { key: 'notices.uploaded', params: { count: fresh.length, folder } } });
    };
    const finish = async (key: string, uploadUrl: string) => {
      store.patchItem(key, { status: 'finishing' });
      const uploadId = uploadUrl.split('/').filter(Boolean).pop() ?? '';
      try {
        const result = await fetchUploadResult(uploadId);
        store.patchItem(key, { status: 'done', preflight: 'checking' });
        // The pre-flight's reasons beside the file as soon as its job ends; what waited for it
        // (step 1, back to approval) has happened then too, so the listings are asked again.
        void whenChecked(result.preflightJobId).then(async () => {
          const checked = await fetchAsset(result.contentId, said.current.language).catch(() => null);
          store.patchItem(key, { preflight: checked?.preflight ?? undefined });
          await queryClient.invalidateQueries({ queryKey: assetKeys.all });
        });
        watchUnreadable(result.contentId, () =>
          store.patchItem(key, { status: 'failed', errorCode: ASSET_ERROR_CODES.UNREADABLE }),
        );
        const version = store.getState().items.find((item) => item.key === key && item.contentId);
        if (version) {
          // A new version says so on its own (issue 23), not as "1 file uploaded to another folder".
          announced.add(key);
          const { ui } = said.current;
          ui.notify({
            message: {
              key: result.jobId ? 'notices.versionSentToApproval' : 'notices.versionSent',
              params: { name: version.name, version: result.version },
            },
          });
          await queryClient.invalidateQueries({ queryKey: assetKeys.detail(result.contentId) });
        }
        // Listings, their totals and the per-view counts: "Archives 19" beside "Results: 19".
        await queryClient.invalidateQueries({ queryKey: assetKeys.all });
        announce();
      } catch (error) {
        store.patchItem(key, { status: 'failed', errorCode: isApiError(error) ? error.code : undefined });
      }
    };
    const getUploader = () => {
      uploader.current ??= loadUploader().then((create) =>
        create(
          { endpoint: UPLOAD_ENDPOINT, headers: () => ({ [HEADER_CSRF]: csrf.current }) },
          {
            onProgress: (key, bytesUploaded, bytesTotal) =>
              store.patchItem(key, { status: 'uploading', bytesUploaded, bytesTotal }),
            onUploaded: (key, uploadUrl) => void finish(key, uploadUrl),
            onFailed: (key, message) =>
              store.patchItem(key, { status: 'failed', errorCode: errorCodeIn(message) }),
          },
        ),
      );
      return uploader.current;
    };
    return {
      store,
      open: (target) => store.openDialog(target),
      async upload(files, folderId) {
        const client = await getUploader();
        const items = files.map((file) => ({
          key: `upload-${++nextKey}`,
          name: file.name,
          folderId,
          bytesTotal: file.size,
          bytesUploaded: 0,
          status: 'queued' as const,
        }));
        store.add(items);
        items.forEach((item, index) => {
          const file = files[index]!;
          try {
            client.add(item.key, file, {
              [UPLOAD_METADATA_KEYS.filename]: file.name,
              [UPLOAD_METADATA_KEYS.folderId]: folderId,
              [UPLOAD_METADATA_KEYS.filetype]: file.type,
            });
          } catch {
            // Uppy refuses a file already queued; the row shows the refusal instead of a silent drop.
            store.patchItem(item.key, { status: 'failed' });
          }
        });
        client.start();
      },
      async uploadVersion(file, contentId, folderId) {
        const client = await getUploader();
        const key = `upload-${++nextKey}`;
        store.add([
          {
            key,
            name: file.name,
            folderId,
            contentId,
            bytesTotal: file.size,
            bytesUploaded: 0,
            status: 'queued',
          },
        ]);
        try {
          client.add(key, file, {
            [UPLOAD_METADATA_KEYS.filename]: file.name,
            [UPLOAD_METADATA_KEYS.folderId]: folderId,
            [UPLOAD_METADATA_KEYS.contentId]: contentId,
            [UPLOAD_METADATA_KEYS.filetype]: file.type,
          });
        } catch {
          store.patchItem(key, { status: 'failed' });
        }
        client.start();
        return key;
      },
      retry(key) {
        store.patchItem(key, { status: 'uploading', errorCode: undefined });
        void getUploader().then((client) => client.retry(key));
      },
    };
  }, [store, queryClient]);

  return (
    <UploadsContext.Provider value={api}>
      {children}
      <UploadDialogHost />
    </UploadsContext.Provider>
  );
}

// Fetched when the dialog first opens: the page's first screen carries the uploads' state only.
const UploadDialog = onDemand(() => import('./upload-dialog').then((module) => module.UploadDialog));

function UploadDialogHost() {
  const target = useUploadsState((state) => state.dialog);
  return target ? <UploadDialog target={target} /> : null;
}
