import { LEGAL_HOLD_ERROR_CODES } from '@paddock/rules';
import { inMemoryLegalHolds } from '../../test/support/in-memory-legal-holds';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import { FOLDERS, contentIn, demoProvider, folderIn } from '../../test/support/workflow-factories';
import { HeldContents } from './held-contents';
import { LegalHoldRepository } from './legal-hold.repository';

let provider: InMemoryProvider;
let holds: ReturnType<typeof inMemoryLegalHolds>;
let guard: HeldContents;
/** How many times the guard asked the holds (heldAmong). */
let queries: number;

beforeEach(async () => {
  provider = demoProvider();
  holds = inMemoryLegalHolds();
  const module = await provider.compile(holds.providers);
  guard = module.get(HeldContents);
  const repository = module.get<Pick<LegalHoldRepository, 'heldAmong'>>(LegalHoldRepository);
  const heldAmong = repository.heldAmong.bind(repository);
  queries = 0;
  repository.heldAmong = (subjects) => {
    queries++;
    return heldAmong(subjects);
  };
});

const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;
const heldIds = async (ids: string[]) => [...(await guard.holdsOnIds(ids)).keys()].sort();

describe('HeldContents: what a legal hold keeps', () => {
  it('holds a content directly, through a folder it is in, a folder above that one, or their department', async () => {
    const sub = folderIn(provider, 'campaign-2027', FOLDERS.archive, {
      'L/MARKETING': { write: true },
      'PADDOCK.WORKFLOW': { write: true },
    });
    const inSub = contentIn(provider, ['campaign-2027']);
    const inJunk = contentIn(provider, [FOLDERS.junk]);
    for (const [scope, target, expected] of [
      ['asset', inJunk, [inJunk]],
      ['folder', sub, [inSub]],
      ['folder', id(FOLDERS.archive), [inSub]],
      ['folder', id(FOLDERS.top), [inSub, inJunk]],
      ['department', 'marketing', [inSub, inJunk]],
    ] as const) {
      const hold = holds.hold(scope, target);
      expect([scope, target, await heldIds([inSub, inJunk])]).toEqual([scope, target, [...expected].sort()]);
      holds.release(hold);
      expect(await heldIds([inSub, inJunk])).toEqual([]);
    }
  });

  it('names the holds that keep each content, with their reasons', async () => {
    const c = contentIn(provider, [FOLDERS.junk]);
    holds.hold('asset', c, 'Tribunale di Torino, causa 12/2027');
    holds.hold('department', 'marketing', 'Audit 2027');
    holds.hold('department', 'heritage', 'Not this one');
    expect((await guard.holdsOnIds([c])).get(c)?.map((h) => h.reason)).toEqual([
      'Tribunale di Torino, causa 12/2027',
      'Audit 2027',
    ]);
  });

  it('holds through a folder the content is in that its users cannot see (read as the service account)', async () => {
    folderIn(provider, 'hidden-case', null, { 'PADDOCK.WORKFLOW': {} });
    const c = contentIn(provider, [FOLDERS.archive, 'hidden-case']);
    holds.hold('folder', id('hidden-case'));
    expect(await heldIds([c])).toEqual([c]);
  });

  it('asks the holds once per batch of 50 contents, and reads each batch’s folders in two calls', async () => {
    const many = Array.from({ length: 120 }, () => contentIn(provider, [FOLDERS.junk]));
    holds.hold('asset', many[70]!);
    const before = provider.count('foldersByIds');
    expect(await heldIds(many)).toEqual([many[70]]);
    expect(queries).toBe(3);
    expect(provider.count('foldersByIds') - before).toBe(6);
  });

  it('refuses an act on held contents with LEGAL_HOLD_ACTIVE naming them, never the reason, and counts them', async () => {
    const [held, free] = [contentIn(provider, [FOLDERS.junk]), contentIn(provider, [FOLDERS.junk])];
    holds.hold('asset', held, 'Confidential case');
    const refusal = await guard.refuse([held, free], 'new-version').catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      code: LEGAL_HOLD_ERROR_CODES.HELD,
      status: 409,
      details: { ids: [held] },
    });
    expect(JSON.stringify(refusal)).not.toContain('Confidential');
    expect(await holds.kept('new-version')).toBe(1);
    await expect(guard.refuse([free], 'new-version')).resolves.toBeUndefined();
    await expect(guard.refuse([], 'new-version')).resolves.toBeUndefined();
  });

  it('refuses deleting a folder a hold is placed on, not one below or beside it', async () => {
    const sub = folderIn(provider, 'empty-sub', FOLDERS.archive, {});
    holds.hold('folder', id(FOLDERS.archive));
    await expect(guard.refuseFolder(id(FOLDERS.archive))).rejects.toMatchObject({
      code: LEGAL_HOLD_ERROR_CODES.HELD,
    });
    await expect(guard.refuseFolder(sub)).resolves.toBeUndefined();
    expect(await holds.kept('folder-delete')).toBe(1);
  });
});
