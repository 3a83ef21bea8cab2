import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import { SHARE_ERROR_CODES } from '@paddock/rules';
import pg from 'pg';
import { insertContents } from '../bench/seed-sql.mjs';
import { TEXTS, csrfToken, e2eDatabaseUrl, folderByCode, keepScreenshot, signIn, type Lang } from './support';

const ARCHIVE = 'arch04-marketing';
const ENRICHMENT = 'arrc03-marketing';
const RUN = Date.now().toString(36);
const EMBARGOED = `Embargo ${RUN}`;
const TAGGED = [1, 2, 3].map((n) => `Bulk tag ${RUN} ${n}`);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let db: pg.Client;
const seeded: string[] = [];

/** Contents straight into the provider's schema (no file behind them: the detail's info is what counts). */
async function seed(folderId: string, names: string[]): Promise<string[]> {
  const values = names.map((n, g) => `(${g + 1}, ${db.escapeLiteral(n)})`).join(', ');
  await db.query('BEGIN');
  await db.query(`CREATE TEMP TABLE e2e_seed ON COMMIT DROP AS
    SELECT g, gen_random_uuid() AS id, 'jpg' AS ext, n AS name, n AS name_it,
      ${db.escapeLiteral(folderId)}::uuid AS folder, now() + make_interval(secs => g) AS created
    FROM (VALUES ${values}) AS s(g, n)`);
  await insertContents(db, 'e2e_seed');
  const ids = (await db.query<{ id: string }>('SELECT id FROM e2e_seed ORDER BY g')).rows.map((r) => r.id);
  await db.query('COMMIT');
  seeded.push(...ids);
  return ids;
}

/** The listing of the folder, with the named asset's card in it. */
async function openListing(page: Page, id: string, name: string) {
  await page.goto(`/home?folder=${id}`);
  await expect(page.getByRole('option', { name })).toBeVisible();
}

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
});

test.afterAll(async () => {
  if (seeded.length) await db.query('DELETE FROM provider.content WHERE id = ANY($1::uuid[])', [seeded]);
  await db.end();
});

test.describe('restricted assets and bulk tagging', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an embargoed asset is marked, warns in the detail until shown anyway, and its external share is refused', async ({
    browser,
  }) => {
    let embargoed: string | undefined;
    for (const lang of ['it', 'en', 'fr'] as Lang[]) {
      const t = TEXTS[lang];
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, 'mario.rossi', lang);
      const archive = (await folderByCode(page, ARCHIVE)).id;
      if (!embargoed) {
        [embargoed] = await seed(archive, [EMBARGOED]);
        await db.query(
          `INSERT INTO provider.content_metadata (content_id, classification_id, key, value)
           VALUES ($1, 'ggdyqo', 'embargodate', $2)`,
          [embargoed, inDays(10)],
        );
      }
      const name = `${EMBARGOED}.jpg`;
      await openListing(page, archive, name);
      await expect(page.getByRole('option', { name }).getByText(t.assets.card.restricted)).toBeVisible();
      await page.getByRole('option', { name }).dblclick();
      const detail = page.getByRole('dialog', { name });
      const warning = detail.getByRole('alert').filter({ hasText: t.assetDetail.restricted.title });
      await expect(warning).toContainText(t.assetDetail.restricted.embargo);
      await expect(detail.getByRole('img', { name: t.assetDetail.preview.image })).toHaveCount(0);
      await keepScreenshot(page, `enrichment-restricted-${lang}`);
      await warning.getByRole('button', { name: t.assetDetail.restricted.showAnyway }).click();
      await expect(warning).toBeHidden();

      if (lang === 'it') {
        // The page hides nothing the server would allow: the hub itself refuses the share.
        const refused = await page.request.post('/api/external-shares', {
          headers: { 'x-csrf-token': await csrfToken(page) },
          data: {
            type: 'link',
            name: 'Embargoed press kit',
            contentIds: [embargoed],
            folderId: archive,
            password: 'Press-Kit-2026#Spider',
            contentDownload: true,
            language: 'it',
          },
        });
        expect(refused.status()).toBe(403);
        expect(((await refused.json()) as { code: string }).code).toBe(SHARE_ERROR_CODES.NOT_ALLOWED);
      }
      await context.close();
    }
  });

  test('bulk tags three assets from the smart bar: the picker, the progress, then the tags in each detail', async ({
    browser,
  }) => {
    const lang: Lang = 'it';
    const t = TEXTS[lang];
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'mario.rossi', lang);
    const enrichment = (await folderByCode(page, ENRICHMENT)).id;
    await seed(enrichment, TAGGED);
    const names = TAGGED.map((n) => `${n}.jpg`);
    await openListing(page, enrichment, names[0]!);
    for (const name of names)
      await page.getByRole('checkbox', { name: t.assets.card.select.replace('{{name}}', name) }).click();

    const bar = page.getByRole('region', { name: t.assets.selection.bar });
    await bar.getByRole('button', { name: t.tagging.bulk.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.tagging.bulk.title_other.replace('{{count}}', '3') });
    await dialog.getByText('Spider', { exact: true }).click();
    await dialog.getByText('Evento', { exact: true }).click();
    await keepScreenshot(page, `enrichment-bulk-tags-dialog-${lang}`);
    await dialog.getByRole('button', { name: t.tagging.bulk.confirm.add, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t.tagging.bulk.done.add_other.replace('{{count}}', '3'))).toBeVisible({
      timeout: 30_000,
    });
    await keepScreenshot(page, `enrichment-bulk-tags-done-${lang}`);

    for (const name of names) {
      await page.getByRole('option', { name }).dblclick();
      const detail = page.getByRole('dialog', { name });
      const info = detail.getByRole('region', { name: t.assetDetail.info.title });
      await expect(info.getByText('Spider', { exact: true })).toBeVisible();
      await expect(info.getByText('Evento', { exact: true })).toBeVisible();
      if (name === names[0]) await keepScreenshot(page, `enrichment-bulk-tags-detail-${lang}`);
      await detail.getByRole('button', { name: t.assetDetail.close }).click();
      await expect(detail).toBeHidden();
    }
    await context.close();
  });
});
