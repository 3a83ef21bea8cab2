import { Injectable } from '@nestjs/common';
import { DEFAULT_LANGUAGE, FOLDER_CODES, specialCodeOf, type Language } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';
import { JobName, type WorkflowPayload } from '../jobs/job-catalogue';
import type { JobContext } from '../jobs/job-handler';
import { JobsService } from '../jobs/jobs.service';
import { userPreferencesOf, type UserPreferences } from '../profile/profile.types';
import type { ProviderContentDetail } from '../provider/contents.gateway';

/** The uploader of a rejected content as the hub knows them: directory entry and preferences. */
export interface MailCandidate {
  email: string;
  roles: readonly string[];
  preferences: UserPreferences;
}

/** Who is told of a rejection by e-mail, in which language, about which delivery. */
export interface RejectionMailTarget {
  to: string;
  language: Language;
  workFolderId: string;
}

/**
 * Whether a rejection is mailed (issue 23): only a supplier's delivery (a content in a supplier
 * work folder), only to its uploader when a supplier who chose the mail and has an address; in
 * their profile language, else Italian.
 */
export function rejectionMailTarget(
  content: Pick<ProviderContentDetail, 'linkedCategories'>,
  uploader: MailCandidate | null,
): RejectionMailTarget | null {
  const workFolder = content.linkedCategories.find(
    (f) => specialCodeOf(f.prettyId)?.code === FOLDER_CODES.supplierWork,
  );
  if (!workFolder || !uploader) return null;
  if (!uploader.roles.includes('supplier') || uploader.preferences.rejectionMail !== true) return null;
  const to = uploader.email.trim();
  if (!to) return null;
  return { to, language: uploader.preferences.language ?? DEFAULT_LANGUAGE, workFolderId: workFolder.id };
}

/** The one mail job of a rejection: a retried reject job finds it already submitted. */
export function rejectionMailJobId(rejectJobId: string, contentId: string): string {
  return `rejection-mail-${rejectJobId}-${contentId}`;
}

/** Reads a rejected content's uploader and submits the mail job when they are to be told. */
@Injectable()
export class RejectionMails {
  constructor(
    private readonly prisma: HubPrismaService,
    private readonly jobs: JobsService,
  ) {}

  async candidate(username: string): Promise<MailCandidate | null> {
    const [user, stored] = await Promise.all([
      this.prisma.directoryUser.findUnique({ where: { username }, select: { email: true, roles: true } }),
      this.prisma.userPreferences.findUnique({ where: { username }, select: { preferences: true } }),
    ]);
    return user && { ...user, preferences: userPreferencesOf(stored?.preferences) };
  }

  /** After the reject step of `content` succeeded in job `c`. */
  async rejected(content: ProviderContentDetail, p: WorkflowPayload, c: JobContext): Promise<void> {
    const target = rejectionMailTarget(content, await this.candidate(content.owner));
    if (!target) return;
    await this.jobs.submit(
      JobName.RejectionMail,
      {
        contentId: content.id,
        workFolderId: target.workFolderId,
        recipient: content.owner,
        rejectedBy: c.actor,
        note: p.note ?? '',
      },
      c.actor,
      { jobId: rejectionMailJobId(c.jobId, content.id) },
    );
  }
}
