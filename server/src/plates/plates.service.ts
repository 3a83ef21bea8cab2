import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  FALLBACK_LANGUAGE,
  nameIn,
  plateRecordedIn,
  type DetectPlatesResult,
  type Language,
  type PlateBox,
  type PlateBoxesView,
  type PlateBoxShape,
  type PlateRecord,
  type PlateViewsAnswer,
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
 * The plate boxes of images (docs/plates.md): read by whoever sees them, one or many at once;
 * saved, or detected again, by whoever may share the image externally or tag it from some folder it
 * is in (SPEC §6, the selection policy every feature asks). Saving makes the boxes a person's
 * (`confirmed`), which no detection overwrites.
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
    const [view] = await this.viewsOf([content], await this.editableAmong(user, [content]));
    return view!;
  }

  /**
   * Many images' views with the same reads whatever their number: the contents in one gateway call,
   * the policy once per action, the jobs and the people in one query each. One asset the caller
   * cannot see makes the whole answer NOT_FOUND, as the single view would, naming none.
   */
  async views(
    user: AuthUser,
    assetIds: readonly string[],
    lang: Language = FALLBACK_LANGUAGE,
  ): Promise<PlateViewsAnswer> {
    const found = await this.policy.visibleContents(user, assetIds);
    const byId = new Map(found.map((c) => [c.id, c]));
    const contents = assetIds.map((id) => byId.get(id)!);
    const views = await this.viewsOf(contents, await this.editableAmong(user, contents));
    return {
      views: views.map((view, i) => ({
        ...view,
        name: nameIn(contents[i]!.locales, lang),
        extension: contents[i]!.sourceExtension,
      })),
    };
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
    const [view] = await this.viewsOf([withRecord(content, record)], new Set([assetId]));
    return view!;
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
    if (!(await this.editableAmong(user, [content])).has(content.id))
      throw DomainError.forbidden('You may neither share nor tag this asset');
    return content;
  }

  /** The images among `contents` the user may share or, failing that, tag: the policy asked once per action. */
  private async editableAmong(
    user: AuthUser,
    contents: readonly ProviderContentDetail[],
  ): Promise<Set<string>> {
    const images = contents.filter((c) => c.contentType === 'IMAGE');
    // Asked of every folder the content is in (no folder given), so no "not in the folder" arises.
    const notInFolder = () => DomainError.notFound('The asset is not in this folder');
    const refused = async (action: 'share' | 'tag', among: readonly ProviderContentDetail[]) =>
      new Set(await this.policy.refused(user, action, among, undefined, notInFolder));
    const unshareable = await refused('share', images);
    const neither = await refused(
      'tag',
      images.filter((c) => unshareable.has(c.id)),
    );
    return new Set(images.filter((c) => !neither.has(c.id)).map((c) => c.id));
  }

  private async viewsOf(
    contents: readonly ProviderContentDetail[],
    editable: ReadonlySet<string>,
  ): Promise<PlateBoxesView[]> {
    const records = contents.map((c) => (c.contentType === 'IMAGE' ? this.records.recordOf(c) : null));
    // The last detection asked for, or the upload's before any: while it waits or runs, `detecting`.
    const detectJobIds = contents.map((c, i) =>
      c.contentType !== 'IMAGE'
        ? null
        : (records[i]?.detectJobId ?? (records[i] ? null : platesDetectJobIdOf(c.id, c.version))),
    );
    const [running, people] = await Promise.all([
      this.jobRecords.unfinishedAmong(detectJobIds.filter((id) => id !== null)),
      // The record keeps the username; people read each other's names (issue 23).
      this.people.of(records.flatMap((r) => (r?.confirmedBy ? [r.confirmedBy] : []))),
    ]);
    return contents.map((content, i) => {
      const record = records[i];
      const jobId = detectJobIds[i];
      return {
        assetId: content.id,
        state: jobId && running.has(jobId) ? 'detecting' : (record?.state ?? 'none'),
        boxes: (record?.boxes ?? []).map(toBox),
        plateRecorded: plateRecordedIn(content.imetadata),
        mayEdit: editable.has(content.id),
        ...(record?.confirmedBy ? { confirmedBy: people.get(record.confirmedBy)! } : {}),
        ...(record?.confirmedAt ? { confirmedAt: record.confirmedAt } : {}),
      };
    });
  }
}

function toBox({ x, y, w, h, source }: PlateBox): PlateBox {
  return { x, y, w, h, source };
}

/** The same box as the detector's, up to what a JSON round trip or a browser's arithmetic changes. */
function sameBox(a: PlateBoxShape, b: PlateBoxShape): boolean {
  return [a.x - b.x, a.y - b.y, a.w - b.w, a.h - b.h].every((d) => Math.abs(d) < 1e-6);
}
