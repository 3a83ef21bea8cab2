import {
  providerFailure,
  scriptedProviderHttp,
  type ProviderReply,
} from '../../test/support/scripted-provider';
import { HttpSearchGateway, type ContentPageRequest } from './search.gateway';

/** A gateway whose HTTP answers come from `reply(request body)`; the bodies and URLs it sent are kept. */
function gatewayAnswering(reply: (body: Record<string, unknown>) => ProviderReply) {
  const sent: Record<string, unknown>[] = [];
  const urls: string[] = [];
  const { http } = scriptedProviderHttp((config) => {
    const body = JSON.parse(String(config.data)) as Record<string, unknown>;
    sent.push(body);
    urls.push(config.url ?? '');
    return reply(body);
  });
  return { gateway: new HttpSearchGateway(http, { CLIENT_ID: 'paddock' }), sent, urls };
}

const content = (n: number) => ({
  content: {
    id: `id-${n}`,
    contentType: 'IMAGE',
    creationDate: '2026-01-01T00:00:00.000Z',
    locales: [{ locale: 'IT', name: `n${n}` }],
  },
});

/** A provider holding `total` contents, answering pages of at most 50 like THRON. */
function provider(total: number) {
  return (body: Record<string, unknown>): ProviderReply => {
    const offset = Number(body.offset);
    const size = Math.min(Number(body.numberOfresults), 50);
    const count = Math.max(0, Math.min(size, total - offset));
    const options = body.contentFieldOption as { returnTotalResults: boolean };
    return {
      status: 200,
      data: {
        resultCode: 'OK',
        contents: Array.from({ length: count }, (_, i) => content(offset + i)),
        totalResults: options.returnTotalResults ? total : undefined,
      },
    };
  };
}

const page = (over: Partial<ContentPageRequest> = {}): ContentPageRequest => ({
  sort: 'creationDate',
  descending: true,
  offset: 0,
  limit: 100,
  locale: 'IT',
  ...over,
});

describe('HttpSearchGateway', () => {
  it('reads a page of 100 as two provider pages of 50, asking no total', async () => {
    const { gateway, sent, urls } = gatewayAnswering(provider(130));
    const result = await gateway.findContents(
      'tok',
      { folderIds: ['f1'], cascade: true, text: 'red' },
      page({ offset: 10 }),
    );
    expect(result.map((c) => c.id)).toEqual(Array.from({ length: 100 }, (_, i) => `id-${10 + i}`));
    expect(urls).toEqual([
      '/xcontents/resources/content/findByProperties',
      '/xcontents/resources/content/findByProperties',
    ]);
    expect(sent.map((b) => [b.offset, b.numberOfresults])).toEqual([
      [10, 50],
      [60, 50],
    ]);
    expect(sent[0]).toMatchObject({
      client: { clientId: 'paddock' },
      criteria: {
        locale: 'IT',
        textSearch: { searchKey: 'red', searchKeyOption: 'EXACT_MATCH', searchOnFields: ['NAME', 'ITAGS'] },
        linkedCategoryOp: { linkedCategoryIds: ['f1'], cascade: true },
      },
      contentFieldOption: { returnTotalResults: false, returnSource: true },
      orderBy: 'creationDate_D',
    });
    expect(sent[1]).toMatchObject({ contentFieldOption: { returnTotalResults: false } });
  });

  it('matches text in the text locale and sorts names in the page locale (issue 12: a total that agrees)', async () => {
    const { gateway, sent } = gatewayAnswering(provider(3));
    await gateway.findContents(
      'tok',
      { text: 'red' },
      page({ sort: 'name', locale: 'EN', textLocale: 'IT' }),
    );
    expect(sent[0]).toMatchObject({ criteria: { locale: 'IT' }, locale: 'EN', orderBy: 'contentName_D' });
  });

  it('counts the matches of the same search with a page of one and its total', async () => {
    const { gateway, sent, urls } = gatewayAnswering(provider(130));
    expect(await gateway.countMatches('tok', { folderIds: ['f1'], cascade: true, text: 'red' }, 'IT')).toBe(
      130,
    );
    expect(urls).toEqual(['/xcontents/resources/content/findByProperties']);
    expect(sent[0]).toMatchObject({
      criteria: {
        locale: 'IT',
        textSearch: { searchKey: 'red', searchKeyOption: 'EXACT_MATCH', searchOnFields: ['NAME', 'ITAGS'] },
        linkedCategoryOp: { linkedCategoryIds: ['f1'], cascade: true },
      },
      contentFieldOption: { returnTotalResults: true },
      numberOfresults: 1,
      offset: 0,
    });
    const failing = gatewayAnswering(() => ({ status: 418, data: { resultCode: 'EXCEPTION' } }));
    expect(await providerFailure(failing.gateway.countMatches('tok', {}, 'IT'))).toMatchObject({
      code: 'E002',
      transient: false,
    });
  });

  it('asks for the remainder only, and stops at a short page', async () => {
    const { gateway, sent } = gatewayAnswering(provider(70));
    const result = await gateway.findContents(
      'tok',
      {},
      page({ limit: 75, sort: 'name', descending: false }),
    );
    expect(sent.map((b) => [b.offset, b.numberOfresults, b.orderBy])).toEqual([
      [0, 50, 'contentName_A'],
      [50, 25, 'contentName_A'],
    ]);
    expect(result).toHaveLength(70);
  });

  it.each<[string, ProviderReply, string, boolean]>([
    ['418 EXCEPTION', { status: 418, data: { resultCode: 'EXCEPTION' } }, 'E002', false],
    ['200 not OK', { status: 200, data: { resultCode: 'CATEGORY_IN_LIST_NOT_EXISTS' } }, 'E002', false],
    ['200 of another shape', { status: 200, data: { resultCode: 'OK', contents: 'none' } }, 'E002', false],
    ['500', { status: 500, data: { resultCode: 'EXCEPTION' } }, 'E002', true],
    [
      '403 expired token',
      { status: 403, data: { resultCode: 'SESSION_NON_FOUND', ssoCode: 'SESSION_EXPIRED' } },
      'UNAUTHENTICATED',
      false,
    ],
    ['connection refused', { network: 'ECONNREFUSED' }, 'E002', true],
  ])('a failed search: %s', async (_case, reply, code, transient) => {
    const { gateway } = gatewayAnswering(() => reply);
    expect(await providerFailure(gateway.findContents('tok', {}, page()))).toMatchObject({ code, transient });
  });

  it('counts through content/search, E015 when it fails', async () => {
    const { gateway, sent, urls } = gatewayAnswering(() => ({
      status: 200,
      data: { resultCode: 'OK', items: [], estimatedTotalResults: 42 },
    }));
    expect(await gateway.countContents('tok', { folderIds: ['arch04-marketing'], cascade: true })).toBe(42);
    expect(urls).toEqual(['/xcontents/resources/content/search/paddock']);
    expect(sent[0]).toMatchObject({
      criteria: { linkedCategories: { haveAtLeastOne: [{ id: 'arch04-marketing', cascade: true }] } },
    });
    const failing = gatewayAnswering(() => ({ status: 418, data: { resultCode: 'EXCEPTION' } }));
    expect(await providerFailure(failing.gateway.countContents('tok', {}))).toMatchObject({
      code: 'E015',
      transient: false,
    });
  });

  it("pages in THRON content/search's token order: 50 a call, each call's token asking the next", async () => {
    // 120 contents, pages of 50 by THRON's nextPageToken (the offset, here).
    const { gateway, sent, urls } = gatewayAnswering((body) => {
      const from = Number(body.pageToken ?? 0);
      const size = (body.responseOptions as { resultsPageSize: number }).resultsPageSize;
      const end = Math.min(120, from + size);
      const items = Array.from({ length: end - from }, (_, i) => ({ id: `id-${from + i}` }));
      const next = end < 120 ? String(end) : undefined;
      return {
        status: 200,
        data: { resultCode: 'OK', items, nextPageToken: next, estimatedTotalResults: 120 },
      };
    });
    const ordered = { sort: 'name' as const, descending: false, locale: 'EN', limit: 100 };
    const first = await gateway.pageInOrder('tok', { folderIds: ['f1'], types: ['IMAGE'] }, ordered);
    expect(first).toEqual({ ids: Array.from({ length: 100 }, (_, i) => `id-${i}`), next: '100' });
    const last = await gateway.pageInOrder(
      'tok',
      { folderIds: ['f1'] },
      { ...ordered, pageToken: first?.next },
    );
    expect(last).toEqual({ ids: Array.from({ length: 20 }, (_, i) => `id-${100 + i}`), next: undefined });
    expect(urls).toEqual(Array(3).fill('/xcontents/resources/content/search/paddock'));
    expect(sent[0]).toEqual({
      criteria: {
        contentType: ['IMAGE'],
        linkedCategories: { haveAtLeastOne: [{ id: 'f1', cascade: false }] },
      },
      responseOptions: {
        resultsPageSize: 50,
        returnDetailsFields: [],
        sort: [{ name: { order: 'asc', langPreferred: 'EN' } }],
        returnTotalResults: false,
      },
    });
    expect(sent.map((body) => body.pageToken)).toEqual([undefined, '50', '100']);
  });

  it.each([
    ['a text (its lemma reads descriptions and metadata too)', { text: 'red' }],
    ['a metadata filter', { metadata: [{ combinator: 'MUST' as const, clauses: [] }] }],
    ['a missing metadata key', { metadataMissingAny: ['copyright'] }],
    ['tags', { tags: { all: ['t1'] } }],
  ])('leaves a search with %s to findByProperties, asking nothing', async (_case, criteria) => {
    const { gateway, sent } = gatewayAnswering(provider(1));
    const ordered = { sort: 'name' as const, descending: false, locale: 'IT', limit: 10 };
    expect(await gateway.pageInOrder('tok', criteria, ordered)).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('refuses a malformed token before sending anything', async () => {
    const { gateway, sent } = gatewayAnswering(provider(1));
    expect(await providerFailure(gateway.findContents('bad token\n', {}, page()))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(sent).toEqual([]);
  });
});
