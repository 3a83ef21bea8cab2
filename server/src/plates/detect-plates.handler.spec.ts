import { randomUUID } from 'node:crypto';
import {
  PLATE_BOXES_MAX,
  PLATE_BOXES_METADATA,
  WORKFLOW_TAGS,
  plateRecordOf,
  type PlateBoxShape,
  type PlateRecord,
} from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { FOLDERS, contentIn, demoProvider } from '../../test/support/workflow-factories';
import type { JobContext } from '../jobs/job-handler';
import { DetectPlatesHandler } from './detect-plates.handler';
import { PLATE_DETECTOR, type PlateDetector } from './plate-detector';
import { PlateRecords } from './plate-records';

/** A detector that answers what the test says, and counts its runs. */
class FakeDetector implements PlateDetector {
  boxes: PlateBoxShape[] = [];
  runs = 0;
  /** Runs while the detector works (a person saving boxes meanwhile). */
  meanwhile: () => void = () => undefined;

  detect(): Promise<PlateBoxShape[]> {
    this.runs += 1;
    this.meanwhile();
    return Promise.resolve(this.boxes);
  }
}

const context: JobContext = {
  jobId: 'plates-detect-test',
  actor: 'mario.rossi',
  attempt: 1,
  startedBefore: false,
  progress: () => Promise.resolve(),
  stopRequested: () => Promise.resolve(false),
};

let provider: InMemoryProvider;
let detector: FakeDetector;
let handler: DetectPlatesHandler;

const recordOf = (id: string) => plateRecordOf(provider.contents.get(id)!.imetadata);
const image = (metadata: Record<string, string> = {}) =>
  contentIn(provider, [FOLDERS.archive], { id: randomUUID(), metadata });

beforeEach(async () => {
  provider = demoProvider();
  detector = new FakeDetector();
  const module = await provider.compile([
    DetectPlatesHandler,
    PlateRecords,
    { provide: PLATE_DETECTOR, useValue: detector },
  ]);
  handler = module.get(DetectPlatesHandler);
});

describe('DetectPlatesHandler', () => {
  it('stores what the detector found as proposed auto boxes, the largest first, at most the limit', async () => {
    const id = image();
    const small = { x: 0.1, y: 0.1, w: 0.05, h: 0.02 };
    const large = { x: 0.4, y: 0.6, w: 0.2, h: 0.05 };
    detector.boxes = [small, large, ...Array.from({ length: PLATE_BOXES_MAX }, () => small)];
    expect(await handler.handle({ contentId: id }, context)).toEqual({
      boxes: PLATE_BOXES_MAX,
      state: 'proposed',
    });
    const record = recordOf(id)!;
    expect(record.state).toBe('proposed');
    expect(record.boxes[0]).toEqual({ ...large, source: 'auto' });
    expect(record.boxes.every((b) => b.source === 'auto')).toBe(true);
  });

  it('drops boxes under the least side', async () => {
    const id = image();
    detector.boxes = [{ x: 0.1, y: 0.1, w: 0.001, h: 0.1 }];
    expect(await handler.handle({ contentId: id }, context)).toEqual({ boxes: 0, state: 'proposed' });
    expect(recordOf(id)).toEqual({ state: 'proposed', boxes: [] });
  });

  it('never overwrites the boxes a person confirmed, not even those confirmed while it ran', async () => {
    const confirmed: PlateRecord = { state: 'confirmed', boxes: [], confirmedBy: 'mario.rossi' };
    const before = image({ [PLATE_BOXES_METADATA]: JSON.stringify(confirmed) });
    detector.boxes = [{ x: 0.4, y: 0.6, w: 0.2, h: 0.05 }];
    expect(await handler.handle({ contentId: before }, context)).toEqual({ boxes: 0, state: 'kept' });
    expect(detector.runs).toBe(0);

    const during = image();
    detector.meanwhile = () => {
      provider.contents.get(during)!.imetadata.push({
        key: PLATE_BOXES_METADATA,
        value: JSON.stringify(confirmed),
        classificationId: WORKFLOW_TAGS.classification,
      });
    };
    expect(await handler.handle({ contentId: during }, context)).toEqual({ boxes: 0, state: 'kept' });
    expect(recordOf(during)).toEqual(confirmed);
  });

  it('keeps the last on-demand detection named, and skips what is no image', async () => {
    const id = image({
      [PLATE_BOXES_METADATA]: JSON.stringify({ state: 'proposed', boxes: [], detectJobId: 'job-7' }),
    });
    await handler.handle({ contentId: id }, context);
    expect(recordOf(id)?.detectJobId).toBe('job-7');
    const video = contentIn(provider, [FOLDERS.archive], { id: randomUUID(), contentType: 'VIDEO' });
    expect(await handler.handle({ contentId: video }, context)).toEqual({ boxes: 0, state: 'skipped' });
    expect(detector.runs).toBe(1);
  });
});
