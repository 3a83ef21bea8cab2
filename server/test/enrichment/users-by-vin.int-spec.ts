import type { SignedIn } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, get } from '../workflow/workflow-fixtures';
import { seedEnrichmentWorld } from './enrichment-fixtures';

type Found = { users: { username: string }[]; totalResults: number };

/** Issue 13 item 7: GET /api/users/search narrows by `vins` and `sfEventId` to the owners of assets carrying them. */
describe('user search by VIN and booking event', () => {
  let t: TestApp;
  let mario: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    const folders = await seedEnrichmentWorld(t);
    const archive = folders.get('arch04-marketing')!;
    await insertContent(t, {
      name: 'spider.jpg',
      folders: [archive],
      owner: 'anna.bianchi',
      metadata: [{ key: 'vin-2', value: '1G4AH59H45G118341' }],
    });
    await insertContent(t, {
      name: 'evento.jpg',
      folders: [archive],
      owner: 'luca.conti',
      metadata: [
        { key: 'booking-event-id', value: 'EVT-2026-01' },
        { key: 'vin-1', value: 'KM8K2CAB4PU001140' },
      ],
    });
    // Where mario sees nothing: its VIN must not reveal its owner.
    await insertContent(t, {
      name: 'heritage.jpg',
      folders: [folders.get('arch04-heritage')!],
      owner: 'sara.branch',
      metadata: [{ key: 'vin-1', value: 'WVWZZZ1KZ8W123456' }],
    });
    mario = await as(t, 'mario.rossi');
  });
  afterAll(() => t?.close());

  const search = async (query: string) => {
    const res = await get<Found>(t, mario, `/api/users/search?${query}`);
    expect(res.status).toBe(200);
    return res.body.users.map((u) => u.username).sort();
  };

  it('finds the owners of the assets carrying a VIN in any vin-N key', async () => {
    expect(await search('vins=1g4ah59h45g118341')).toEqual(['anna.bianchi']);
    expect(await search('vins=1G4AH59H45G118341,KM8K2CAB4PU001140')).toEqual(['anna.bianchi', 'luca.conti']);
  });

  it('finds the owners of a booking event, and both filters together narrow', async () => {
    expect(await search('sfEventId=EVT-2026-01')).toEqual(['luca.conti']);
    expect(await search('sfEventId=EVT-2026-01&vins=1G4AH59H45G118341')).toEqual([]);
    expect(await search('sfEventId=EVT-2026-01&vins=KM8K2CAB4PU001140&searchString=conti')).toEqual([
      'luca.conti',
    ]);
  });

  it('finds nobody for a VIN no visible asset carries', async () => {
    expect(await search('vins=ZFA31200000123456')).toEqual([]);
    expect(await search('vins=WVWZZZ1KZ8W123456')).toEqual([]);
  });
});
