import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/http';
import { useUiStore } from '../ui/ui-store-context';
import { forgetJobs, rememberedJobs } from './started-jobs';

/**
 * Once per page load: jobs started here whose end this browser never saw (it was closed, or the
 * page reloaded, while they ran) are reported in one error dialog, each with its state now, so the
 * user checks the folders and contents they touched. Jobs the hub no longer knows, or that belong
 * to someone else signed in before, are just forgotten.
 */
export function useInterruptedJobs(): void {
  const { t } = useTranslation();
  const { showError } = useUiStore();
  useEffect(() => {
    const ids = rememberedJobs();
    if (!ids.length) return;
    void Promise.all(
      ids.map((id) =>
        request<{ id: string; state: string }>(`/api/jobs/${encodeURIComponent(id)}`).catch(() => null),
      ),
    ).then((jobs) => {
      forgetJobs(ids);
      const known = jobs.filter((job) => job !== null);
      if (known.length)
        showError({
          message: t('error.browserClosed'),
          trace: known.map((job) => `${job.id}: ${job.state}`).join('\n'),
        });
    });
    // Once per page load, whatever re-renders follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
