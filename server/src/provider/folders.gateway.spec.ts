import {
  inOrder,
  providerFailure,
  scriptedProviderHttp,
  type ProviderReply,
} from '../../test/support/scripted-provider';
import { HttpFoldersGateway } from './folders.gateway';

/** A gateway whose HTTP answers come from `replies`, in order; the requests it sent are kept. */
function gatewayAnswering(...replies: ProviderReply[]) {
  const { http, sent } = scriptedProviderHttp(inOrder(...replies));
  return { gateway: new HttpFoldersGateway(http, { CLIENT_ID: 'paddock' }), sent };
}

const rule = (name: string, enabled: boolean, applyToSpreadTargets: boolean) => ({
  rule: name,
  enabled,
  applyToSpreadTargets,
});

function result(id: string, extra: Record<string, unknown> = {}) {
  return {
    category: {
      id,
      upCategoryId: 'parent',
      ancestorIds: ['top', 'parent'],
      creationDate: '2026-01-01T00:00:00.000Z',
      locales: [
        { locale: 'IT', name: `Cartella ${id}` },
        { locale: 'EN', name: `Folder ${id}` },
      ],
      prettyIds: [{ id: `code-${id}`, locale: '' }],
      metadatas: [{ name: 'isSupplier', value: 'true' }],
    },
    numberOfContents: 3,
    numberOfSubCategories: 1,
    aclInfo: {
      items: [
        {
          acl: {
            rules: [
              rule('SEEN_BY', true, false),
              rule('MODIFIED_BY', false, false),
              rule('MODIFIED_BY', true, true),
              rule('SHARED_BY', true, true),
            ],
          },
        },
      ],
    },
    ...extra,
  };
}

const page = (ids: string[], totalResults: number) => ({
  status: 200,
  data: { resultCode: 'OK', ssoCode: 'OK', categories: ids.map((i) => result(i)), totalResults },
});
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => `f${from + i}`);

describe('HttpFoldersGateway', () => {
  it('reads a folder with its names, code, supplier flag and rights from aclInfo', async () => {
    const { gateway, sent } = gatewayAnswering(page(['a'], 1));
    await expect(gateway.folder('tok', 'a', 'IT')).resolves.toEqual({
      id: 'a',
      prettyId: 'code-a',
      parentId: 'parent',
      ancestorIds: ['top', 'parent'],
      names: { IT: 'Cartella a', EN: 'Folder a' },
      isSupplier: true,
      originId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      numberOfSubCategories: 1,
      rights: { show: true, manage: false, share: true, write: true },
    });
    expect(sent[0].headers['X-TOKENID']).toBe('tok');
    expect(JSON.parse(String(sent[0].data))).toMatchObject({
      client: { clientId: 'paddock' },
      properties: { categoryIds: ['a'] },
      // Counting a large folder's contents is the provider's costliest part of a lookup (issue 26).
      categoryFieldOption: { returnAclInfo: true, returnNumberOfContents: false },
      locale: 'IT',
      numberOfResult: 50,
    });
  });

  it('pages sub-folders by 50 until the total, bounded to the direct level', async () => {
    const { gateway, sent } = gatewayAnswering(
      page(range(0, 50), 120),
      page(range(50, 50), 120),
      page(range(100, 20), 120),
    );
    const children = await gateway.subFolders('tok', { id: 'p', ancestorIds: ['top'] });
    expect(children.map((c) => c.id)).toEqual(range(0, 120));
    const bodies = sent.map((s) => JSON.parse(String(s.data)) as Record<string, unknown>);
    expect(bodies.map((b) => b.offset)).toEqual([0, 50, 100]);
    expect(bodies[0].properties).toEqual({ childOf: 'p', excludeLevelHigherThan: 3 });
  });

  it('stops on a full last page when the total is reached', async () => {
    const { gateway, sent } = gatewayAnswering(page(range(0, 50), 50));
    expect(await gateway.allFolders('tok')).toHaveLength(50);
    expect(sent).toHaveLength(1);
  });

  it('sends ids 50 at a time and keeps the asked order', async () => {
    const ids = range(0, 75);
    const { gateway, sent } = gatewayAnswering(page(ids.slice(0, 50).reverse(), 50), page(ids.slice(50), 25));
    expect((await gateway.foldersByIds('tok', ids)).map((f) => f.id)).toEqual(ids);
    expect(
      sent.map(
        (s) =>
          (JSON.parse(String(s.data)) as { properties: { categoryIds: string[] } }).properties.categoryIds
            .length,
      ),
    ).toEqual([50, 25]);
  });

  it('links 50 ids a call and gathers what was not linked from both field names', async () => {
    const ok = (itemsInIssue: string[]) => ({
      status: 200,
      data: { resultCode: 'OK', ssoCode: 'OK', itemsInIssue, notLinked: itemsInIssue },
    });
    const { gateway, sent } = gatewayAnswering(ok(['c1']), ok(['c60']));
    const result = await gateway.linkContents(
      'tok',
      'f',
      range(0, 61).map((i) => `c${i.slice(1)}`),
    );
    expect(result.notLinked).toEqual(['c1', 'c60']);
    expect(sent.map((s) => s.url)).toEqual([
      '/xcontents/resources/contentcategory/link/paddock',
      '/xcontents/resources/contentcategory/link/paddock',
    ]);
  });

  it.each([
    ['an unreachable provider', { network: 'ECONNREFUSED' }, 'E009', true],
    ['a 5xx', { status: 502, data: 'bad gateway' }, 'E009', true],
    [
      'a 418 with no meaning for the hub',
      { status: 418, data: { resultCode: 'EXCEPTION', ssoCode: 'OK' } },
      'E009',
      false,
    ],
    ['an unreadable answer', { status: 200, data: { resultCode: 'OK', categories: 'nope' } }, 'E009', false],
    [
      'an expired session',
      { status: 403, data: { resultCode: 'SESSION_NON_FOUND', ssoCode: 'SESSION_EXPIRED' } },
      'UNAUTHENTICATED',
      false,
    ],
  ] as const)('maps %s on the tree load to %s', async (_what, reply, code, transient) => {
    const { gateway } = gatewayAnswering(reply);
    await expect(providerFailure(gateway.allFolders('tok'))).resolves.toMatchObject({ code, transient });
  });

  it('maps failures of a single folder to E014 and of a lookup to E018', async () => {
    const down = { network: 'ETIMEDOUT' };
    await expect(providerFailure(gatewayAnswering(down).gateway.folder('tok', 'a'))).resolves.toMatchObject({
      code: 'E014',
    });
    await expect(providerFailure(gatewayAnswering(down).gateway.category('tok', 'a'))).resolves.toMatchObject(
      {
        code: 'E014',
      },
    );
    await expect(
      providerFailure(gatewayAnswering(down).gateway.foldersByIds('tok', ['a'])),
    ).resolves.toMatchObject({
      code: 'E018',
    });
  });

  it.each([
    ['an unreachable provider', { network: 'ECONNREFUSED' }, true],
    ['a 5xx', { status: 502, data: 'bad gateway' }, true],
    [
      'a 418 with no meaning for the hub',
      { status: 418, data: { resultCode: 'EXCEPTION', ssoCode: 'OK' } },
      false,
    ],
  ] as const)(
    'answers the category lookup default E032 for %s on the sharing-folder lookup',
    async (_what, reply, transient) => {
      const { gateway } = gatewayAnswering(reply);
      await expect(providerFailure(gateway.sharingFolderIds('tok'))).resolves.toMatchObject({
        code: 'E032',
        transient,
      });
    },
  );

  it('keeps the finer code of a sharing-folder lookup refused for a known reason', async () => {
    const { gateway } = gatewayAnswering({
      status: 418,
      data: { resultCode: 'ACCESS_DENIED', ssoCode: 'OK' },
    });
    await expect(providerFailure(gateway.sharingFolderIds('tok'))).resolves.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it.each([
    ['ACCESS_DENIED', 'FORBIDDEN'],
    ['CATEGORY_NOT_EXISTS', 'NOT_FOUND'],
    ['PARENT_CATEGORY_NOT_FOUND', 'NOT_FOUND'],
    ['CATEGORYNAME_IS_REQUIRED', 'VALIDATION_FAILED'],
    ['CATEGORY_NOT_EMPTY', 'FOLDER_NOT_EMPTY'],
  ])('reads the business answer %s as %s', async (resultCode, code) => {
    const { gateway } = gatewayAnswering({ status: 418, data: { resultCode, ssoCode: 'OK' } });
    const e = await providerFailure(gateway.createFolder('tok', 'p', { EN: 'x' }));
    expect(e).toMatchObject({ code, transient: false, detail: { status: 418, resultCode } });
  });

  it('answers NOT_FOUND when the folder is hidden or missing', async () => {
    const { gateway } = gatewayAnswering(page([], 0));
    await expect(providerFailure(gateway.folder('tok', 'x'))).resolves.toMatchObject({ code: 'NOT_FOUND' });
  });
});
