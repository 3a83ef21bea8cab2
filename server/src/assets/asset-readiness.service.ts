import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, PROCESSING_STATE, type AssetReadinessEvent } from '@paddock/rules';
import { Observable } from 'rxjs';
import type { AuthUser } from '../common/auth-user';
import { QueueName } from '../jobs/job-catalogue';
import { JobEventsService, RECHECK_MS } from '../jobs/job-events.service';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';

/**
 * Tells a listing when the previews it waits for exist. The provider's state is the truth (read
 * with the user's token, so only contents they see); it is re-read whenever a media job ends
 * (the built-in provider's derivatives) and every RECHECK_MS otherwise (a provider with no jobs
 * of ours).
 */
@Injectable()
export class AssetReadinessService {
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: Pick<ContentsGateway, 'contentsByIds'>,
    private readonly jobEvents: JobEventsService,
  ) {}

  watch(user: AuthUser, ids: readonly string[]): Observable<AssetReadinessEvent> {
    return new Observable<AssetReadinessEvent>((subscriber) => {
      const pending = new Set(ids);
      let stopped = false;
      let queued = false;
      let chain = Promise.resolve();
      const check = async () => {
        queued = false;
        const found = await this.contents.contentsByIds(
          user.providerToken,
          [...pending],
          E_CODES.CONTENT_LOOKUP_DETAIL_FAILED,
        );
        const visible = new Set(found.map((c) => c.id));
        for (const id of [...pending]) if (!visible.has(id)) pending.delete(id);
        const ready = found
          .filter((c) => c.state !== PROCESSING_STATE)
          .map((c) => ({ contentId: c.id, state: c.state }));
        for (const r of ready) pending.delete(r.contentId);
        if (ready.length || !pending.size) subscriber.next({ ready, pending: pending.size });
        if (!pending.size) subscriber.complete();
      };
      // A burst of finished jobs asks for one read, not one each.
      const recheck = () => {
        if (stopped || queued) return;
        queued = true;
        chain = chain
          .then(() => (stopped ? undefined : check()))
          .catch((err: unknown) => subscriber.error(err));
      };
      recheck();
      const timer = setInterval(recheck, RECHECK_MS);
      const settled = this.jobEvents.settled(QueueName.Media).subscribe({
        next: recheck,
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      });
      return () => {
        stopped = true;
        clearInterval(timer);
        settled.unsubscribe();
      };
    });
  }
}
