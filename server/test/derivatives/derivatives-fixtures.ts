import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { contentTypeOf } from '@paddock/rules';
import { BLOB_STORE, type BlobStore } from '../../src/blob-store/blob-store';
import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { JobName } from '../../src/jobs/job-catalogue';
import type { JobView } from '../../src/jobs/job-record';
import { JobsService } from '../../src/jobs/jobs.service';
import type { TestApp } from '../support/test-app';

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  psd: 'image/vnd.adobe.photoshop',
  eps: 'application/postscript',
  ai: 'application/postscript',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function blobs(t: TestApp): BlobStore {
  return t.app.get<BlobStore>(BLOB_STORE);
}

export function providerDb(t: TestApp): BuiltinProviderPrismaService {
  return t.app.get(BuiltinProviderPrismaService);
}

async function putBytes(t: TestApp, key: string, bytes: Buffer): Promise<void> {
  await blobs(t).put(key, Readable.from([bytes]));
}

/**
 * A content of version 1 as the contents service leaves it before its derivatives exist: rows in
 * PROCESSING and the source in the blob store (written directly: this suite is about the job).
 */
export async function insertContent(t: TestApp, fileName: string, bytes: Buffer): Promise<string> {
  const id = randomUUID();
  const extension = fileName.split('.').pop() ?? '';
  const mimeType = MIME[extension] ?? 'application/octet-stream';
  const blobKey = `test-sources/${id}/1/${fileName}`;
  await putBytes(t, blobKey, bytes);
  await providerDb(t).content.create({
    data: {
      id,
      contentType: contentTypeOf(mimeType, extension),
      sourceExtension: extension,
      ownerUsername: 'test.owner',
      locales: { create: [{ locale: 'EN', name: fileName }] },
      sources: {
        create: [
          { version: 1, blobKey, fileName, mimeType, size: BigInt(bytes.length), createdBy: 'test.owner' },
        ],
      },
    },
  });
  return id;
}

/** A new version of a content, as an upload of a new version leaves it: version grows, PROCESSING. */
export async function addVersion(
  t: TestApp,
  contentId: string,
  fileName: string,
  bytes: Buffer,
): Promise<number> {
  const db = providerDb(t);
  const { version: current } = await db.content.findUniqueOrThrow({ where: { id: contentId } });
  const version = current + 1;
  const blobKey = `test-sources/${contentId}/${version}/${fileName}`;
  await putBytes(t, blobKey, bytes);
  await db.contentSource.create({
    data: {
      contentId,
      version,
      blobKey,
      fileName,
      mimeType: MIME[fileName.split('.').pop() ?? ''] ?? 'application/octet-stream',
      size: BigInt(bytes.length),
      createdBy: 'test.owner',
    },
  });
  await db.content.update({ where: { id: contentId }, data: { version, state: 'PROCESSING' } });
  return version;
}

/** Submits the job and waits for its record to end. */
export async function makeDerivatives(t: TestApp, contentId: string, version = 1): Promise<JobView> {
  const jobs = t.app.get(JobsService);
  const { jobId } = await jobs.submit(JobName.MakeDerivatives, { contentId, version }, 'test.owner');
  return jobEnded(jobs, jobId);
}

/** Waits for the derivatives job an upload asked for (DerivativesRequester's job id) to end. */
export function derivativesRequested(t: TestApp, contentId: string, version = 1): Promise<JobView> {
  return jobEnded(t.app.get(JobsService), `derivatives-${contentId}-v${version}`);
}

async function jobEnded(jobs: JobsService, jobId: string): Promise<JobView> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await jobs.get(jobId);
    if (job.state === 'completed' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function readBlob(t: TestApp, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs(t).get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes of one derivative of a content's version. */
export async function derivative(t: TestApp, contentId: string, kind: string, version = 1) {
  const row = await providerDb(t).derivative.findUniqueOrThrow({
    where: { contentId_version_kind: { contentId, version, kind } },
  });
  return { row, bytes: await readBlob(t, row.blobKey) };
}

export async function metadataOf(t: TestApp, contentId: string): Promise<Record<string, string>> {
  const rows = await providerDb(t).contentMetadata.findMany({ where: { contentId } });
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
