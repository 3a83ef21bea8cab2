import { Button, Text } from '@chakra-ui/react';
import type { JobSummary } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from '../../api/api-error';
import { cancelJob, retryJob } from '../../api/jobs.api';
import { AlertBanner } from '../../components/ui/alert-banner';
import { AppDialog } from '../../components/ui/dialog';
import { jobNameLabel } from './format';
import { manageKeys } from './manage.queries';

export type JobAction = 'retry' | 'cancel';

interface JobActionDialogProps {
  job: JobSummary;
  action: JobAction;
  onClose(): void;
}

/** Refusals the dashboard explains in words; any other failure gets the generic message and its code. */
const REFUSALS = [
  'JOB_NOT_RETRYABLE',
  'JOB_NOT_CANCELLABLE',
  'FORBIDDEN',
  'NOT_FOUND',
] as const satisfies readonly ApiErrorCode[];
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (code: string | null): code is Refusal => REFUSALS.some((refusal) => refusal === code);

/** Asks before retrying or cancelling a job; the hub decides, and a refusal is said plainly. */
export function JobActionDialog({ job, action, onClose }: JobActionDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => (action === 'retry' ? retryJob(job.id) : cancelJob(job.id)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: manageKeys.all });
      onClose();
    },
  });
  const error = mutation.error;
  const code = isApiError(error) ? error.shownCode : null;
  return (
    <AppDialog
      open
      role="alertdialog"
      dismissible={!mutation.isPending}
      onDismiss={onClose}
      title={t(`manage.actions.${action}Title`)}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            {t('manage.actions.back')}
          </Button>
          <Button
            colorPalette={action === 'cancel' ? 'red' : 'blue'}
            loading={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            {t(`manage.actions.${action}`)}
          </Button>
        </>
      }
    >
      <Text>{t(`manage.actions.${action}Confirm`, { name: jobNameLabel(t, job.name), id: job.id })}</Text>
      {error ? (
        <AlertBanner>
          {isRefusal(code) ? t(`manage.errors.${code}`) : t('manage.errors.action')}
          {code ? ` (${code})` : null}
        </AlertBanner>
      ) : null}
    </AppDialog>
  );
}
