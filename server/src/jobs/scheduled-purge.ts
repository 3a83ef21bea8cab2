import type { AuditWriter } from '../audit/audit-record';
import type { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import type { JobName } from './job-catalogue';
import type { JobContext } from './job-handler';

/**
 * How a scheduled purge runs: `purge` removes what expired before the clock's now and counts it,
 * then the counts are audited as the job's own row and are its result. Idempotent when `purge` is:
 * a second run finds nothing more and still succeeds.
 */
export async function runScheduledPurge<R extends JsonObject>(
  job: JobName,
  context: JobContext,
  { auditor, clock }: { auditor: AuditWriter; clock: Clock },
  purge: (now: Date) => Promise<R>,
): Promise<R> {
  const counts = await purge(clock.now());
  await auditor.append({
    jobId: context.jobId,
    actor: context.actor,
    action: job,
    outcome: 'success',
    after: counts,
  });
  await context.progress(100);
  return counts;
}
