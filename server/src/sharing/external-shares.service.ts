import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DASHBOARD_PAGE,
  ERROR_CODES,
  FALLBACK_LANGUAGE,
  LIMITS,
  SHARE_ERROR_CODES,
  defaultShareExpiry,
  isLanguage,
  isValidShareExpiry,
  parseRecipients,
  sharePasswordProblems,
  type ExternalShareListResponse,
  type ExternalShareSummary,
  type ShareAccessEvent,
  type ShareSendersResponse,
  type ShareState,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { JobName } from '../jobs/job-catalogue';
import { JobsRepository } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import {
  EXTERNAL_SHARES_GATEWAY,
  type ExternalSharesGateway,
  type ProviderShare,
  type SharePage,
} from '../provider/external-shares.gateway';
import { ProviderError } from '../common/provider-error';
import { SelectionPolicy } from '../places/selection-policy';
import type { ExternalShareRequestDto } from './external-shares.dto';
import { ShareRate } from './share-rate';
import { ShareSecrets } from './share-secrets';
import { refuseUnreadable } from '../assets/unreadable-contents';
import { refuseImagesWithoutBoxes } from '../plates/plate-share-check';
import { shareNotAllowed, shareNotInFolder } from './share-refusals';

/**
 * External shares (SPEC §2, §3, §6): every check is made here with the user's token before
 * anything is enqueued or stored; the job (ExternalShareHandler) then creates the share at the
 * provider for the user and mails it.
 */
@Injectable()
export class ExternalSharesService {
  constructor(
    @Inject(EXTERNAL_SHARES_GATEWAY) private readonly shares: ExternalSharesGateway,
    private readonly policy: SelectionPolicy,
    private readonly jobs: JobsService,
    private readonly secrets: ShareSecrets,
    private readonly rate: ShareRate,
    private readonly jobRecords: JobsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(user: AuthUser, body: ExternalShareRequestDto): Promise<{ jobId: string }> {
    const problems = sharePasswordProblems(body.password);
    if (problems.length)
      throw new DomainError(SHARE_ERROR_CODES.WEAK_PASSWORD, 'The password does not follow the rule', {
        problems,
      });
    const contentIds = [...new Set(body.contentIds)];
    if (contentIds.length > LIMITS.externalShareMaxFiles)
      throw new DomainError(
        SHARE_ERROR_CODES.TOO_MANY_FILES,
        `At most ${LIMITS.externalShareMaxFiles} files at once`,
        {
          max: LIMITS.externalShareMaxFiles,
        },
      );
    let recipients: string[] = [];
    if (body.type === 'email') {
      const parsed = parseRecipients(body.recipients ?? '');
      if (!parsed.ok) throw new DomainError(parsed.code, 'Check the recipients', { invalid: parsed.invalid });
      recipients = parsed.recipients;
    }
    const now = this.clock.now();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : defaultShareExpiry(now);
    if (!isValidShareExpiry(expiresAt, now))
      throw new DomainError(SHARE_ERROR_CODES.BAD_EXPIRY, 'Choose a later date');
    const found = await this.policy.visibleContents(user, contentIds, body.folderId);
    const refused = await this.policy.refused(user, 'share', found, body.folderId, shareNotInFolder);
    if (refused.length) throw shareNotAllowed(refused);
    refuseUnreadable(found);
    refuseImagesWithoutBoxes(found);
    // Last, so that only a share that would be made counts against the user's rate.
    await this.rate.reserve(user.username, recipients.length);
    const jobId = randomUUID();
    try {
      await this.secrets.put(jobId, body.password);
      return await this.jobs.submit(
        JobName.ExternalShare,
        {
          type: body.type,
          name: body.name,
          contentIds,
          message: body.message ?? '',
          disclaimer: body.disclaimer ?? '',
          contentDownload: body.contentDownload,
          expiresAt: expiresAt.toISOString(),
          language: body.language,
          recipients,
          folderId: body.folderId,
        },
        user.username,
        { jobId },
      );
    } catch (error) {
      await Promise.all([this.secrets.forget(jobId), this.rate.refund(user.username, recipients.length)]);
      throw error;
    }
  }

  /** Who submitted how many external shares and recipients within the rate's window, from the job records. */
  async senders(): Promise<ShareSendersResponse> {
    const { maxShares, maxRecipients, windowMs } = this.rate.policy;
    const counts = await this.jobRecords.countsBySubmitter(
      JobName.ExternalShare,
      'recipients',
      new Date(this.clock.now().getTime() - windowMs),
      DASHBOARD_PAGE.max,
    );
    return {
      windowMinutes: windowMs / 60_000,
      maxShares,
      maxRecipients,
      items: counts.map((c) => ({ username: c.createdBy, shares: c.jobs, recipients: c.listed })),
    };
  }

  /** A page of the user's shares for the management panel, newest first. */
  async list(user: AuthUser, page: SharePage): Promise<ExternalShareListResponse> {
    const { shares, next } = await this.shares.list(user.providerToken, page);
    return { items: shares.map(summaryOf), nextCursor: next };
  }

  /** One of the user's shares with its links, read from the provider as the user (the job keeps none). */
  async get(user: AuthUser, id: string): Promise<ExternalShareSummary> {
    return summaryOf(await notFoundAsShare(() => this.shares.status(user.providerToken, id)));
  }

  async events(user: AuthUser, id: string): Promise<ShareAccessEvent[]> {
    return notFoundAsShare(() => this.shares.events(user.providerToken, id));
  }

  async revoke(user: AuthUser, id: string): Promise<void> {
    await notFoundAsShare(() => this.shares.revoke(user.providerToken, id));
  }

  async revokeRecipient(user: AuthUser, id: string, recipientId: string): Promise<void> {
    await notFoundAsShare(() => this.shares.revokeRecipient(user.providerToken, id, recipientId));
  }
}

/** The provider's "no such share" (unknown, someone else's, revoked already) as SHARE_NOT_FOUND. */
async function notFoundAsShare<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError && error.code === ERROR_CODES.NOT_FOUND)
      throw new DomainError(SHARE_ERROR_CODES.NOT_FOUND, 'No such share');
    throw error;
  }
}

function stateOf(share: ProviderShare): ShareState {
  if (share.revoked) return 'revoked';
  if (share.state.status === 'failed') return 'failed';
  if (share.expired) return 'expired';
  return share.state.status === 'pending' ? 'pending' : 'active';
}

export function summaryOf(share: ProviderShare): ExternalShareSummary {
  const language = isLanguage(share.language) ? share.language : FALLBACK_LANGUAGE;
  return {
    id: share.id,
    name: share.name,
    type: share.type === 'EMAIL' ? 'email' : 'link',
    language,
    state: stateOf(share),
    failure: share.state.failure ?? null,
    createdAt: share.createdAt,
    expiresAt: share.expirationDate,
    assetCount: share.contentCount,
    contentDownload: share.contentDownload === 'enabled',
    views: share.recipients.reduce((n, r) => n + r.views, 0),
    downloads: share.recipients.reduce((n, r) => n + r.downloads, 0),
    url: share.type === 'LINK' ? share.url : null,
    recipients: share.recipients
      .filter((r) => r.email !== null)
      .map((r) => ({
        id: r.id,
        email: r.email ?? '',
        url: r.url,
        revoked: r.revoked,
        sentAt: r.sentAt,
        views: r.views,
        downloads: r.downloads,
        lastOpenedAt: r.lastOpenedAt,
      })),
  };
}
