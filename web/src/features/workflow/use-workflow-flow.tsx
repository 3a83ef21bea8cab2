import { LIMITS, WORKFLOW_ERROR_CODES, type FolderNode, type Place } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { useLanguage } from '../../i18n/use-language';
import { ConfirmDialog } from './confirm-dialog';
import { FolderPickerDialog } from './folder-picker-dialog';
import { RejectNoteDialog } from './reject-note-dialog';
import { useWorkflowJob } from './use-workflow-job';
import { enrichmentRoots, isLastStep } from './workflow-folders';

/** What a user starts from a button; each opens its dialog first. */
export type FlowAction = 'accept' | 'reject' | 'move' | 'delete' | 'restore' | 'supplier-remove';

type FlowDialog =
  | 'accept'
  | 'enrichment'
  | 'reject'
  | 'move'
  | 'delete'
  | 'permanent-delete'
  | 'restore'
  | 'restore-elsewhere'
  | 'supplier-remove';

export interface WorkflowFlowOptions {
  /** The listing's folder: the hub derives the view from it. */
  folderId: string;
  place: Place | undefined;
  contentIds: readonly string[];
  /** After the job's completion event, its outcomes reported and the listings refreshed. */
  onFinished(): void;
}

export interface WorkflowFlow {
  start(action: FlowAction): void;
  /** The detail modal's reject panel sends its note and drawing straight away. */
  reject(note: string, canvas: string | undefined): Promise<boolean>;
  busy: boolean;
  progress: number | null;
  /** The dialog of the action in progress, to render where the flow is used. */
  dialogs: ReactNode;
}

/** Dialogs, submit and job tracking of the workflow actions, shared by the detail modal and the smart bar. */
export function useWorkflowFlow({
  folderId,
  place,
  contentIds,
  onFinished,
}: WorkflowFlowOptions): WorkflowFlow {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const tree = useQuery(folderTreeQueryOptions(language));
  const roots = tree.data?.roots ?? [];
  const [dialog, setDialog] = useState<FlowDialog | null>(null);
  const job = useWorkflowJob(() => onFinished());
  const base = { contentIds: [...contentIds], folderId };
  const count = contentIds.length;
  const close = () => setDialog(null);
  const done = (queued: boolean) => {
    if (queued) close();
    return queued;
  };

  const accept = async (enrichmentFolderId?: string) =>
    done(
      await job.submit('accept', { ...base, enrichmentFolderId }, (code) => {
        if (code !== WORKFLOW_ERROR_CODES.ENRICHMENT_FOLDER_REQUIRED) return false;
        setDialog('enrichment');
        return true;
      }),
    );

  // Back where each came from by default; where the hub does not know it, the user picks a folder.
  const restoreToOrigin = async () =>
    done(
      await job.submit('restore', base, (code) => {
        if (code !== WORKFLOW_ERROR_CODES.ORIGIN_UNAVAILABLE) return false;
        setDialog('restore-elsewhere');
        return true;
      }),
    );

  const start = (action: FlowAction) => {
    if (action === 'delete' && place?.view === 'departmentJunk') setDialog('permanent-delete');
    // At the last step the move dialog choosing the enrichment folder is the confirmation (SPEC §4).
    else if (action === 'accept' && place && isLastStep(roots, folderId, place)) setDialog('enrichment');
    else setDialog(action);
  };

  const picker = (title: string, folders: readonly FolderNode[], onPick: (folder: FolderNode) => void) => (
    <FolderPickerDialog
      title={title}
      roots={folders}
      excludeIds={[folderId]}
      confirmLabel={t('workflow.picker.confirm')}
      busy={job.busy}
      onPick={onPick}
      onCancel={close}
    />
  );
  const confirm = (
    key: 'accept' | 'delete' | 'permanentDelete' | 'supplierRemove' | 'restore',
    run: () => Promise<boolean>,
    danger = false,
    alternative?: { label: string; onSelect(): void },
  ) => (
    <ConfirmDialog
      alternative={alternative}
      title={t(`workflow.${key}.title`)}
      message={t(`workflow.${key}.message`, { count, days: LIMITS.junkRetentionDays })}
      confirmLabel={t(`workflow.${key}.confirm`)}
      danger={danger}
      busy={job.busy}
      onConfirm={() => void run()}
      onCancel={close}
    />
  );

  const dialogs = (() => {
    switch (dialog) {
      case 'accept':
        return confirm('accept', () => accept());
      case 'enrichment':
        return picker(
          t('workflow.accept.enrichmentTitle'),
          enrichmentRoots(roots, place?.department ?? null),
          (f) => void accept(f.id),
        );
      case 'reject':
        return (
          <RejectNoteDialog
            count={count}
            busy={job.busy}
            onCancel={close}
            onConfirm={(note) => void job.submit('reject', { ...base, note }).then(done)}
          />
        );
      case 'move':
        return picker(
          t('workflow.move.title'),
          roots,
          (f) => void job.submit('move', { ...base, toFolderId: f.id }).then(done),
        );
      case 'restore':
        return confirm('restore', restoreToOrigin, false, {
          label: t('workflow.restore.choose'),
          onSelect: () => setDialog('restore-elsewhere'),
        });
      case 'restore-elsewhere':
        return picker(
          t('workflow.restore.title'),
          roots,
          (f) => void job.submit('restore', { ...base, toFolderId: f.id }).then(done),
        );
      case 'delete':
        return confirm('delete', async () => done(await job.submit('delete', base)), true);
      case 'permanent-delete':
        return confirm('permanentDelete', async () => done(await job.submit('permanent-delete', base)), true);
      case 'supplier-remove':
        return confirm('supplierRemove', async () => done(await job.submit('supplier-remove', base)), true);
      case null:
        return null;
    }
  })();

  return {
    start,
    reject: async (note, canvas) => job.submit('reject', { ...base, note, canvas }),
    busy: job.busy,
    progress: job.progress,
    dialogs,
  };
}
