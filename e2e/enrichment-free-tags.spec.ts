import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './portal';
import { LIMITS, type AssetDetail, type FolderNode } from '@paddock/rules';
import pg from 'pg';
import { insertContents } from '../bench/seed-sql.mjs';
import {
  TEXTS,
  atWizardStep,
  csrfToken,
  e2eDatabaseUrl,
  folderByCode,
  inFreshBrowser,
  keepScreenshot,
  scrollListingTo,
  selectionBar,
  type Lang,
} from './support';

/** The size the tag step's screenshots are taken at. */
const DESKTOP = { width: 1440, height: 900 };

/**
 * Inserts `count` contents into the folder straight into the provider's schema (uploads would take
 * minutes), each with the demo's mandatory metadata (usage, author) already set; answers their ids.
 */
async function seedContents(db: pg.Client, folderId: string, name: string, count: number): Promise<string[]> {
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE free_tag_seed ON COMMIT DROP AS
       SELECT g, gen_random_uuid() AS id, 'jpg' AS ext,
         $1::text || ' ' || lpad(g::text, 3, '0') AS name, $1::text || ' ' || lpad(g::text, 3, '0') AS name_it,
         $2::uuid AS folder, timestamptz '2025-06-01' + make_interval(mins => g) AS created
       FROM generate_series(1, $3::int) g`,
    [name, folderId, count],
  );
  await insertContents(db, 'free_tag_seed');
  await db.query(
    `INSERT INTO provider.content_metadata (content_id, classification_id, key, value)
     SELECT id, 'ggdyqo', k, v FROM free_tag_seed,
       (VALUES ('utilizzo', 'stampa'), ('authorinfo', 'Studio Foto Srl')) AS m(k, v)`,
  );
  const ids = await db.query<{ id: string }>('SELECT id FROM free_tag_seed ORDER BY g');
  await db.query('COMMIT');
  return ids.rows.map((r) => r.id);
}

async function removeContents(db: pg.Client, ids: readonly string[]): Promise<void> {
  await db.query('DELETE FROM provider.content WHERE id = ANY($1::uuid[])', [ids]);
}

const inContext = (browser: Browser, lang: Lang, steps: (page: Page) => Promise<void>) =>
  inFreshBrowser(browser, 'mario.rossi', lang, steps, DESKTOP);

const nameField = (lang: Lang, of: Lang) =>
  TEXTS[lang].tagging.new.name.replace('{{language}}', TEXTS[lang].language[of]);
const quoted = (text: string, name: string) => text.replace('{{name}}', name);

/** The tags of the asset as the hub reads them from the provider, named in `lang`. */
async function tagsOf(page: Page, assetId: string, folderId: string, lang: Lang): Promise<string[]> {
  const detail = (await (
    await page.request.get(`/api/assets/${assetId}?lang=${lang}&folderId=${folderId}`)
  ).json()) as AssetDetail;
  return detail.tags.map((tag) => tag.label).sort();
}

/** Confirms the summary and waits for the enrichment job to be done on the one asset. */
async function confirm(page: Page, lang: Lang): Promise<void> {
  const e = TEXTS[lang].enrichment;
  await page.getByRole('button', { name: e.summary.confirm }).click();
  await expect(
    page.getByRole('region', { name: e.summary.results }).getByText(TEXTS[lang].manage.outcomes.done),
  ).toBeVisible({ timeout: 60_000 });
}

test.describe('free tags and the tagging limit', () => {
  let db: pg.Client;
  let seeded: string[] = [];
  let folderToRemove: string | undefined;

  test.beforeAll(async () => {
    db = new pg.Client({ connectionString: e2eDatabaseUrl() });
    await db.connect();
  });

  test.afterAll(async () => {
    // Also after a failure half-way, so the seeded rows never reach the specs that run next.
    await removeContents(db, seeded);
    if (folderToRemove) await db.query('DELETE FROM provider.category WHERE id = $1', [folderToRemove]);
    await db.end();
  });

  test('a free tag typed in the wizard is created, applied, then removed; its tag step in IT, EN and FR', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    let folderId = '';
    let assetId = '';

    // Italian: a new free tag with its English translation, chosen at once, applied by the job.
    await inContext(browser, 'it', async (page) => {
      const t = TEXTS.it;
      folderId = (await folderByCode(page, 'arrc03-marketing')).id;
      seeded = await seedContents(db, folderId, 'Tag libero', 1);
      assetId = seeded[0]!;
      await page.goto(`/tag?folder=${folderId}&ids=${assetId}`);
      await atWizardStep(page, 'it', 'tag');
      const form = page.getByRole('form', { name: t.tagging.new.title });
      await form.getByLabel(nameField('it', 'it'), { exact: true }).fill('Notturna');
      await form.getByRole('button', { name: t.tagging.new.showTranslations }).click();
      await form.getByLabel(nameField('it', 'en'), { exact: true }).fill('Night shot');
      await form.getByLabel(nameField('it', 'it'), { exact: true }).press('Enter');
      await expect(page.getByText(quoted(t.tagging.new.created, 'Notturna'))).toBeVisible();
      const tags = page.getByRole('group', { name: t.enrichment.tag.tags, exact: true });
      await expect(tags.getByRole('checkbox', { name: 'Notturna' })).toBeChecked();
      const listed = await tags.getByRole('checkbox').count();
      await keepScreenshot(page, 'enrichment-free-tag-it');
      // Typed again in another case, it is the same tag: chosen, not created twice.
      await form.getByLabel(nameField('it', 'it'), { exact: true }).fill('NOTTURNA');
      await expect(page.getByText(quoted(t.tagging.new.exists, 'Notturna'))).toBeVisible();
      await form.getByLabel(nameField('it', 'it'), { exact: true }).press('Enter');
      await expect(page.getByText(quoted(t.tagging.new.chosen, 'Notturna'))).toBeVisible();
      await expect(tags.getByRole('checkbox')).toHaveCount(listed);

      await page.getByRole('button', { name: t.enrichment.next }).click();
      await atWizardStep(page, 'it', 'summary');
      await expect(page.getByText('Notturna', { exact: true })).toBeVisible();
      await confirm(page, 'it');
      expect(await tagsOf(page, assetId, folderId, 'it')).toEqual(['Notturna']);
    });

    // English: the tag is on the asset (named in English); another new one, and the first removed.
    await inContext(browser, 'en', async (page) => {
      const t = TEXTS.en;
      await page.goto(`/tag?folder=${folderId}&ids=${assetId}`);
      await atWizardStep(page, 'en', 'tag');
      const form = page.getByRole('form', { name: t.tagging.new.title });
      await form.getByLabel(nameField('en', 'en'), { exact: true }).fill('Wet track');
      await form.getByRole('button', { name: t.tagging.new.create }).click();
      await expect(page.getByText(quoted(t.tagging.new.created, 'Wet track'))).toBeVisible();
      const present = page.getByRole('group', { name: t.enrichment.tag.present });
      await present.getByText('Night shot', { exact: true }).click();
      await expect(present.getByRole('checkbox', { name: 'Night shot' })).toBeChecked();
      await keepScreenshot(page, 'enrichment-free-tag-en');

      await page.getByRole('button', { name: t.enrichment.next }).click();
      await atWizardStep(page, 'en', 'summary');
      await expect(page.getByText(t.enrichment.summary.removedTags)).toBeVisible();
      await confirm(page, 'en');
      expect(await tagsOf(page, assetId, folderId, 'en')).toEqual(['Wet track']);
    });

    // French: the step with a third new tag, named with an accent (Latin-1), not confirmed.
    await inContext(browser, 'fr', async (page) => {
      const t = TEXTS.fr;
      await page.goto(`/tag?folder=${folderId}&ids=${assetId}`);
      await atWizardStep(page, 'fr', 'tag');
      const form = page.getByRole('form', { name: t.tagging.new.title });
      await form.getByLabel(nameField('fr', 'fr'), { exact: true }).fill('Piste mouillée');
      await form.getByLabel(nameField('fr', 'fr'), { exact: true }).press('Enter');
      await expect(page.getByText(quoted(t.tagging.new.created, 'Piste mouillée'))).toBeVisible();
      await expect(
        page.getByRole('group', { name: t.enrichment.tag.tags, exact: true }).getByRole('checkbox', {
          name: 'Piste mouillée',
        }),
      ).toBeChecked();
      await keepScreenshot(page, 'enrichment-free-tag-fr');
    });
  });

  test(`over ${LIMITS.taggingMaxAssets} selected assets, Enrich and Tags say the limit before anything opens`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const count = LIMITS.taggingMaxAssets + 1;
    await inContext(browser, 'en', async (page) => {
      const t = TEXTS.en;
      const archive = await folderByCode(page, 'arch04-marketing');
      const created = await page.request.post('/api/folders?lang=en', {
        headers: { 'x-csrf-token': await csrfToken(page) },
        data: { parentId: archive.id, name: `E2E tagging limit ${Date.now()}` },
      });
      expect(created.status()).toBe(201);
      const folderId = ((await created.json()) as FolderNode).id;
      folderToRemove = folderId;
      seeded.push(...(await seedContents(db, folderId, 'Limit', count)));

      await page.goto(`/home?folder=${folderId}`);
      // A first listing of a new folder on a busy machine: more than the default wait.
      await expect(page.getByText(`Results: ${count}`)).toBeVisible({ timeout: 30_000 });
      // Every page of the listing loaded, then all of it selected from the keyboard.
      await scrollListingTo(page, count - 1);
      await page.getByRole('option', { name: 'Limit 001.jpg' }).click();
      await page.keyboard.press('ControlOrMeta+a');
      const bar = selectionBar(page);
      await expect(bar.getByText(`Selected: ${count}`)).toBeVisible();
      for (const name of [t.enrichment.open, t.tagging.bulk.open]) {
        const button = bar.getByRole('button', { name, exact: true });
        await expect(button).toBeDisabled();
        await expect(button).toHaveAttribute(
          'title',
          t.tagging.bulk.limit.replace('{{max}}', String(LIMITS.taggingMaxAssets)),
        );
      }
      await keepScreenshot(page, 'enrichment-limit-en');
      expect(new URL(page.url()).pathname).toBe('/home');
    });
  });
});
