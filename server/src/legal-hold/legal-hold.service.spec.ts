import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LEGAL_HOLD_ERROR_CODES, type PlaceLegalHoldRequest } from '@paddock/rules';
import { inMemoryLegalHolds } from '../../test/support/in-memory-legal-holds';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn as anyContentIn,
  demoProvider,
  fixedClock,
  userOf,
} from '../../test/support/workflow-factories';
import { CLOCK } from '../common/clock';
import { PLACES_PROVIDERS } from '../places/places.module';
import { LegalHoldService } from './legal-hold.service';

let provider: InMemoryProvider;
let holds: ReturnType<typeof inMemoryLegalHolds>;
let service: LegalHoldService;
const clock = fixedClock(new Date('2027-03-01T10:00:00Z'));
const admin = userOf('admin');
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;
/** A content named by a content id, as the provider's are. */
const contentIn = (folders: string[]) => anyContentIn(provider, folders, { id: randomUUID() });

beforeEach(async () => {
  provider = demoProvider();
  holds = inMemoryLegalHolds();
  const module = await provider.compile([
    LegalHoldService,
    ...holds.providers,
    ...PLACES_PROVIDERS,
    { provide: CLOCK, useValue: clock },
  ]);
  service = module.get(LegalHoldService);
});

const request = (over: Partial<PlaceLegalHoldRequest>): PlaceLegalHoldRequest => ({
  scope: 'asset',
  targetIds: [],
  reason: 'Causa 12/2027',
  ...over,
});

/** A refusal with its code, nothing placed, and nothing asked of the provider when `unasked`. */
async function refused(placing: Promise<unknown>, code: string, unasked = false): Promise<void> {
  const before = provider.count('contentsByIds') + provider.count('foldersByIds');
  await expect(placing).rejects.toMatchObject({ code });
  expect(holds.holds).toEqual([]);
  if (unasked) expect(provider.count('contentsByIds') + provider.count('foldersByIds')).toBe(before);
}

describe('LegalHoldService', () => {
  it('places one hold per asset the administrator sees, with the trimmed reason, and names them', async () => {
    const [a, b] = [contentIn([FOLDERS.junk]), contentIn([FOLDERS.archive])];
    const placed = await service.place(
      admin,
      request({ targetIds: [a, b], reason: '  Causa 12/2027 ' }),
      'it',
    );
    expect(placed).toMatchObject([
      { scope: 'asset', targetId: a, targetName: `${a} it`, reason: 'Causa 12/2027', placedBy: 'admin' },
      { scope: 'asset', targetId: b, targetName: `${b} it`, releasedAt: null },
    ]);
  });

  it('holds a folder by its id, whichever way it was named, and a department in lower case by its top folder', async () => {
    const [folder] = await service.place(
      admin,
      request({ scope: 'folder', targetIds: [FOLDERS.junk] }),
      'en',
    );
    expect(folder).toMatchObject({ targetId: id(FOLDERS.junk), targetName: 'Department junk' });
    const [department] = await service.place(
      admin,
      request({ scope: 'department', targetIds: ['MARKETING'] }),
      'en',
    );
    expect(department).toMatchObject({ targetId: 'marketing', targetName: 'Marketing' });
  });

  it('refuses anyone but an administrator before looking anything up', async () => {
    const c = contentIn([FOLDERS.archive]);
    for (const user of ['mario.rossi', 'anna.bianchi', 'paola.neri', 'foto.studio'] as const)
      await refused(service.place(userOf(user), request({ targetIds: [c] })), ERROR_CODES.FORBIDDEN, true);
    await expect(service.list(userOf('mario.rossi'), 'all', 0)).rejects.toMatchObject({
      code: ERROR_CODES.FORBIDDEN,
    });
  });

  it('refuses targets of the wrong shape before looking anything up', async () => {
    await refused(
      service.place(admin, request({ targetIds: ['not-a-content-id'] })),
      ERROR_CODES.VALIDATION_FAILED,
      true,
    );
    await refused(
      service.place(admin, request({ scope: 'department', targetIds: ['l/marketing'] })),
      ERROR_CODES.VALIDATION_FAILED,
      true,
    );
  });

  it('refuses an asset or folder the administrator does not see, and a department not theirs or unknown', async () => {
    const hidden = contentIn([FOLDERS.archive]);
    provider.contents.get(hidden)!.folderIds = [];
    await refused(service.place(admin, request({ targetIds: [hidden] })), ERROR_CODES.NOT_FOUND);
    await refused(
      service.place(admin, request({ scope: 'folder', targetIds: ['no-such-folder'] })),
      ERROR_CODES.NOT_FOUND,
    );
    await refused(
      service.place(admin, request({ scope: 'department', targetIds: ['heritage'] })),
      ERROR_CODES.FORBIDDEN,
    );
    const organisation = { ...admin, department: null };
    await refused(
      service.place(organisation, request({ scope: 'department', targetIds: ['design'] })),
      ERROR_CODES.NOT_FOUND,
    );
  });

  it('releases a hold once, keeping its record with who released it and when', async () => {
    const c = contentIn([FOLDERS.junk]);
    const [hold] = await service.place(admin, request({ targetIds: [c] }));
    const released = await service.release(admin, hold!.id);
    expect(released).toMatchObject({ id: hold!.id, releasedBy: 'admin', releasedAt: clock.at.toISOString() });
    await expect(service.release(admin, hold!.id)).rejects.toMatchObject({
      code: LEGAL_HOLD_ERROR_CODES.ALREADY_RELEASED,
      status: 409,
    });
    expect((await service.list(admin, 'active', 0)).items).toEqual([]);
    expect((await service.list(admin, 'released', 0)).items).toMatchObject([
      { id: hold!.id, reason: 'Causa 12/2027' },
    ]);
    await expect(service.release(admin, '00000000-0000-4000-8000-0000000000ff')).rejects.toMatchObject({
      code: ERROR_CODES.NOT_FOUND,
    });
  });

  it('lists the holds that keep an asset: on it, on its folder, on its department', async () => {
    const c = contentIn([FOLDERS.junk]);
    await service.place(admin, request({ targetIds: [c], reason: 'On the asset' }));
    await service.place(
      admin,
      request({ scope: 'folder', targetIds: [id(FOLDERS.junk)], reason: 'On the junk' }),
    );
    await service.place(
      admin,
      request({ scope: 'department', targetIds: ['marketing'], reason: 'On Marketing' }),
    );
    expect((await service.holdsOfAsset(admin, c, 'en')).map((h) => [h.scope, h.reason])).toEqual([
      ['asset', 'On the asset'],
      ['folder', 'On the junk'],
      ['department', 'On Marketing'],
    ]);
    await expect(service.holdsOfAsset(userOf('mario.rossi'), c)).rejects.toMatchObject({
      code: ERROR_CODES.FORBIDDEN,
    });
  });
});
