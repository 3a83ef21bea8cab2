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

  it('refuses a malformed token before sending anything', async () => {
    const { gateway, sent } = gatewayAnswering(provider(1));
    expect(await providerFailure(gateway.findContents('bad token\n', {}, page()))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(sent).toEqual([]);
  });
});
