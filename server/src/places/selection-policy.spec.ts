import { E_CODES, ERROR_CODES, WORKFLOW_ERROR_CODES as CODES } from '@paddock/rules';
import { CLOCK } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { FOLDERS, contentIn, demoProvider, fixedClock, userOf } from '../../test/support/workflow-factories';
import { PLACES_PROVIDERS } from './places.module';
import { SelectionPolicy, type SelectionRefusals } from './selection-policy';

let provider: InMemoryProvider;
let policy: SelectionPolicy;
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

/** Refusals that say which one was made, and with what. */
const REFUSALS: SelectionRefusals = {
  notInFolder: (ids) => new DomainError(CODES.NOT_IN_FOLDER, 'not in folder', { ids }),
  notAllowed: (view, ids) => new DomainError(CODES.ACTION_NOT_ALLOWED, `not allowed in ${view}`, { ids }),
};

beforeEach(async () => {
  provider = demoProvider();
  const module = await provider.compile([...PLACES_PROVIDERS, { provide: CLOCK, useValue: fixedClock() }]);
  policy = module.get(SelectionPolicy);
});

describe('SelectionPolicy.require', () => {
  it('returns the folder, its place and department, and the assets in the order asked', async () => {
    const one = contentIn(provider, [FOLDERS.enrichment]);
    const two = contentIn(provider, [FOLDERS.enrichment]);
    const selection = await policy.require(
      userOf('mario.rossi'),
      'tag',
      { folderId: id(FOLDERS.enrichment), contentIds: [two, one] },
      REFUSALS,
    );
    expect(selection.placed.folder.id).toBe(id(FOLDERS.enrichment));
    expect(selection.placed.place.view).toBe('enrichment');
    expect(selection.department).toBe('marketing');
    expect(selection.contents.map((c) => c.id)).toEqual([two, one]);
  });

  it('an asset not in the folder, or unknown, is the caller’s not-in-folder refusal, before SPEC §6', async () => {
    const here = contentIn(provider, [FOLDERS.step1]);
    const elsewhere = contentIn(provider, [FOLDERS.archive]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(
      policy.require(
        userOf('mario.rossi'),
        'tag',
        { folderId: id(FOLDERS.step1), contentIds: [here, elsewhere, unknown] },
        REFUSALS,
      ),
    ).rejects.toMatchObject({ code: CODES.NOT_IN_FOLDER, details: { ids: [elsewhere, unknown] } });
  });

  it('SPEC §6 refusing the action there is the caller’s not-allowed refusal, naming the view and every asset', async () => {
    const one = contentIn(provider, [FOLDERS.step1]);
    const two = contentIn(provider, [FOLDERS.step1]);
    await expect(
      policy.require(
        userOf('anna.bianchi'),
        'tag',
        { folderId: id(FOLDERS.step1), contentIds: [one, two] },
        REFUSALS,
      ),
    ).rejects.toMatchObject({
      code: CODES.ACTION_NOT_ALLOWED,
      message: 'not allowed in approver',
      details: { ids: [one, two] },
    });
  });

  it('a folder the user does not see is NOT_FOUND, whatever the assets', async () => {
    const c = contentIn(provider, [FOLDERS.junk]);
    await expect(
      policy.require(
        userOf('mario.rossi'),
        'delete',
        { folderId: id(FOLDERS.junk), contentIds: [c] },
        REFUSALS,
        { lookupFailed: E_CODES.CONTENT_LOOKUP_DETAIL_FAILED },
      ),
    ).rejects.toMatchObject({ code: ERROR_CODES.NOT_FOUND });
  });
});

describe('SelectionPolicy.refused', () => {
  it('asked from a folder, that folder decides; without one, some folder that allows lets it pass', async () => {
    const both = contentIn(provider, [FOLDERS.archive, FOLDERS.step1]);
    const waiting = contentIn(provider, [FOLDERS.step1]);
    const mario = userOf('mario.rossi');
    const contents = await provider.contentsByIds(mario.providerToken, [both, waiting]);
    const refused = (folderId?: string) =>
      policy.refused(mario, 'download', contents, folderId, REFUSALS.notInFolder);
    expect(await refused(id(FOLDERS.step1))).toEqual([both, waiting]);
    expect(await refused()).toEqual([waiting]);
  });

  it('an asset not in the folder asked from is the caller’s not-in-folder refusal, as in require', async () => {
    const both = contentIn(provider, [FOLDERS.archive, FOLDERS.step1]);
    const waiting = contentIn(provider, [FOLDERS.step1]);
    const mario = userOf('mario.rossi');
    const contents = await provider.contentsByIds(mario.providerToken, [both, waiting]);
    await expect(
      policy.refused(mario, 'download', contents, id(FOLDERS.archive), REFUSALS.notInFolder),
    ).rejects.toMatchObject({ code: CODES.NOT_IN_FOLDER, details: { ids: [waiting] } });
  });
});
