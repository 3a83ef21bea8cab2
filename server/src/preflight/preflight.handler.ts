import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { evaluatePreflight, specialCodeOf, type ContentType, type PreflightFacts } from '@paddock/rules';
import { JobName, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobHandler } from '../jobs/job-handler';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { readFileFacts } from './preflight-facts';
import { PreflightRepository } from './preflight.repository';

type Preflight = JobName.Preflight;

/** The department whose rules apply: the one its workflow folder names, else the uploader's. */
function departmentOf(content: ProviderContentDetail, uploaders: string | null): string | null {
  const named = content.linkedCategories.map((f) => specialCodeOf(f.prettyId)?.department).find(Boolean);
  return named ?? uploaders?.toLowerCase() ?? null;
}

/**
 * Pre-flight of an uploaded version (issue 27 point 1): its bytes read with the service account,
 * the facts its asset type's rules need, the archive searched for the same bytes and a similar
 * picture, the department's rules judged, the report kept beside the version. Idempotent: a retry
 * writes the same report again; a version that is no longer current is left to its own job.
 */
@JobHandlerFor(JobName.Preflight)
@Injectable()
export class PreflightHandler implements JobHandler<Preflight> {
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
    private readonly repository: PreflightRepository,
  ) {}

  async handle({ contentId, version, department }: JobPayloads[Preflight]): Promise<JobResults[Preflight]> {
    const workDir = await mkdtemp(join(tmpdir(), 'paddock-preflight-'));
    try {
      return await this.service.withToken(async (token) => {
        const [content] = await this.contents.contentsByIds(token, [contentId]);
        if (!content || content.version !== version) return { verdict: null };
        const path = join(workDir, 'source');
        const sha256 = await this.download(token, contentId, path);
        const { dhash, ...facts } = await readFileFacts(
          path,
          content.contentType as ContentType,
          content.source?.fileName ?? content.locales[0]?.name ?? '',
          workDir,
        );
        const matches = await this.duplicates(token, contentId, sha256, dhash);
        const place = departmentOf(content, department);
        const { rules } = await this.repository.rulesOf(place);
        const report = evaluatePreflight(rules, { ...facts, ...matches });
        await this.repository.save({ contentId, version, department: place, sha256, dhash, ...report });
        return { verdict: report.verdict };
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** The same bytes and similar pictures among the contents that still exist. */
  private async duplicates(
    token: string,
    contentId: string,
    sha256: string,
    dhash: string | null,
  ): Promise<Pick<PreflightFacts, 'exactDuplicates' | 'nearDuplicates'>> {
    const exact = await this.repository.sameBytes(sha256, contentId);
    const near = dhash ? await this.repository.similarPictures(dhash, contentId) : [];
    const candidates = [...new Set([...exact, ...near.map((m) => m.assetId)])];
    const existing = new Set(
      candidates.length ? (await this.contents.contentsByIds(token, candidates)).map((c) => c.id) : [],
    );
    return {
      exactDuplicates: { value: exact.filter((id) => existing.has(id)) },
      ...(dhash ? { nearDuplicates: { value: near.filter((m) => existing.has(m.assetId)) } } : {}),
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
