import { ERROR_CODES, SHARE_ERROR_CODES, type RegistryRecord } from '@paddock/rules';
import { JobName } from '../../src/jobs/job-catalogue';
import { hubDb, type SignedIn } from '../auth/auth-fixtures';
import { dayFromToday, startEnrichmentWorld } from '../enrichment/enrichment-fixtures';
import type { TestApp } from '../support/test-app';
import { as, contentsIn, get, post } from '../workflow/workflow-fixtures';

const ARCHIVE = 'arch04-marketing';
const day = dayFromToday;

/** SPEC §7 content service `/registry/*` on real PostgreSQL, Redis and the built-in provider. */
describe('registry', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let mario: SignedIn;

  beforeAll(async () => {
    ({ t, folders, mario } = await startEnrichmentWorld());
    const record = (id: string, category: string, folder: string) => ({
      id,
      category,
      registryType: category === 'ADP' ? 'Archivio di prodotto' : 'Evento',
      name: 'Salone di Ginevra 2026',
      sfId: 'SF-000142',
      groupId: 'L/MARKETING',
      ancestors: [],
      currentCategoryId: folder,
    });
    await hubDb(t).registryRecord.createMany({
      data: [
        record('reg-event', 'EVENT', folders.get(ARCHIVE)!),
        record('reg-adp', 'ADP', folders.get(ARCHIVE)!),
        record('reg-share', 'EVENT', folders.get(ARCHIVE)!),
      ],
    });
  });
  afterAll(() => t?.close());

  const published = async (id: string) =>
    (await hubDb(t).registryRecord.findUniqueOrThrow({ where: { id } })).publishedAt;

  it('answers a record with its SPEC §2 title, the ADP one without the name', async () => {
    const event = await get<RegistryRecord>(t, mario, '/api/registry/reg-event');
    expect(event.status).toBe(200);
    expect(event.body).toMatchObject({
      title: 'Evento: Salone di Ginevra 2026 - Rif: SF-000142',
      currentCategoryId: folders.get(ARCHIVE),
      publishedAt: null,
    });
    const adp = await get<RegistryRecord>(t, mario, '/api/registry/reg-adp');
    expect(adp.body.title).toBe('Archivio di prodotto - Rif: SF-000142');
  });

  it('hides a record from whoever cannot see its folder, and answers unknown and malformed ids', async () => {
    const supplier = await as(t, 'foto.studio');
    expect((await get(t, supplier, '/api/registry/reg-event')).status).toBe(404);
    expect((await get<{ code: string }>(t, mario, '/api/registry/nope')).body.code).toBe(
      ERROR_CODES.NOT_FOUND,
    );
    expect((await get(t, mario, '/api/registry/bad%20id')).status).toBe(400);
  });

  it('publishes and unpublishes for a user with the share right; refuses one without, changing nothing', async () => {
    const on = await post<RegistryRecord>(t, mario, '/api/registry/publish/reg-event', {});
    expect(on.status).toBe(200);
    expect(on.body.publishedAt).not.toBeNull();
    const observer = await as(t, 'paola.neri');
    expect((await post(t, observer, '/api/registry/unpublish/reg-event', {})).status).toBe(403);
    expect(await published('reg-event')).not.toBeNull();
    const off = await post<RegistryRecord>(t, mario, '/api/registry/unpublish/reg-event', {});
    expect({ status: off.status, publishedAt: off.body.publishedAt }).toEqual({
      status: 200,
      publishedAt: null,
    });
  });

  const shareBody = (contentIds: string[]) => ({
    type: 'link',
    name: 'Ginevra press kit',
    contentIds,
    folderId: folders.get(ARCHIVE),
    password: 'Press-Kit-2026#Spider',
    contentDownload: true,
    language: 'it',
  });
  const shareJobs = () => hubDb(t).jobRecord.count({ where: { name: JobName.ExternalShare } });

  it('share-publish refuses a restricted asset with the share’s own code and publishes nothing', async () => {
    const [embargoed] = await contentsIn(t, folders, [ARCHIVE], 1, {
      metadata: [{ key: 'embargodate', value: day(4) }],
    });
    const before = await shareJobs();
    const res = await post<{ code: string }>(
      t,
      mario,
      '/api/registry/share-publish/reg-share',
      shareBody([embargoed!]),
    );
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 403,
      code: SHARE_ERROR_CODES.NOT_ALLOWED,
    });
    expect(await published('reg-share')).toBeNull();
    expect(await shareJobs()).toBe(before);
  });

  it('share-publish creates the share through the external-share job and publishes the record', async () => {
    const ids = await contentsIn(t, folders, [ARCHIVE], 2);
    const before = await shareJobs();
    const res = await post<{ jobId: string; record: RegistryRecord }>(
      t,
      mario,
      '/api/registry/share-publish/reg-share',
      shareBody(ids),
    );
    expect(res.status).toBe(202);
    expect(res.body.jobId).toEqual(expect.any(String));
    expect(res.body.record.publishedAt).not.toBeNull();
    expect(await shareJobs()).toBe(before + 1);
  });
});
