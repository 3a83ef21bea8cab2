import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { BlobDigest } from '../../blob-store/blob-digest';
import {
  BLOB_STORE,
  BlobNotFoundError,
  type BlobMeasured,
  type BlobStore,
} from '../../blob-store/blob-store';
import { JobName, policyOf, type JobPayloads, type JobResults } from '../../jobs/job-catalogue';
import { classifyJobError, PermanentJobError } from '../../jobs/job-errors';
import { JobHandlerFor, type JobContext, type JobHandler } from '../../jobs/job-handler';
import { DERIVATIVE_ERROR_CODES } from './derivatives.errors';
import {
  DerivativesRepository,
  type DerivationSource,
  type MetadataValue,
  type StoredDerivative,
} from './derivatives.repository';
import { deriveMedia, type Derived, type DerivedFile } from '../../media/media-deriver';

type Make = JobName.MakeDerivatives;

/** Where a version's derivative of a kind lives: fixed, so a re-run overwrites instead of piling up. */
export function derivativeKey(
  contentId: string,
  version: number,
  file: Pick<DerivedFile, 'kind' | 'extension'>,
): string {
  return `derivatives/${contentId}/${version}/${file.kind}.${file.extension}`;
}

/** Extensions become file names in the work directory: keep them plain. */
function safeExtension(extension: string): string {
  return /^[a-z0-9]{1,10}$/i.test(extension) ? extension.toLowerCase() : 'bin';
}

/** The SPEC §3 keys this job writes, from the source and what the tools found. */
export function extractedMetadata(size: bigint, sha256: string, derived: Derived): MetadataValue[] {
  const { facts } = derived;
  const values: MetadataValue[] = [{ key: 'size', value: size.toString(), valueNum: Number(size) }];
  if (facts.width && facts.height)
    values.push({ key: 'resolution', value: `${facts.width}x${facts.height}` });
  if (facts.dpi) values.push({ key: 'dpi', value: String(facts.dpi), valueNum: facts.dpi });
  if (facts.createdAt)
    values.push({
      key: 'creation_date',
      value: facts.createdAt.toISOString(),
      // value_num keeps dates as epoch ms (schema.prisma), the unit the search filters compare in.
      valueNum: facts.createdAt.getTime(),
    });
  if (facts.durationMs !== undefined)
    values.push({ key: 'duration', value: String(facts.durationMs), valueNum: facts.durationMs });
  values.push({
    key: 'fingerprint',
    value: facts.dhash ? `sha256:${sha256} dhash:${facts.dhash}` : `sha256:${sha256}`,
  });
  return values;
}

/** Whether this error ends the job for good: permanent, or the last of the attempts. */
function givesUp(error: unknown, context: JobContext): boolean {
  return classifyJobError(error).permanent || context.attempt >= policyOf(JobName.MakeDerivatives).attempts;
}

/**
 * Makes a content version's derivatives (thumb, preview, poster, proxy), its extracted metadata
 * and fingerprint, then marks the content READY (a photo already once its thumb exists) — or FAILED when the media cannot be read (with
 * no derivatives, or with the typed placeholder when an outside converter could not make a preview).
 * Idempotent: the same blob keys and rows are written again; kinds no longer made are removed.
 */
@JobHandlerFor(JobName.MakeDerivatives)
@Injectable()
export class MakeDerivativesHandler implements JobHandler<Make> {
  constructor(
    private readonly repository: DerivativesRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async handle(payload: JobPayloads[Make], context: JobContext): Promise<JobResults[Make]> {
    const { contentId, version } = payload;
    const source = await this.repository.findSource(contentId, version);
    if (!source)
      throw new PermanentJobError(
        DERIVATIVE_ERROR_CODES.SOURCE_MISSING,
        `Content ${contentId} has no version ${version}`,
      );
    // A newer version was uploaded meanwhile: its own job makes what the content shows. This one's
    // renditions are still made once, as the record of what was sent: a new version is compared
    // beside it (issue 27); the content's state and metadata stay the current version's (saveResult).
    if (
      source.currentVersion !== version &&
      (await this.repository.derivativeKeys(contentId, version)).length
    )
      return { derivatives: [], state: 'skipped' };
    try {
      return await this.derive(source, context);
    } catch (error) {
      if (givesUp(error, context)) await this.repository.markFailed(contentId, version);
      throw error;
    }
  }

  private async derive(source: DerivationSource, context: JobContext): Promise<JobResults[Make]> {
    const { contentId, version } = source;
    const workDir = await mkdtemp(join(tmpdir(), 'paddock-derivatives-'));
    try {
      await context.progress(5);
      const local = join(workDir, `source.${safeExtension(source.extension)}`);
      const { sha256, crc32 } = await this.download(source.blobKey, local);
      await context.progress(20);
      const previous = await this.repository.derivativeKeys(contentId, version);
      const derived = await deriveMedia(
        local,
        workDir,
        { contentType: source.contentType, extension: source.extension },
        // A photo is READY with its thumb alone, so its card shows it at once (issue 26); the preview
        // follows in this job, and a failure after this point still ends FAILED (handle's catch).
        async (thumb, facts) => {
          await this.repository.saveResult({
            contentId,
            version,
            derivatives: [await this.store(contentId, version, thumb)],
            metadata: extractedMetadata(source.size, sha256, { files: [], facts }),
            sha256,
            crc32,
            width: facts.width,
            height: facts.height,
            state: 'READY',
            partial: true,
          });
          // The readiness stream re-reads on a media job's progress: the web hears of the thumb now.
          await context.progress(50);
        },
      );
      // A converter that timed out or was killed gets another try before the placeholder stays.
      if (derived.failure && !givesUp(derived.failure, context)) throw derived.failure;
      await context.progress(80);
      const stored: StoredDerivative[] = [];
      for (const file of derived.files) stored.push(await this.store(contentId, version, file));
      await context.progress(95);
      await this.repository.saveResult({
        contentId,
        version,
        derivatives: stored,
        metadata: extractedMetadata(source.size, sha256, derived),
        sha256,
        crc32,
        width: derived.facts.width,
        height: derived.facts.height,
        durationMs: derived.facts.durationMs,
        state: derived.failure ? 'FAILED' : 'READY',
      });
      // Blobs of kinds or formats an earlier run made and this one did not (rows are gone now).
      const kept = new Set(stored.map((d) => d.blobKey));
      for (const old of previous) if (!kept.has(old.blobKey)) await this.blobs.delete(old.blobKey);
      // The placeholder is shown; the job still fails, so its record says why there is no preview.
      if (derived.failure) throw derived.failure;
      await context.progress(100);
      return { derivatives: stored.map((d) => d.kind), state: 'READY' };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * Copies the source to local disk (ffmpeg needs a seekable file), measuring it on the way: this
   * job reads every new source in full anyway, so its one pass gives the source its sha256 and
   * CRC-32 (an upload taken by rename is stored without them, rather than make the uploader wait).
   */
  private async download(blobKey: string, target: string): Promise<BlobMeasured> {
    let input: Readable;
    try {
      input = await this.blobs.get(blobKey);
    } catch (error) {
      if (error instanceof BlobNotFoundError)
        throw new PermanentJobError(
          DERIVATIVE_ERROR_CODES.SOURCE_MISSING,
          `The source file ${blobKey} is missing`,
        );
      throw error;
    }
    const digest = new BlobDigest();
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        digest.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(input, measure, createWriteStream(target));
    return digest.result();
  }

  private async store(contentId: string, version: number, file: DerivedFile): Promise<StoredDerivative> {
    const blobKey = derivativeKey(contentId, version, file);
    const body = Buffer.isBuffer(file.body) ? Readable.from([file.body]) : createReadStream(file.body.path);
    const written = await this.blobs.put(blobKey, body);
    return {
      kind: file.kind,
      blobKey,
      mimeType: file.mimeType,
      width: file.width,
      height: file.height,
      size: written.size,
    };
  }
}
