import { ENRICHMENT_ERROR_CODES as CODES, LIMITS } from '@paddock/rules';
import { CLOCK } from '../common/clock';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { FOLDERS, contentIn, demoProvider, fixedClock, userOf } from '../../test/support/workflow-factories';
import { PLACES_PROVIDERS } from '../places/places.module';
import { EnrichmentDraftService } from './enrichment-draft.service';
import { EnrichmentSelection } from './enrichment-selection';

const mario = userOf('mario.rossi');
let clock: ReturnType<typeof fixedClock>;

let provider: InMemoryProvider;
let drafts: EnrichmentDraftService;

beforeEach(async () => {
  clock = fixedClock();
  provider = demoProvider();
  provider.now = () => clock.now();
  const module = await provider.compile([
    EnrichmentDraftService,
    EnrichmentSelection,
    ...PLACES_PROVIDERS,
    { provide: CLOCK, useValue: clock },
  ]);
  drafts = module.get(EnrichmentDraftService);
});

const selection = (contentIds: string[]) => ({
  folderId: provider.folderByPrettyId(FOLDERS.enrichment).id,
  contentIds,
});
const later = (ms: number) => (clock.at = new Date(clock.at.getTime() + ms));

describe('the wizard’s draft', () => {
  it('comes back for exactly the selection it was saved on, in any order, to its user only', async () => {
    const [a, b] = [contentIn(provider, [FOLDERS.enrichment]), contentIn(provider, [FOLDERS.enrichment])];
    await drafts.save(mario, { ...selection([a, b]), state: { step: 2 } });
    expect(await drafts.load(mario, selection([b, a]))).toEqual({
      state: { step: 2 },
      savedAt: clock.now().toISOString(),
    });
    expect(await drafts.load(mario, selection([a]))).toEqual({ state: null, savedAt: null });
    expect(await drafts.load(userOf('admin'), selection([a, b]))).toEqual({ state: null, savedAt: null });
  });

  it('the newest of the drafts of a selection wins, after an overlapping one replaced some', async () => {
    const [a, b] = [contentIn(provider, [FOLDERS.enrichment]), contentIn(provider, [FOLDERS.enrichment])];
    await drafts.save(mario, { ...selection([a, b]), state: { step: 1 } });
    later(1000);
    await drafts.save(mario, { ...selection([a]), state: { other: true } });
    later(1000);
    await drafts.save(mario, { ...selection([a, b]), state: { step: 3 } });
    expect((await drafts.load(mario, selection([a, b]))).state).toEqual({ step: 3 });
  });

  it('a null state clears it', async () => {
    const a = contentIn(provider, [FOLDERS.enrichment]);
    await drafts.save(mario, { ...selection([a]), state: { step: 1 } });
    await drafts.save(mario, { ...selection([a]), state: null });
    expect(await drafts.load(mario, selection([a]))).toEqual({ state: null, savedAt: null });
  });

  it('refuses a working state over the limit (DRAFT_TOO_LARGE) and keeps nothing', async () => {
    const a = contentIn(provider, [FOLDERS.enrichment]);
    const state = { notes: 'x'.repeat(LIMITS.enrichmentDraftMaxBytes) };
    await expect(drafts.save(mario, { ...selection([a]), state })).rejects.toMatchObject({
      code: CODES.DRAFT_TOO_LARGE,
      status: 400,
    });
    expect(provider.count('save')).toBe(0);
  });

  it('is kept only where the user may tag (NOT_ALLOWED for an observer)', async () => {
    const a = contentIn(provider, [FOLDERS.enrichment]);
    await expect(
      drafts.save(userOf('paola.neri'), { ...selection([a]), state: { step: 1 } }),
    ).rejects.toMatchObject({
      code: CODES.NOT_ALLOWED,
      status: 403,
    });
    expect(provider.drafts.saved.size).toBe(0);
  });
});
