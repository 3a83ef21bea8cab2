import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import type { AssetDetail, RegistryRecord } from '@paddock/rules';
import {
  LAPTOP_SIZES,
  TEXTS,
  as,
  completedJob,
  derivedListing,
  folderByCode,
  itemName,
  keepScreenshot,
  type Lang,
} from './support';

// The archive's campaign subfolder and the demo's event record its assets are filed under (demo-registry.ts).
const CAMPAIGN = 'campagne-2026-marketing';
const RECORD = 'reg-mkt-ginevra-2026';
const LANGS: Lang[] = ['it', 'en', 'fr'];

/** An asset of the campaign filed under the record, that mario may share (and so publish the record from). */
async function filedAsset(page: Page): Promise<{ folderId: string; id: string }> {
  const folderId = (await folderByCode(page, CAMPAIGN)).id;
  for (const item of await derivedListing(page.request, folderId)) {
    const detail = (await (
      await page.request.get(`/api/assets/${item.id}?folderId=${folderId}`)
    ).json()) as AssetDetail;
    if (detail.registryId === RECORD && detail.actions?.share) return { folderId, id: item.id };
  }
  throw new Error(`no asset filed under ${RECORD} in ${CAMPAIGN}`);
}

const isPublished = async (page: Page) =>
  ((await (await page.request.get(`/api/registry/${RECORD}`)).json()) as RegistryRecord).publishedAt !== null;

for (const [i, lang] of LANGS.entries())
  test(`the detail publishes and unpublishes the asset's registry record after a confirmation, in ${lang}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    const viewport = LAPTOP_SIZES[i % LAPTOP_SIZES.length];
    await as(
      browser,
      'mario.rossi',
      async (page) => {
        const { folderId, id } = await filedAsset(page);
        await page.goto(`/home?folder=${folderId}&asset=${id}`);
        const info = page.getByRole('region', { name: t.assetDetail.info.title });
        const state = info.getByTestId('registry-state');
        // Whatever an earlier run left, both ways once, ending where it started.
        const started = await isPublished(page);
        for (const publish of [!started, started]) {
          const action = publish ? 'publish' : 'unpublish';
          await info.getByRole('button', { name: t.registry[action], exact: true }).click();
          const ask = page.getByRole('alertdialog');
          await expect(ask).toContainText(t.registry[`${action}Message`]);
          await keepScreenshot(page, `detail-registry-${action}-ask-${lang}-${viewport.width}`);
          await ask.getByRole('button', { name: t.registry[action], exact: true }).click();
          await expect(ask).toBeHidden();
          await expect(state).toHaveText(publish ? t.registry.published : t.registry.notPublished);
          await expect.poll(() => isPublished(page)).toBe(publish);
          await keepScreenshot(page, `detail-registry-${action}ed-${lang}-${viewport.width}`);
        }
      },
      { lang, viewport },
    );
  });

test('a published folder is what the Publication filter finds, and no longer once unpublished (EN)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const t = TEXTS.en.assets.filters;
  const none = TEXTS.en.assets.noResultsTitle;
  await as(
    browser,
    'mario.rossi',
    async (page) => {
      const folderId = (await folderByCode(page, CAMPAIGN)).id;
      const total = (await derivedListing(page.request, folderId)).length;
      const publishing = (action: 'publish' | 'unpublish') =>
        completedJob(page, `/api/folders/${folderId}/${action}`);

      await publishing('publish');
      try {
        await page.goto(`/home?folder=${folderId}`);
        await page.getByRole('button', { name: t.label, exact: true }).click();
        await page.getByRole('combobox', { name: t.publication }).selectOption({ label: t.published });
        await expect(page).toHaveURL(/[?&]pub=true/);
        await expect(page.getByText(`Results: ${total}`)).toBeVisible();
        await keepScreenshot(page, 'listing-filter-published-en');
        await page.getByRole('combobox', { name: t.publication }).selectOption({ label: t.notPublished });
        await expect(page.getByText(none, { exact: true })).toBeVisible();
      } finally {
        await publishing('unpublish');
      }
      await page.goto(`/home?folder=${folderId}&pub=true`);
      await expect(page.getByText(none, { exact: true })).toBeVisible();
      await expect(
        page.getByRole('button', {
          name: t.labelActive.replace(
            '{{active}}',
            t.active.replace('{{filter}}', t.publication).replace('{{value}}', t.published),
          ),
        }),
      ).toBeVisible();
      await keepScreenshot(page, 'listing-filter-unpublished-en');
    },
    { viewport: LAPTOP_SIZES[0] },
  );
});

test("the shared archive shows a reader a channel's contents once published, and not before (EN)", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const results = /^Results: \d+$/;
  let channel = '';
  let archive = '';
  let name = '';
  // Mario shares an unpublished asset of the department archive into the Website channel.
  await as(browser, 'mario.rossi', async (page) => {
    channel = (await folderByCode(page, 'channel-website')).id;
    archive = (await folderByCode(page, 'shared-archive')).id;
    const from = (await folderByCode(page, 'arch04-marketing')).id;
    const asset = (await derivedListing(page.request, from)).find((item) => !item.published)!;
    name = itemName(asset);
    await completedJob(page, '/api/shares', {
      contentIds: [asset.id],
      folderId: from,
      targetFolderIds: [channel],
    });
    await completedJob(page, `/api/folders/${channel}/unpublish`);
  });
  const publishing = (action: 'publish' | 'unpublish') =>
    as(browser, 'mario.rossi', (page) => completedJob(page, `/api/folders/${channel}/${action}`));
  // Paola observes: she reads the shared archive and its channels, and publishes nothing there.
  await as(
    browser,
    'paola.neri',
    async (page) => {
      await page.goto(`/home?view=archives&archive=shared&folder=${archive}&sub=true`);
      await expect(page.getByText(results)).toBeVisible();
      await expect(page.getByText(name, { exact: true })).toHaveCount(0);
      await keepScreenshot(page, 'shared-archive-reader-unpublished-en');
      await publishing('publish');
      try {
        await page.reload();
        await expect(page.getByText(name, { exact: true })).toBeVisible();
        await keepScreenshot(page, 'shared-archive-reader-published-en');
      } finally {
        await publishing('unpublish');
      }
      await page.reload();
      await expect(page.getByText(results)).toBeVisible();
      await expect(page.getByText(name, { exact: true })).toHaveCount(0);
    },
    { viewport: LAPTOP_SIZES[0] },
  );
});
