import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { PLATE_BOXES_MAX, PLATE_BOX_MIN_SIDE, type PlateBoxShape } from '@paddock/rules';
import { JobName, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { PLATE_DETECTOR, type PlateDetector } from './plate-detector';
import { PlateRecords } from './plate-records';

type Detect = JobName.PlatesDetect;

/**
 * Proposes plate boxes on an image (docs/plates.md): its current source read with the service
 * account, the detector run, the boxes stored as `proposed` (source `auto`). Boxes a person
 * confirmed are never overwritten: the record is read again right before the write. Idempotent: a
 * retry detects and writes the same again.
 */
@JobHandlerFor(JobName.PlatesDetect)
@Injectable()
export class DetectPlatesHandler implements JobHandler<Detect> {
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
    @Inject(PLATE_DETECTOR) private readonly detector: PlateDetector,
    private readonly records: PlateRecords,
  ) {}

  async handle({ contentId }: JobPayloads[Detect], context: JobContext): Promise<JobResults[Detect]> {
    const content = await this.current(contentId);
    if (!content || content.contentType !== 'IMAGE') return { boxes: 0, state: 'skipped' };
    if (this.records.recordOf(content)?.state === 'confirmed') return { boxes: 0, state: 'kept' };
    const found = await this.detect(contentId);
    await context.progress(80);
    // A person may have confirmed boxes while the detector ran: read again right before the write.
    const latest = await this.current(contentId);
    if (!latest) return { boxes: 0, state: 'skipped' };
    const record = this.records.recordOf(latest);
    if (record?.state === 'confirmed') return { boxes: 0, state: 'kept' };
    await this.records.write(contentId, {
      state: 'proposed',
      boxes: found.map((b) => ({ ...b, source: 'auto' })),
      ...(record?.detectJobId ? { detectJobId: record.detectJobId } : {}),
    });
    return { boxes: found.length, state: 'proposed' };
  }

  private async current(contentId: string): Promise<ProviderContentDetail | null> {
    const [content] = await this.service.withToken((token) =>
      this.contents.contentsByIds(token, [contentId]),
    );
    return content ?? null;
  }

  /** The detector's boxes the rule keeps: the largest PLATE_BOXES_MAX, none under the least side. */
  private async detect(contentId: string): Promise<PlateBoxShape[]> {
    const image = await this.service.withToken(async (token) => {
      const answer = await this.contents.stream(token, contentId, 'source', {});
      return buffer(answer.body as Readable);
    });
    // An image sharp cannot read fails for good (MEDIA_UNREADABLE): no retry reads it better.
    const boxes = await this.detector.detect(image);
    return boxes
      .filter((b) => b.w >= PLATE_BOX_MIN_SIDE && b.h >= PLATE_BOX_MIN_SIDE)
      .sort((a, b) => b.w * b.h - a.w * a.h)
      .slice(0, PLATE_BOXES_MAX)
      .map(({ x, y, w, h }) => ({ x: round(x), y: round(y), w: round(w), h: round(h) }));
  }
}

/** Six decimals: a tenth of a pixel on a 10 000 px picture, and a short JSON value. */
function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
