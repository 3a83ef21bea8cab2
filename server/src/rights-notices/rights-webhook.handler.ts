import { Inject, Injectable } from '@nestjs/common';
import { RIGHTS_NOTICE_ERROR_CODES, WEBHOOK_LIMITS } from '@paddock/rules';
import { CLOCK, type Clock } from '../common/clock';
import { JobName, policyOf, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { TransientJobError } from '../jobs/job-errors';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { RightsNoticesRepository } from './rights-notices.repository';
import { deliveryHeaders } from './webhook-signature';

type Deliver = JobName.RightsWebhook;

/**
 * One webhook delivery (docs/rights-notices.md): the stored body POSTed to the endpoint, signed
 * for this try (X-Paddock-Signature over the timestamp and the body), with the notice's id as
 * Idempotency-Key. A 2xx marks it delivered (and its notice sent); anything else, a redirect or no
 * answer within WEBHOOK_LIMITS.timeoutMs is recorded and retried with backoff, failed after the
 * last try. A delivered one is never sent again; an endpoint deactivated meanwhile ends it failed.
 */
@JobHandlerFor(JobName.RightsWebhook)
@Injectable()
export class RightsWebhookHandler implements JobHandler<Deliver> {
  constructor(
    private readonly notices: RightsNoticesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(p: JobPayloads[Deliver], c: JobContext): Promise<JobResults[Deliver]> {
    const d = await this.notices.delivery(p.deliveryId);
    if (!d) return { delivered: false, status: null };
    if (d.state === 'delivered') return { delivered: true, status: d.lastStatus };
    const at = this.clock.now();
    if (!d.endpoint.active) {
      await this.notices.recordTry(d.id, {
        state: 'failed',
        status: null,
        error: 'endpoint deactivated',
        at,
      });
      return { delivered: false, status: null };
    }
    let status: number | null = null;
    let error: string;
    try {
      const res = await fetch(d.endpoint.url, {
        method: 'POST',
        headers: deliveryHeaders(
          d.endpoint.secret,
          { id: d.noticeId ?? d.id, event: d.event, body: d.body },
          Math.floor(at.getTime() / 1000),
        ),
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutMs),
      });
      status = res.status;
      await res.body?.cancel();
      if (res.ok) {
        await this.notices.recordTry(d.id, { state: 'delivered', status, error: null, at: this.clock.now() });
        return { delivered: true, status };
      }
      error = `HTTP ${status}`;
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 500) : String(e);
    }
    const last = c.attempt >= policyOf(JobName.RightsWebhook).attempts;
    await this.notices.recordTry(d.id, { state: last ? 'failed' : 'pending', status, error, at });
    throw new TransientJobError(
      RIGHTS_NOTICE_ERROR_CODES.WEBHOOK_UNDELIVERED,
      `The webhook receiver did not take the delivery: ${error}`,
    );
  }
}
