import { ERROR_CODES, type JobState } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { FOLDERS, contentIn, demoProvider, fixedClock, userOf } from '../../test/support/workflow-factories';
import { JobName } from '../jobs/job-catalogue';
import { AuditService, type StoryJob } from './audit.service';

const ASSET = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ENDED_AT = new Date('2026-06-15T08:00:00.000Z');

let provider: InMemoryProvider;
let clock: ReturnType<typeof fixedClock>;
let service: AuditService;
/** Tag and metadata names: asked only for jobs that change tags or metadata (not these). */
const enrichment = { tagsByIds: jest.fn(), metadataDefinitions: jest.fn() };
const mario = userOf('mario.rossi');

/** The look-ups of names made at the provider so far. */
const lookUps = () => provider.count('contentsByIds') + provider.count('foldersByIds');
const rename = (name: string) => {
  provider.contents.get(ASSET)!.locales = [{ locale: 'EN', name }];
};

/** mario's internal share of the asset from the archive into the internal-share folder. */
function share(state: JobState, updatedAt = ENDED_AT): StoryJob {
  const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;
  return {
    id: 'job-1',
    name: JobName.InternalShare,
    payload: {
      folderId: id(FOLDERS.archive),
      contentIds: [ASSET],
      targets: [{ folderId: id(FOLDERS.internalShared), internal: true }],
    },
    result: { linked: 1 },
    state,
    updatedAt,
  };
}

beforeEach(() => {
  provider = demoProvider();
  contentIn(provider, [FOLDERS.archive], { id: ASSET, names: { EN: 'Bonnet' } });
  clock = fixedClock(new Date(ENDED_AT));
  service = new AuditService({ search: jest.fn() }, provider, provider, enrichment, clock);
});

describe('AuditService.storyOf: the job drawer asks every few seconds', () => {
  it("tells an ended job's story once: asked again, it looks no name up at the provider", async () => {
    for (const state of ['completed', 'failed'] as const) {
      const first = await service.storyOf(share(state), mario, 'en');
      expect(first.assets).toEqual({ total: 1, ids: [ASSET], names: ['Bonnet'] });
      const before = lookUps();
      rename('Renamed meanwhile');
      expect(await service.storyOf(share(state), mario, 'en')).toEqual(first);
      expect(lookUps()).toBe(before);
      rename('Bonnet');
    }
    expect(enrichment.tagsByIds).not.toHaveBeenCalled();
  });

  it("tells a running job's story afresh each time", async () => {
    await service.storyOf(share('active'), mario, 'en');
    const before = lookUps();
    rename('Bonnet, reworked');
    const again = await service.storyOf(share('active'), mario, 'en');
    expect(again.assets?.names).toEqual(['Bonnet, reworked']);
    expect(lookUps()).toBeGreaterThan(before);
  });

  it('tells it anew to another viewer, in another language, and once a retried job has ended again', async () => {
    await service.storyOf(share('failed'), mario, 'en');
    for (const [job, viewer, lang] of [
      [share('failed'), userOf('admin'), 'en'],
      [share('failed'), mario, 'it'],
      [share('completed', new Date(ENDED_AT.getTime() + 60_000)), mario, 'en'],
    ] as const) {
      const before = lookUps();
      await service.storyOf(job, viewer, lang);
      expect(lookUps()).toBeGreaterThan(before);
    }
  });

  it('keeps no story whose names could not be read, and forgets one after five minutes', async () => {
    provider.fail('contentsByIds', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    expect((await service.storyOf(share('completed'), mario, 'en')).assets?.names).toEqual([null]);
    expect((await service.storyOf(share('completed'), mario, 'en')).assets?.names).toEqual(['Bonnet']);
    clock.at = new Date(ENDED_AT.getTime() + 5 * 60_000);
    const before = lookUps();
    await service.storyOf(share('completed'), mario, 'en');
    expect(lookUps()).toBeGreaterThan(before);
  });
});

describe('AuditService.storiesOf: the jobs list names what each row is about (issue 23)', () => {
  it('names the assets of a page of jobs with one look-up for all of them', async () => {
    const OTHER = '7a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
    contentIn(provider, [FOLDERS.archive], { id: OTHER, names: { EN: 'Spider 1966' } });
    const second: StoryJob = {
      ...share('completed'),
      id: 'job-2',
      payload: { ...(share('completed').payload as object), contentIds: [OTHER] },
    };
    const before = provider.count('contentsByIds');
    const stories = await service.storiesOf([share('completed'), second], mario, 'en');
    expect(stories.map((story) => story.assets?.names)).toEqual([['Bonnet'], ['Spider 1966']]);
    expect(provider.count('contentsByIds') - before).toBe(1);
  });
});
