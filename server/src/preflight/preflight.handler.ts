import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, evaluatePreflight, type ContentType, type PreflightFacts } from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { JobName, type AfterPreflight, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import { JobsService } from '../jobs/jobs.service';
import { WorkflowFolders } from '../places/workflow-folders';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { DuplicatePairsRepository } from './duplicate-pairs.repository';
import { FingerprintsRepository, type Fingerprint } from './fingerprints.repository';
import { readFileFacts } from './preflight-facts';
import { resubmitJobIdOf } from './preflight-job-id';
import { departmentOfContent } from '../places/content-department';
import { PreflightRepository } from './preflight.repository';

type Preflight = JobName.Preflight;

/**
 * Pre-flight of an uploaded version (issue 27 point 1): its bytes read with the service account,
 * the facts its asset type's rules need, the archive searched for the same bytes and a similar
 * picture, the department's rules judged, the report kept beside the version. Then, unless the
 * verdict blocks, the version does what waited for it: a delivery enters approval step 1, a
 * rejected content's new version goes back to it (the resubmit job). A blocked version stays where
 * it was uploaded, its reasons on its detail. Idempotent: a retry writes the same report again,
 * links again and submits the same resubmit job id; a version no longer current is left to its own job.
 */
@JobHandlerFor(JobName.Preflight)
@Injectable()
export class PreflightHandler implements JobHandler<Preflight> {
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
    @Inject(FOLDERS_GATEWAY) private readonly folders: FoldersGateway,
    private readonly places: WorkflowFolders,
    private readonly jobs: JobsService,
    private readonly repository: PreflightRepository,
    private readonly pairs: DuplicatePairsRepository,
    private readonly fingerprints: FingerprintsRepository,
  ) {}

  async handle(payload: JobPayloads[Preflight], context: JobContext): Promise<JobResults[Preflight]> {
    const verdict = await this.judge(payload);
    if (verdict === null || verdict === 'block') return { verdict, resubmitJobId: null };
    return { verdict, resubmitJobId: await this.proceed(payload, context.actor) };
  }

  /** What waited for the verdict; the resubmit job's id when it is one. */
  private async proceed(
    { contentId, version, afterwards }: JobPayloads[Preflight],
    actor: string,
  ): Promise<string | null> {
    if (!afterwards) return null;
    if (afterwards.kind === 'resubmit') {
      const { jobId } = await this.jobs.submit(JobName.WorkflowResubmit, afterwards.payload, actor, {
        jobId: resubmitJobIdOf(contentId, version),
      });
      return jobId;
    }
    await this.enterStep1(contentId, afterwards);
    return null;
  }

  private async enterStep1(
    contentId: string,
    { folderId }: Extract<NonNullable<AfterPreflight>, { kind: 'enterStep1' }>,
  ): Promise<void> {
    const { notLinked } = await this.service.withToken((token) =>
      this.folders.linkContents(token, folderId, [contentId]),
    );
    if (notLinked.length)
      throw new DomainError(E_CODES.ACCEPT_LINK_FAILED, 'The delivery could not enter approval step 1');
  }

  /** The version's report, kept; its verdict, or null when the version is gone or replaced. */
  private async judge({ contentId, version, department, afterwards }: JobPayloads[Preflight]) {
    const workDir = await mkdtemp(join(tmpdir(), 'paddock-preflight-'));
    try {
      return await this.service.withToken(async (token) => {
        const [content] = await this.contents.contentsByIds(token, [contentId]);
        if (!content || content.version !== version) return null;
        const path = join(workDir, 'source');
        const sha256 = await this.download(token, contentId, path);
        const { dhash, ...facts } = await readFileFacts(
          path,
          content.contentType as ContentType,
          content.source?.fileName ?? content.locales[0]?.name ?? '',
          workDir,
        );
        const matches = await this.duplicates(token, { contentId, version, sha256, dhash });
        // The department whose rules apply: the one its workflow folder names, else the uploader's.
        const place = departmentOfContent(content, department);
        const { rules } = await this.repository.rulesOf(place);
        const report = evaluatePreflight(rules, { ...facts, ...matches });
        await this.repository.save({
          contentId,
          version,
          department: place,
          gates: afterwards !== null,
          ...report,
        });
        return report.verdict;
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * The version's fingerprint kept first, so that two copies uploaded at once find each other (the
   * later search sees the earlier row); every match a pair to review (issue 27 point 2), wherever
   * the other content stands; the archived ones (in a folder of the archives view) for the rules.
   */
  private async duplicates(
    token: string,
    fingerprint: Fingerprint,
  ): Promise<Pick<PreflightFacts, 'exactDuplicates' | 'nearDuplicates'>> {
    await this.fingerprints.save(fingerprint);
    const matches = await this.fingerprints.matchesOf(fingerprint);
    await this.pairs.record(fingerprint.contentId, matches);
    const found = matches.length
      ? await this.contents.contentsByIds(
          token,
          matches.map((m) => m.otherId),
        )
      : [];
    const archived = new Set<string>();
    for (const content of found)
      if (await this.places.firstFolderIn(content.linkedCategoryIds, (view) => view === 'archives'))
        archived.add(content.id);
    const kept = matches.filter((m) => archived.has(m.otherId));
    return {
      exactDuplicates: { value: kept.filter((m) => m.match === 'exact').map((m) => m.otherId) },
      ...(fingerprint.dhash
        ? {
            nearDuplicates: {
              value: kept
                .filter((m) => m.match === 'near')
                .map((m) => ({ assetId: m.otherId, distance: m.distance })),
            },
          }
        : {}),
    };
  }

  /** The current source to `path`, hashed on the way. */
  private async download(token: string, contentId: string, path: string): Promise<string> {
    const bytes = await this.contents.stream(token, contentId, 'source', {});
    const hash = createHash('sha256');
    await pipeline(
      bytes.body,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(path),
    );
    return hash.digest('hex');
  }
}
