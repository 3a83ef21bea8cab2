import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  FINAL_JOB_STATES,
  plateRecordedIn,
  type DetectPlatesResult,
  type PlateBox,
  type PlateBoxesView,
  type PlateBoxShape,
  type PlateRecord,
  type SavePlateBoxesRequest,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { JobName } from '../jobs/job-catalogue';
import { JobsRepository } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import { SelectionPolicy } from '../places/selection-policy';
import { PersonNames } from '../users/person-names';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { PlateRecords, platesDetectJobIdOf, withRecord } from './plate-records';
import { notAnImage, refuseInvalidBoxes } from './plates.errors';

/**
 * The plate boxes of one image (docs/plates.md): read by whoever sees it; saved, or detected
 * again, by whoever may share it externally or tag it from some folder it is in (SPEC §6, the
 * selection policy every feature asks). Saving makes the boxes a person's (`confirmed`), which no
 * detection overwrites.
 */
@Injectable()
export class PlatesService {
  constructor(
    private readonly policy: SelectionPolicy,
    private readonly records: PlateRecords,
    private readonly jobs: JobsService,
    private readonly jobRecords: JobsRepository,
    private readonly people: PersonNames,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async view(user: AuthUser, assetId: string): Promise<PlateBoxesView> {
    const content = await this.read(user, assetId);
    return this.viewOf(content, await this.mayEdit(user, content));
  }

  async save(user: AuthUser, assetId: string, request: SavePlateBoxesRequest): Promise<PlateBoxesView> {
    refuseInvalidBoxes(request.boxes);
    const content = await this.editable(user, assetId);
    const proposed = (this.records.recordOf(content)?.boxes ?? []).filter((b) => b.source === 'auto');
    const record: PlateRecord = {
      state: 'confirmed',
      boxes: request.boxes.map(({ x, y, w, h }) => ({
        x,
        y,
        w,
        h,
        source: proposed.some((p) => sameBox(p, { x, y, w, h })) ? 'auto' : 'manual',
      })),
      confirmedBy: user.username,
      confirmedAt: this.clock.now().toISOString(),
    };
    await this.records.write(assetId, record);
    return this.viewOf(withRecord(content, record), true);
  }

  async detect(user: AuthUser, assetId: string): Promise<DetectPlatesResult> {
    const content = await this.editable(user, assetId);
    const jobId = randomUUID();
    // The job is named on the record first, so the view says `detecting` from the answer on.
    const current = this.records.recordOf(content) ?? { state: 'proposed', boxes: [] };
    await this.records.write(assetId, { ...current, detectJobId: jobId });
    return this.jobs.submit(JobName.PlatesDetect, { contentId: assetId }, user.username, { jobId });
  }

  private async read(user: AuthUser, assetId: string): Promise<ProviderContentDetail> {
    const [content] = await this.policy.visibleContents(user, [assetId]);
    return content!;
  }

  /** The image, when the user may change its boxes: 403 otherwise, PLATES_NOT_AN_IMAGE for another type. */
  private async editable(user: AuthUser, assetId: string): Promise<ProviderContentDetail> {
    const content = await this.read(user, assetId);
    if (content.contentType !== 'IMAGE') throw notAnImage();
    if (!(await this.mayEdit(user, content)))
      throw DomainError.forbidden('You may neither share nor tag this asset');
    return content;
  }

  private async mayEdit(user: AuthUser, content: ProviderContentDetail): Promise<boolean> {
    if (content.contentType !== 'IMAGE') return false;
    // Asked of every folder the content is in (no folder given), so no "not in the folder" arises.
    const notInFolder = () => DomainError.notFound('The asset is not in this folder');
    for (const action of ['share', 'tag'] as const)
      if (!(await this.policy.refused(user, action, [content], undefined, notInFolder)).length) return true;
    return false;
  }

  private async viewOf(content: ProviderContentDetail, mayEdit: boolean): Promise<PlateBoxesView> {
    const record = content.contentType === 'IMAGE' ? this.records.recordOf(content) : null;
    const detecting = content.contentType === 'IMAGE' && (await this.detecting(content, record));
    return {
      assetId: content.id,
      state: detecting ? 'detecting' : (record?.state ?? 'none'),
      boxes: (record?.boxes ?? []).map(toBox),
      plateRecorded: plateRecordedIn(content.imetadata),
      mayEdit,
      // The record keeps the username; people read each other's names (issue 23).
      ...(record?.confirmedBy ? { confirmedBy: await this.people.nameOf(record.confirmedBy) } : {}),
      ...(record?.confirmedAt ? { confirmedAt: record.confirmedAt } : {}),
    };
  }

  /** Whether the last detection asked for (or the upload's, before any) is still waiting or running. */
  private async detecting(content: ProviderContentDetail, record: PlateRecord | null): Promise<boolean> {
    const jobId = record?.detectJobId ?? (record ? null : platesDetectJobIdOf(content.id, content.version));
    if (!jobId) return false;
    const job = await this.jobRecords.find(jobId);
    return job !== null && !FINAL_JOB_STATES.includes(job.state);
  }
}

function toBox({ x, y, w, h, source }: PlateBox): PlateBox {
  return { x, y, w, h, source };
}

/** The same box as the detector's, up to what a JSON round trip or a browser's arithmetic changes. */
function sameBox(a: PlateBoxShape, b: PlateBoxShape): boolean {
  return [a.x - b.x, a.y - b.y, a.w - b.w, a.h - b.h].every((d) => Math.abs(d) < 1e-6);
}
