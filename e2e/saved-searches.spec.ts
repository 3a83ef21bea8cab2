import { expect, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { test } from './portal';
import {
  BROWSER_LOCALES,
  TEXTS,
  e2eDatabaseUrl,
  folderByCode,
  keepScreenshot,
  seedBareContent,
  selectionBar,
  signIn,
  type Lang,
} from './support';

const ARCHIVE = 'arch04-marketing';
const RUN = Date.now().toString(36);

let db: pg.Client;
const seeded: string[] = [];

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
});

test.afterAll(async () => {
  await db.query('DELETE FROM hub.saved_search WHERE name LIKE $1', [`%${RUN}%`]);
  await db.query('DELETE FROM hub.collection WHERE name LIKE $1', [`%${RUN}%`]);
  if (seeded.length) await db.query('DELETE FROM provider.content WHERE id = ANY($1::uuid[])', [seeded]);
  await db.end();
});

/** A signed-in page of its own for `username`, in `lang`. */
async function pageOf(browser: Browser, username: string, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: BROWSER_LOCALES[lang] });
  const page = await context.newPage();
  await signIn(page, username, lang);
  return page;
}

/** The names of the listing's cards, in order. */
async function listedNames(page: Page): Promise<string[]> {
  return page
    .getByRole('listbox')
    .getByRole('option')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replace(`{{${key}}}`, String(value)), text);

test.describe('saved searches and collections', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ['it', 'en', 'fr'] as Lang[]) {
    test(`a saved search shared with a colleague, who opens it and sees the same assets; a collection (${lang})`, async ({
      browser,
    }) => {
      const t = TEXTS[lang].savedSearches;
      const word = `Mustang${RUN}${lang}`;
      const searchName = `${word} classiche`;
      const collectionName = `Mostra ${RUN} ${lang}`;

      const mario = await pageOf(browser, 'mario.rossi', lang);
      const archive = (await folderByCode(mario, ARCHIVE)).id;
      for (const name of [`${word} fronte`, `${word} retro`, `Spider${RUN}${lang}`])
        seeded.push(await seedBareContent(db, archive, name));

      // Mario searches the archive and saves the search, from the keyboard.
      await mario.goto(`/home?folder=${archive}`);
      const box = mario.getByRole('searchbox', { name: TEXTS[lang].assets.search.label });
      await box.fill(word);
      await box.press('Enter');
      await expect(mario.getByTestId('asset-count')).toHaveText(
        fill(TEXTS[lang].assets.count, { 'count, number': 2 }),
      );
      const found = await listedNames(mario);
      expect(found.sort()).toEqual([`${word} fronte.jpg`, `${word} retro.jpg`]);
      await mario.getByRole('button', { name: t.save.action }).click();
      const saving = mario.getByRole('dialog', { name: t.save.title });
      await saving.getByRole('textbox').fill(searchName);
      await keepScreenshot(mario, `saved-search-save-${lang}`);
      await mario.keyboard.press('Enter');
      await expect(saving).toBeHidden();
      await expect(mario.getByText(fill(t.save.done, { name: searchName }))).toBeVisible();

      // He shares it with Anna, by her username.
      await mario.getByRole('button', { name: t.open }).click();
      const panel = mario.getByRole('dialog', { name: t.title });
      await panel.getByRole('button', { name: fill(t.share.action, { name: searchName }) }).click();
      const sharing = mario.getByRole('dialog', { name: fill(t.share.title, { name: searchName }) });
      await sharing.getByRole('textbox', { name: t.share.users }).fill('anna.bianchi');
      await keepScreenshot(mario, `saved-search-share-${lang}`);
      await sharing.getByRole('button', { name: t.share.confirm, exact: true }).click();
      const row = panel.getByRole('listitem').filter({ hasText: searchName });
      await expect(row).toContainText(fill(t.sharedWith, { whom: 'anna.bianchi' }));
      await keepScreenshot(mario, `saved-search-list-owner-${lang}`);
      await mario.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // Anna signs in, finds it shared by Mario, opens it: the same assets.
      const anna = await pageOf(browser, 'anna.bianchi', lang);
      await anna.getByRole('button', { name: t.open }).click();
      const hers = anna.getByRole('dialog', { name: t.title });
      const shared = hers.getByRole('listitem').filter({ hasText: searchName });
      await expect(shared).toContainText(fill(t.sharedBy, { owner: 'mario.rossi' }));
      await expect(
        shared.getByRole('button', { name: fill(t.delete.action, { name: searchName }) }),
      ).toHaveCount(0);
      await keepScreenshot(anna, `saved-search-shared-with-colleague-${lang}`);
      await shared.getByRole('button', { name: fill(t.openOne, { name: searchName }) }).click();
      await expect(hers).toBeHidden();
      // It opens where Mario saved it: the department archive, in the Archives view.
      await expect(anna).toHaveURL(new RegExp(`folder=${archive}`));
      await expect(anna).toHaveURL(/view=archives/);
      await expect(anna.getByRole('searchbox', { name: TEXTS[lang].assets.search.label })).toHaveValue(word);
      await expect(anna.getByRole('listbox').getByRole('option')).toHaveCount(2);
      expect((await listedNames(anna)).sort()).toEqual(found.sort());
      await keepScreenshot(anna, `saved-search-opened-by-colleague-${lang}`);
      await anna.context().close();

      // Mario keeps both assets in a new collection, from the selection bar.
      await mario.getByRole('option', { name: `${word} fronte.jpg` }).click();
      await mario.getByRole('option', { name: `${word} retro.jpg` }).click({ modifiers: ['Shift'] });
      const bar = selectionBar(mario, lang);
      await bar.getByRole('button', { name: TEXTS[lang].assets.selection.more, exact: true }).click();
      await mario.getByRole('menuitem', { name: t.collections.action, exact: true }).click();
      const adding = mario.getByRole('dialog', { name: fill(t.collections.addTitle_other, { count: 2 }) });
      // A collection of an earlier run may be offered first: this one is new.
      await adding.getByText(t.collections.new, { exact: true }).click();
      await adding.getByRole('textbox').fill(collectionName);
      await keepScreenshot(mario, `collection-add-${lang}`);
      await adding.getByRole('button', { name: t.collections.addConfirm, exact: true }).click();
      await expect(adding).toBeHidden();

      // The collection lists them; one taken out leaves the other, and no asset is deleted.
      await mario.keyboard.press('Escape');
      await mario.getByRole('button', { name: t.open }).click();
      await panel.getByRole('tab', { name: t.tabs.collections }).click();
      await panel
        .getByRole('button', { name: fill(t.collections.openOne, { name: collectionName }) })
        .click();
      const assets = mario
        .getByRole('dialog', { name: collectionName })
        .getByRole('list', { name: fill(t.collections.assets, { name: collectionName }) });
      await expect(assets.getByRole('listitem')).toHaveCount(2);
      await keepScreenshot(mario, `collection-view-${lang}`);
      await assets
        .getByRole('button', { name: fill(t.collections.remove, { name: `${word} fronte` }) })
        .click();
      await expect(assets.getByRole('listitem')).toHaveCount(1);
      const { rows } = await db.query(
        'SELECT id FROM provider.content WHERE id = ANY($1::uuid[]) AND trashed_at IS NULL',
        [seeded],
      );
      expect(rows.length).toBe(seeded.length);
      await mario.context().close();
    });
  }
});
