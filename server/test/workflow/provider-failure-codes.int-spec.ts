import { E_CODES, INTERNAL_SHARE_METADATA, SHARING_TAGS, WORKFLOW_TAGS } from '@paddock/rules';
import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { PROVIDER_HTTP } from '../../src/provider/http-provider.gateway';
import { PROVIDER_PATHS } from '../../src/provider/provider-paths';
import { call, headersOf, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { scriptProvider, type ProviderReply } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedEnrichmentWorld } from '../enrichment/enrichment-fixtures';
import { as, contentsIn, finished, get, post, stateOf } from './workflow-fixtures';

jest.setTimeout(120_000);

/** The provider's business refusal (THRON answers 418 with its envelope). */
const REFUSED: ProviderReply = {
  status: 418,
  data: { resultCode: 'EXCEPTION', errorDescription: 'refused' },
};

/** The JSON body the hub sent (axios has serialised it by the time the adapter sees it). */
function bodyOf(request: InternalAxiosRequestConfig): Record<string, unknown> {
  return typeof request.data === 'string' ? (JSON.parse(request.data) as Record<string, unknown>) : {};
}

/** The `categoryIds` a folder search asked for, or null for any other call. */
function folderSearchIds(request: InternalAxiosRequestConfig): string[] | null {
  if (request.url !== PROVIDER_PATHS.folders.findByProperties2()) return null;
  const properties = bodyOf(request).properties as { categoryIds?: string[] } | undefined;
  return properties?.categoryIds ?? null;
}

const localeOf = (request: InternalAxiosRequestConfig) =>
  (bodyOf(request).detail as { locale?: string } | undefined)?.locale;

/**
 * SPEC §8: each situation the catalogue names answers its own code when the provider fails there
 * (the built-in provider, with one call scripted to fail).
 */
describe('the E-codes of SPEC §8 when the provider fails', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let anna: SignedIn;
  let mario: SignedIn;
  let fail: ((request: InternalAxiosRequestConfig) => boolean) | null = null;
  const id = (prettyId: string) => folders.get(prettyId)!;

  beforeAll(async () => {
    t = await startTestApp();
    // The demo organisation with its enrichment set-up (metadata definitions), for the bulk inserts.
    folders = await seedEnrichmentWorld(t);
    [anna, mario] = await Promise.all(['anna.bianchi', 'mario.rossi'].map((u) => as(t, u)));
    scriptProvider(t.app.get<AxiosInstance>(PROVIDER_HTTP), (request) =>
      fail?.(request) ? REFUSED : undefined,
    );
  });
  afterEach(() => (fail = null));
  afterAll(() => t?.close());

  const isContentLookup = (request: InternalAxiosRequestConfig) =>
    request.url === PROVIDER_PATHS.contents.contentsByIds(t.config.CLIENT_ID);

  it('answers E020 for the content search of an accept and E021 for that of a reject', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    const items = { contentIds: [content], folderId: id('appstp1-marketing') };
    fail = isContentLookup;
    const accept = await post<{ code: string }>(t, anna, '/api/workflow/accept', items);
    const reject = await post<{ code: string }>(t, anna, '/api/workflow/reject', {
      ...items,
      note: 'Blurred',
    });
    expect([accept.status, accept.body.code]).toEqual([409, E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED]);
    expect([reject.status, reject.body.code]).toEqual([409, E_CODES.CONTENT_LOOKUP_REJECT_FAILED]);
    expect((await stateOf(t, content))?.folders).toEqual(['appstp1-marketing', 'lvrr02-marketing']);
  });

  it('answers E026 and E027 for the detail’s folder and its place, E028 for a folder’s breadcrumb', async () => {
    const folderId = id('arch04-marketing');
    const [content] = await contentsIn(t, folders, ['arch04-marketing']);
    const detail = `/api/assets/${content}?lang=en&folderId=${folderId}`;

    fail = (request) => folderSearchIds(request)?.includes(folderId) === true;
    const folderFailed = await get<{ code: string }>(t, mario, detail);
    fail = (request) => {
      const ids = folderSearchIds(request);
      return ids !== null && ids.length > 0 && !ids.includes(folderId);
    };
    const placeFailed = await get<{ code: string }>(t, mario, detail);
    const breadcrumbFailed = await get<{ code: string }>(t, mario, `/api/folders/${folderId}?lang=en`);
    fail = null;
    const ok = await get<{ path: unknown[] }>(t, mario, `/api/folders/${folderId}?lang=en`);

    expect([folderFailed.status, folderFailed.body.code]).toEqual([503, E_CODES.DETAIL_FOLDER_FAILED]);
    expect([placeFailed.status, placeFailed.body.code]).toEqual([503, E_CODES.DETAIL_PLACE_FAILED]);
    expect([breadcrumbFailed.status, breadcrumbFailed.body.code]).toEqual([503, E_CODES.BREADCRUMB_FAILED]);
    expect(ok.body.path.length).toBeGreaterThan(1);
  });

  describe('rename (SPEC §5: IT then EN, each updated when present, else added)', () => {
    const renameFailing = async (keep: ('IT' | 'EN')[], path: string, locale: string) => {
      const [content] = await contentsIn(t, folders, ['arch04-marketing']);
      await providerDb(t).contentLocale.deleteMany({
        where: { contentId: content, locale: { notIn: keep } },
      });
      fail = (request) => request.url === path && localeOf(request) === locale;
      const res = await call<{ code: string }>(t, 'PATCH', `/api/assets/${content}?lang=en`, {
        json: { name: 'Nuovo nome' },
        headers: headersOf(mario),
      });
      return [res.status, res.body.code];
    };
    const { addLocale, updateLocale } = PROVIDER_PATHS.contents;

    it.each([
      ['E064: adding EN', ['IT'] as const, addLocale(), 'EN', E_CODES.RENAME_ADD_EN_FAILED],
      ['E065: updating EN', ['IT', 'EN'] as const, updateLocale(), 'EN', E_CODES.RENAME_UPDATE_EN_FAILED],
      ['E066: adding IT', ['EN'] as const, addLocale(), 'IT', E_CODES.RENAME_ADD_IT_FAILED],
      ['E067: updating IT', ['IT', 'EN'] as const, updateLocale(), 'IT', E_CODES.RENAME_UPDATE_IT_FAILED],
    ])('%s failed answers its code', async (_name, keep, path, locale, code) => {
      expect(await renameFailing([...keep], path, locale)).toEqual([409, code]);
    });
  });

  it('records E051 when the supplier’s copy cannot be removed; the content stays', async () => {
    const [content] = await contentsIn(t, folders, ['inbox-marketing-fotostudio', 'arch04-marketing']);
    fail = (request) => request.url === PROVIDER_PATHS.folders.unlink(t.config.CLIENT_ID);
    const submitted = await post<{ jobId: string }>(t, mario, '/api/workflow/supplier-remove', {
      contentIds: [content],
      folderId: id('inbox-marketing-fotostudio'),
    });
    const job = await finished(t, mario, submitted.body.jobId);
    expect(job.outcomes?.[0]).toMatchObject({
      outcome: 'failed',
      errorCode: E_CODES.SUPPLIER_REMOVAL_FAILED,
    });
    expect((await stateOf(t, content))?.folders).toEqual(['arch04-marketing', 'inbox-marketing-fotostudio']);
  });

  it('records E054 when every try to link the junk fails; the content stays where it was, undeleted', async () => {
    const [content] = await contentsIn(t, folders, ['arch04-marketing']);
    fail = (request) => request.url === PROVIDER_PATHS.folders.link(t.config.CLIENT_ID);
    const submitted = await post<{ jobId: string }>(t, mario, '/api/workflow/delete', {
      contentIds: [content],
      folderId: id('arch04-marketing'),
    });
    const job = await finished(t, mario, submitted.body.jobId);
    expect(job.outcomes?.[0]).toMatchObject({ outcome: 'failed', errorCode: E_CODES.JUNK_MOVE_RETRY_FAILED });
    const state = await stateOf(t, content);
    expect(state?.folders).toEqual(['arch04-marketing']);
    expect(state?.tags).not.toContain(WORKFLOW_TAGS.deleted);
  });

  /** A link (or unlink) of `folderId` by the provider client, refused `times` times in a row. */
  const refusing = (url: (clientId: string) => string, folderId: string, times = 1) => {
    let left = times;
    return (request: InternalAxiosRequestConfig) =>
      request.url === url(t.config.CLIENT_ID) && bodyOf(request).categoryId === folderId && left-- > 0;
  };

  it('sends an accepted content whose step will not let go to the junk (E048): in the junk only', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    fail = refusing(PROVIDER_PATHS.folders.unlink, id('appstp1-marketing'));
    const submitted = await post<{ jobId: string }>(t, anna, '/api/workflow/accept', {
      contentIds: [content],
      folderId: id('appstp1-marketing'),
    });
    const job = await finished(t, anna, submitted.body.jobId);
    expect(job.outcomes?.[0]).toMatchObject({
      outcome: 'junk',
      errorCode: E_CODES.ACCEPT_UNLINK_FAILED,
      toFolderId: id('junk-marketing'),
    });
    const state = await stateOf(t, content);
    expect(state?.folders).toEqual(['junk-marketing', 'lvrr02-marketing']);
    expect(state?.tags).toContain(WORKFLOW_TAGS.deleted);
  });

  it('sends a content whose move target refuses it to the junk (E049), and one whose source will not let go (E050)', async () => {
    const [linkRefused, unlinkRefused] = await contentsIn(t, folders, ['arrc03-marketing'], 2);
    const move = async (content: string) => {
      const submitted = await post<{ jobId: string }>(t, mario, '/api/workflow/move', {
        contentIds: [content],
        folderId: id('arrc03-marketing'),
        toFolderId: id('arch04-marketing'),
      });
      return (await finished(t, mario, submitted.body.jobId)).outcomes?.[0];
    };
    fail = refusing(PROVIDER_PATHS.folders.link, id('arch04-marketing'));
    expect(await move(linkRefused!)).toMatchObject({ outcome: 'junk', errorCode: E_CODES.MOVE_LINK_FAILED });
    fail = refusing(PROVIDER_PATHS.folders.unlink, id('arrc03-marketing'), 3);
    expect(await move(unlinkRefused!)).toMatchObject({
      outcome: 'junk',
      errorCode: E_CODES.MOVE_UNLINK_FAILED,
    });
    for (const content of [linkRefused!, unlinkRefused!])
      expect((await stateOf(t, content))?.folders).toEqual(['junk-marketing']);
  });

  it('retries a deleted content whose source will not let go: in the junk only, deleted as asked, or, never let go, in its source only (E054)', async () => {
    const [freed, held] = await contentsIn(t, folders, ['arch04-marketing'], 2);
    const remove = async (content: string) => {
      const submitted = await post<{ jobId: string }>(t, mario, '/api/workflow/delete', {
        contentIds: [content],
        folderId: id('arch04-marketing'),
      });
      return (await finished(t, mario, submitted.body.jobId)).outcomes?.[0];
    };
    fail = refusing(PROVIDER_PATHS.folders.unlink, id('arch04-marketing'), 2);
    expect(await remove(freed!)).toMatchObject({
      outcome: 'done',
      errorCode: null,
      toFolderId: id('junk-marketing'),
    });
    fail = refusing(PROVIDER_PATHS.folders.unlink, id('arch04-marketing'), Infinity);
    expect(await remove(held!)).toMatchObject({
      outcome: 'failed',
      errorCode: E_CODES.JUNK_MOVE_RETRY_FAILED,
      toFolderId: null,
    });
    const [inJunk, inSource] = await Promise.all([stateOf(t, freed!), stateOf(t, held!)]);
    expect([inJunk?.folders, inJunk?.tags]).toEqual([
      ['junk-marketing'],
      expect.arrayContaining([WORKFLOW_TAGS.deleted]),
    ]);
    expect(inSource?.folders).toEqual(['arch04-marketing']);
    expect(inSource?.tags).not.toContain(WORKFLOW_TAGS.deleted);
  });

  /** A call to the tagging path `path` (any classification). */
  const isTagging = (path: (clientId: string, classificationId: string) => string) => {
    const prefix = path(t.config.CLIENT_ID, '');
    return (request: InternalAxiosRequestConfig) => request.url?.startsWith(prefix) === true;
  };

  it('records E035 when the tag insert of an internal share fails; the asset is linked, untagged', async () => {
    const [content] = await contentsIn(t, folders, ['arch04-marketing']);
    fail = isTagging(PROVIDER_PATHS.tagging.tagInsert);
    const submitted = await post<{ jobId: string }>(t, mario, '/api/shares', {
      contentIds: [content],
      folderId: id('arch04-marketing'),
      targetFolderIds: [id('arch06-marketing')],
    });
    expect(submitted.status).toBe(202);
    const job = await finished(t, mario, submitted.body.jobId);
    expect(job.outcomes?.[0]).toMatchObject({ outcome: 'failed', errorCode: E_CODES.TAG_BULK_INSERT_FAILED });
    const state = await stateOf(t, content);
    expect(state?.tags).not.toContain(SHARING_TAGS.internalShared);
    expect(state?.meta).not.toHaveProperty(INTERNAL_SHARE_METADATA);
  });

  it('records E045 when the metadata bulk insert fails; the assets keep their metadata', async () => {
    const ids = await contentsIn(t, folders, ['arrc03-marketing'], 2);
    fail = isTagging(PROVIDER_PATHS.tagging.metadataInsertMany);
    const submitted = await post<{ jobId: string }>(t, mario, '/api/tags/bulk', {
      contentIds: ids,
      folderId: id('arrc03-marketing'),
      action: 'add',
      metadata: [{ key: 'typology', value: 'esterni' }],
    });
    expect(submitted.status).toBe(202);
    const job = await finished(t, mario, submitted.body.jobId);
    expect(job.outcomes?.map((o) => [o.outcome, o.errorCode])).toEqual([
      ['failed', E_CODES.METADATA_BULK_INSERT_FAILED],
      ['failed', E_CODES.METADATA_BULK_INSERT_FAILED],
    ]);
    for (const content of ids) expect((await stateOf(t, content))?.meta).not.toHaveProperty('typology');
  });
});
