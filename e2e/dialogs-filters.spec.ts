import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './portal';
import type { AssetSummary, FolderNode, MetadataFilter } from '@paddock/rules';
import {
  DERIVATIVES,
  TEXTS,
  as as signedInAs,
  chooseFromMoreMenu,
  completedJob,
  derivedListing,
  itemName,
  keepScreenshot,
  type Lang,
} from './support';

/** The model year given to one demo asset, and the range that finds it. */
const YEAR = String(1900 + (Date.now() % 50));
const RANGE = { from: String(Number(YEAR) - 1), to: String(Number(YEAR) + 1) };
const FILTER: MetadataFilter[] = [
  {
    combinator: 'MUST',
    clauses: [{ key: 'modelyear', operator: 'BETWEEN', value: RANGE.from, value2: RANGE.to }],
  },
];

let folder = '';
let marked: AssetSummary;
let others: AssetSummary[] = [];

const as = (browser: Browser, lang: Lang, steps: (page: Page) => Promise<void>) =>
  signedInAs(browser, 'mario.rossi', steps, { lang, viewport: { width: 1440, height: 900 } });

const count = (page: Page, n: number) =>
  page.getByText(new RegExp(`^(Results|Risultati|Résultats)\\s?: ${n}$`));
const card = (page: Page, asset: AssetSummary) =>
  page.getByRole('option', { name: itemName(asset), exact: true });

test.describe.serial('search info, thumbnail dialog and metadata filters', () => {
  // Several sign-ins and listings each, on a machine shared with other suites.
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000 + DERIVATIVES.timeout);
    await as(browser, 'en', async (page) => {
      const tree = (await (await page.request.get('/api/folders/tree?lang=en')).json()) as {
        roots: FolderNode[];
      };
      const find = (nodes: FolderNode[]): FolderNode | undefined =>
        nodes
          .map((n) => (n.prettyId === 'campagne-2026-marketing' ? n : find(n.children ?? [])))
          .find(Boolean);
      folder = find(tree.roots)!.id;
      const items = await derivedListing(page.request, folder);
      expect(items.length).toBeGreaterThan(2);
      [marked, ...others] = items;
      // The model year through the hub's own bulk metadata job, as a user sets it.
      await completedJob(page, '/api/tags/bulk', {
        contentIds: [marked.id],
        folderId: folder,
        action: 'add',
        metadata: [{ key: 'modelyear', value: YEAR }],
      });
    });
  });

  test('a metadata filter narrows the listing, stays in the address and survives a reload (EN)', async ({
    browser,
  }) => {
    const t = TEXTS.en.assets;
    await as(browser, 'en', async (page) => {
      await page.goto(`/home?folder=${folder}`);
      await expect(page.getByText(/^Results: \d+$/)).toBeVisible();
      await expect(card(page, others[0]!)).toBeVisible();

      await page.getByRole('button', { name: t.metadata.open, exact: true }).click();
      const panel = page.getByRole('dialog', { name: t.metadata.title });
      await panel.getByLabel(t.metadata.key).selectOption('modelyear');
      await panel.getByLabel(t.metadata.operator).selectOption('BETWEEN');
      await panel.getByLabel(t.metadata.value, { exact: true }).fill(RANGE.from);
      await panel.getByRole('button', { name: t.metadata.apply }).click();
      await expect(panel.getByText(t.metadata.problems.valueRequired)).toBeVisible();
      await panel.getByLabel(t.metadata.value2, { exact: true }).fill(RANGE.to);
      await keepScreenshot(page, 'dialogs-filters-panel-en');
      await panel.getByRole('button', { name: t.metadata.apply }).click();

      await expect(count(page, 1)).toBeVisible();
      await expect(card(page, marked)).toBeVisible();
      await expect(card(page, others[0]!)).toHaveCount(0);
      expect(JSON.parse(new URL(page.url()).searchParams.get('meta') ?? '[]')).toEqual(FILTER);
      await keepScreenshot(page, 'dialogs-filters-narrowed-en');

      await page.reload();
      await expect(count(page, 1)).toBeVisible();
      await expect(card(page, marked)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Metadata search: 1 condition' })).toBeVisible();
    });
  });

  for (const lang of ['it', 'en', 'fr'] as const) {
    test(`search info and thumbnail dialogs, and a shared filtered link (${lang})`, async ({ browser }) => {
      const t = TEXTS[lang].assets;
      await as(browser, lang, async (page) => {
        // A shared link: the filter comes from the address alone.
        await page.goto(`/home?folder=${folder}&meta=${encodeURIComponent(JSON.stringify(FILTER))}`);
        await expect(count(page, 1)).toBeVisible();

        await page.getByRole('button', { name: t.searchInfo.open }).click();
        const info = page.getByRole('dialog', { name: t.searchInfo.title });
        await expect(info.getByText(t.metadata.operators.BETWEEN, { exact: true })).toBeVisible();
        await expect(info.getByText(t.metadata.combinators.AT_LEAST_ONE, { exact: true })).toBeVisible();
        await keepScreenshot(page, `dialogs-search-info-${lang}`);
        await info.getByRole('button', { name: t.searchInfo.close }).click();
        await expect(info).toBeHidden();

        // Unfiltered again, two assets selected and previewed (named as this language lists them).
        const listed = await derivedListing(page.request, folder, undefined, lang);
        const pair = [others[0]!, others[1]!].map((a) => listed.find((item) => item.id === a.id)!);
        await page.goto(`/home?folder=${folder}`);
        await expect(card(page, pair[0]!)).toBeVisible();
        for (const asset of pair) await card(page, asset).getByRole('checkbox').click();
        await chooseFromMoreMenu(page, t.thumbnails.open, lang);
        const preview = page.getByRole('dialog', {
          name: t.thumbnails.title_other.replace('{{count}}', '2'),
        });
        await expect(preview.getByRole('img')).toHaveCount(2);
        await expect(preview.getByRole('img', { name: itemName(pair[0]!) })).toBeVisible();
        await keepScreenshot(page, `dialogs-thumbnails-${lang}`);
        await preview.getByRole('button', { name: t.thumbnails.close }).click();
        await expect(preview).toBeHidden();
      });
    });
  }
});
