import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import { BLOB_STORE, type BlobStore } from '../../blob-store/blob-store';
import { CLOCK, type Clock } from '../../common/clock';
import { JobName, type JobPayloads, type JobResults } from '../../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../../jobs/job-handler';
import { PREVIEW_BOX, THUMB_BOX } from '../../media/image';
import { blurPlates } from '../../media/plate-blur';
import { PlateRenditionsRepository } from './plate-renditions.repository';
import {
  BLURRED_RENDITIONS,
  PlateRenditions,
  blurredFormatOf,
  planFrom,
  type BlurredRendition,
} from './plate-renditions';

type Render = JobName.PlatesRender;

/** The box each rendition fits in: the page pictures as the derivatives, the original at its own size. */
const FIT: Record<BlurredRendition, { width: number; height: number } | undefined> = {
  thumb: { width: THUMB_BOX, height: THUMB_BOX },
  preview: { width: PREVIEW_BOX, height: PREVIEW_BOX },
  original: undefined,
};

/**
 * Renders an image's blurred renditions for external shares (docs/plates.md): from the current
 * source, each at the resolution the recipient may get it (the page pictures at the derivatives'
 * sizes, the download at full size), boxes pixelated and blurred, no metadata. Only while a live
 * share holds the image; renditions already made for these boxes are kept. Idempotent.
 */
@JobHandlerFor(JobName.PlatesRender)
@Injectable()
export class RenderPlateRenditionsHandler implements JobHandler<Render> {
  constructor(
    private readonly repository: PlateRenditionsRepository,
    private readonly renditions: PlateRenditions,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle({ contentId }: JobPayloads[Render], context: JobContext): Promise<JobResults[Render]> {
    const subject = await this.repository.subject(contentId);
    const plan = subject && planFrom(contentId, subject);
    if (!plan || !(await this.repository.inLiveShare(contentId, this.clock.now())))
      return { renditions: 0, state: 'skipped' };
    const source = await buffer(await this.blobs.get(plan.source.blobKey));
    let made = 0;
    for (const rendition of BLURRED_RENDITIONS) {
      if (await this.renditions.ready(plan, rendition)) continue;
      const bytes = await blurPlates(source, plan.boxes, {
        format: blurredFormatOf(rendition, plan.source.mimeType),
        fit: FIT[rendition],
      });
      await this.blobs.put(this.renditions.keyOf(plan, rendition), Readable.from([bytes]));
      made += 1;
      await context.progress(Math.round((100 * made) / BLURRED_RENDITIONS.length));
    }
    return { renditions: made, state: 'rendered' };
  }
}
