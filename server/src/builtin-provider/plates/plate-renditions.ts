import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { plateRecordOf, type PlateBox } from '@paddock/rules';
import { BLOB_STORE, type BlobStore } from '../../blob-store/blob-store';
import { JobName } from '../../jobs/job-catalogue';
import { JobsService } from '../../jobs/jobs.service';
import { SYSTEM_ACTOR } from '../../jobs/job-catalogue';
import type { BlurredFormat } from '../../media/plate-blur';
import type { StoredFile } from '../contents/content-bytes';
import { blurredFolderOf } from '../contents/content-blob-keys';
import { PlateRenditionsRepository, type RenditionSubject } from './plate-renditions.repository';

/** The renditions a share serves of an image, each rendered blurred when the image has boxes. */
export const BLURRED_RENDITIONS = ['thumb', 'preview', 'original'] as const;
export type BlurredRendition = (typeof BLURRED_RENDITIONS)[number];

/** The formats a blurred original keeps; another source format (TIFF, HEIC, PSD…) becomes a JPEG. */
const KEPT: Record<string, BlurredFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const MIME: Record<BlurredFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const EXTENSION: Record<BlurredFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** What a blurred rendition is made as: the page pictures as the derivatives are (WebP), the original in its own format. */
export function blurredFormatOf(rendition: BlurredRendition, sourceMime: string): BlurredFormat {
  return rendition === 'original' ? (KEPT[sourceMime] ?? 'jpeg') : 'webp';
}

/** The boxes' digest: a rendition made for other boxes has another key, so it is never served. */
export function boxesDigest(boxes: readonly PlateBox[]): string {
  const canonical = boxes.map(({ x, y, w, h }) => [x, y, w, h]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 32);
}

/** One image's blurred renditions as they must be now: its version, its boxes and their digest. */
export interface BlurPlan {
  contentId: string;
  version: number;
  boxes: PlateBox[];
  digest: string;
  source: NonNullable<RenditionSubject['source']>;
}

/**
 * The blurred renditions external shares serve of images with plate boxes (docs/plates.md), kept
 * in the blob store under (content, version, boxes digest, rendition): a new version or any change
 * of boxes names other keys, so a rendition made for old boxes is never found again.
 */
@Injectable()
export class PlateRenditions {
  constructor(
    private readonly repository: PlateRenditionsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly jobs: JobsService,
  ) {}

  /** What a content's blurred renditions must be now; null when it is no image with boxes (served as it is). */
  async planOf(contentId: string): Promise<BlurPlan | null> {
    const subject = await this.repository.subject(contentId);
    return subject && planFrom(contentId, subject);
  }

  /**
   * The plans of those of `contentIds` that have boxes, by content: a share's hundreds of
   * contents cost one read, and only the few with boxes a read of their own.
   */
  async plansOf(contentIds: readonly string[]): Promise<Map<string, BlurPlan>> {
    const plans = new Map<string, BlurPlan>();
    for (const id of await this.repository.withBoxes(contentIds)) {
      const plan = await this.planOf(id);
      if (plan) plans.set(id, plan);
    }
    return plans;
  }

  keyOf(plan: BlurPlan, rendition: BlurredRendition): string {
    const format = blurredFormatOf(rendition, plan.source.mimeType);
    return `${blurredFolderOf(plan.contentId)}v${plan.version}/${plan.digest}/${rendition}.${EXTENSION[format]}`;
  }

  /** The blurred rendition when it is rendered; null while it is not (nothing else may be served). */
  async ready(plan: BlurPlan, rendition: BlurredRendition): Promise<StoredFile | null> {
    const key = this.keyOf(plan, rendition);
    const stat = await this.blobs.stat(key);
    if (!stat) return null;
    const format = blurredFormatOf(rendition, plan.source.mimeType);
    return {
      blobKey: key,
      mimeType: MIME[format],
      size: stat.size,
      fileName: rendition === 'original' ? fileNameIn(plan.source.fileName, format) : '',
      etag: `"${plan.contentId}.${plan.version}.${plan.digest}.${rendition}"`,
    };
  }

  /**
   * Renders a content's blurred renditions in the background: `reason` makes the job id, one
   * job per share created (the share's id) or per boxes and version (a change of boxes, a page
   * that found a rendition missing), so a request is never lost to an earlier job that found no
   * share.
   */
  async request(contentId: string, reason: string): Promise<void> {
    await this.jobs.submit(JobName.PlatesRender, { contentId }, SYSTEM_ACTOR, {
      jobId: `plates-render-${contentId}-${reason}`,
    });
  }

  /** A page found `plan`'s renditions missing: one job for these boxes of this version. */
  async requestFor(plan: BlurPlan): Promise<void> {
    await this.request(plan.contentId, `v${plan.version}-${plan.digest}`);
  }
}

export function planFrom(contentId: string, subject: RenditionSubject): BlurPlan | null {
  if (subject.contentType !== 'IMAGE' || !subject.source) return null;
  const boxes = plateRecordOf(subject.metadata)?.boxes ?? [];
  if (!boxes.length) return null;
  return { contentId, version: subject.version, boxes, digest: boxesDigest(boxes), source: subject.source };
}

/** The original's name with the extension of the format it was written in. */
function fileNameIn(fileName: string, format: BlurredFormat): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const kept = format === 'jpeg' ? ['jpg', 'jpeg'] : [EXTENSION[format]];
  return kept.includes(extension) ? fileName : `${base}.${EXTENSION[format]}`;
}
