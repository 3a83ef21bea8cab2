import { SHARE_ERROR_CODES, type AssetDetail, type AssetListResponse } from '@paddock/rules';
import { JobName } from '../../src/jobs/job-catalogue';
import { hubDb, providerDb, type SignedIn } from '../auth/auth-fixtures';
import type { TestApp } from '../support/test-app';
import { contentsIn, get, post } from '../workflow/workflow-fixtures';
import { dayFromToday, startEnrichmentWorld } from './enrichment-fixtures';

const ARCHIVE = 'arch04-marketing';
const day = dayFromToday;

/** SPEC §4 derived flags are real: an embargo after today or an expired copyright restricts, and share is off. */
describe('restricted assets', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let mario: SignedIn;

  beforeAll(async () => {
    ({ t, folders, mario } = await startEnrichmentWorld());
  });
  afterAll(() => t?.close());

  const detail = async (metadata: { key: string; value: string }[]) => {
    const [id] = await contentsIn(t, folders, [ARCHIVE], 1, { metadata });
    const res = await get<AssetDetail>(t, mario, `/api/assets/${id}?folderId=${folders.get(ARCHIVE)}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('is restricted by an embargo after today, and may not be shared', async () => {
    const d = await detail([{ key: 'embargodate', value: day(3) }]);
    expect(d.restriction).toEqual({ embargoActive: true, copyrightExpired: false, restricted: true });
    expect(d.actions?.share).toBe(false);
  });

  it('is restricted by a copyright to-date before now', async () => {
    const d = await detail([{ key: 'people-todate', value: day(-2) }]);
    expect(d.restriction).toEqual({ embargoActive: false, copyrightExpired: true, restricted: true });
    expect(d.actions?.share).toBe(false);
  });

  it('is not restricted by a past embargo or a future to-date, and may be shared', async () => {
    const d = await detail([
      { key: 'embargodate', value: day(-1) },
      { key: 'landscape-todate', value: day(30) },
    ]);
    expect(d.restriction.restricted).toBe(false);
    expect(d.actions?.share).toBe(true);
  });

  it('marks a restricted asset in the listing, and only it', async () => {
    const [embargoed] = await contentsIn(t, folders, [ARCHIVE], 1, {
      metadata: [{ key: 'embargodate', value: day(5) }],
    });
    const [free] = await contentsIn(t, folders, [ARCHIVE], 1, {
      metadata: [{ key: 'embargodate', value: day(-5) }],
    });
    const res = await get<AssetListResponse>(t, mario, `/api/assets?folderId=${folders.get(ARCHIVE)}`);
    expect(res.status).toBe(200);
    const restricted = new Map(res.body.items.map((i) => [i.id, i.restricted]));
    expect([restricted.get(embargoed), restricted.get(free)]).toEqual([true, false]);
  });

  it('refuses the external share of an embargoed asset on the server, and creates nothing', async () => {
    const [embargoed] = await contentsIn(t, folders, [ARCHIVE], 1, {
      metadata: [{ key: 'embargodate', value: day(2) }],
    });
    const [free] = await contentsIn(t, folders, [ARCHIVE], 1);
    const counts = async () => [
      await providerDb(t).externalShare.count(),
      await hubDb(t).jobRecord.count({ where: { name: JobName.ExternalShare } }),
    ];
    const before = await counts();
    const res = await post<{ code: string; details: { ids: string[] } }>(t, mario, '/api/external-shares', {
      type: 'link',
      name: 'Embargoed press kit',
      contentIds: [embargoed, free],
      folderId: folders.get(ARCHIVE),
      password: 'Press-Kit-2026#Spider',
      contentDownload: true,
      language: 'it',
    });
    expect({ status: res.status, code: res.body.code, ids: res.body.details.ids }).toEqual({
      status: 403,
      code: SHARE_ERROR_CODES.NOT_ALLOWED,
      ids: [embargoed],
    });
    expect(await counts()).toEqual(before);
  });
});
