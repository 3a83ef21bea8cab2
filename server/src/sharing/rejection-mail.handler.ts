import { Inject, Injectable } from '@nestjs/common';
import { SHARE_ERROR_CODES, assetLocaleOf, nameIn } from '@paddock/rules';
import { AuditRepository } from '../audit/audit.repository';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { JobName, type RejectionMailPayload } from '../jobs/job-catalogue';
import { TransientJobError } from '../jobs/job-errors';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { RejectionMails, rejectionMailTarget } from './rejection-mail';
import { PersonNames } from '../users/person-names';
import { ShareMailer } from './share-mailer';

/**
 * The supplier's mail about a rejected delivery (issue 23), as a durable job: the asset's name and
 * the department in the supplier's language, who rejected it and why, and the portal's address.
 * Sent once: the job's success row in the audit tells a later try that it is done, and the mailer's
 * outbox that the mail server took it already (a worker that died before the audit row). Asked again whether the supplier still wants it, so a
 * choice undone meanwhile is honoured.
 */
@JobHandlerFor(JobName.RejectionMail)
@Injectable()
export class RejectionMailHandler implements JobHandler<JobName.RejectionMail> {
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(FOLDERS_GATEWAY) private readonly folders: FoldersGateway,
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
    private readonly mails: RejectionMails,
    private readonly mailer: ShareMailer,
    private readonly audit: AuditRepository,
    private readonly people: PersonNames,
  ) {}

  async handle(p: RejectionMailPayload, c: JobContext): Promise<{ sent: number }> {
    if (await this.audit.jobSucceeded(c.jobId, JobName.RejectionMail)) return { sent: 1 };
    const facts = await this.session.withToken(async (token) => {
      const [content] = await this.contents.contentsByIds(token, [p.contentId]);
      const [workFolder] = await this.folders.foldersByIds(token, [p.workFolderId]);
      return { content, top: workFolder?.ancestorIds[0] ?? null, token };
    });
    const target =
      facts.content && rejectionMailTarget(facts.content, await this.mails.candidate(p.recipient));
    if (!facts.content || !target) return this.done(c, p, 0);
    const lang = target.language;
    const [top] = facts.top
      ? await this.session.withToken((token) =>
          this.folders.foldersByIds(token, [facts.top!], assetLocaleOf(lang)),
        )
      : [];
    try {
      await this.mailer.sendRejection(
        {
          to: target.to,
          language: lang,
          assetName: nameIn(facts.content.locales, lang),
          department: top ? nameIn(top.names, lang) : '',
          rejectedBy: await this.people.nameOf(p.rejectedBy),
          note: p.note,
          url: new URL('/home', this.config.PUBLIC_URL).toString(),
        },
        c.jobId,
      );
    } catch {
      throw new TransientJobError(SHARE_ERROR_CODES.MAIL_FAILED, 'The mail server did not take the mail');
    }
    return this.done(c, p, 1);
  }

  private async done(c: JobContext, p: RejectionMailPayload, sent: number): Promise<{ sent: number }> {
    await this.audit.recordJobOutcome({
      jobId: c.jobId,
      actor: c.actor,
      action: JobName.RejectionMail,
      outcome: 'success',
      after: { contentId: p.contentId, recipient: p.recipient, sent },
    });
    return { sent };
  }
}
