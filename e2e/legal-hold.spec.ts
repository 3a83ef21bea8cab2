import { expect, type Page } from '@playwright/test';
import { LIMITS, WORKFLOW_METADATA, WORKFLOW_TAGS, formatDeletionDate } from '@paddock/rules';
import pg from 'pg';
import { test } from './portal';
import {
  TEXTS,
  BROWSER_LOCALES,
  completedJob,
  e2eDatabaseUrl,
  folderByCode,
  keepScreenshot,
  seedBareContent,
  signIn,
  type Lang,
} from './support';

const JUNK = 'junk-marketing';
const RUN = Date.now().toString(36);
const DAY = 86_400;

let db: pg.Client;
const seeded: string[] = [];

/**
 * A content in the department junk as a delete leaves it there (SPEC §4: the deletion tag and date),
 * deleted `days` ago: past the retention, the nightly purge deletes it for good.
 */
async function deletedDaysAgo(junkId: string, name: string, days: number): Promise<string> {
  const id = await seedBareContent(db, junkId, name);
  seeded.push(id);
  const deletedAt = Math.floor(Date.now() / 1000) - days * DAY;
  await db.query(
    `INSERT INTO provider.content_metadata (content_id, classification_id, key, value, value_num)
     VALUES ($1, $2, $3, $4, $5)`,
    [id, WORKFLOW_TAGS.classification, WORKFLOW_METADATA.deletedAt, String(deletedAt), deletedAt],
  );
  await db.query(
    `INSERT INTO provider.content_tag (content_id, tag_id, classification_id)
     SELECT $1, id, classification_id FROM provider.tag_definition WHERE pretty_id = $2`,
    [id, WORKFLOW_TAGS.deleted],
  );
  return id;
}

/** Whether the provider still has the content, out of the trash. */
async function stillThere(id: string): Promise<boolean> {
  const { rows } = await db.query<{ trashed: boolean }>(
    'SELECT trashed_at IS NOT NULL AS trashed FROM provider.content WHERE id = $1',
    [id],
  );
  return rows.length === 1 && !rows[0]!.trashed;
}

/** The junk's listing, settled: the cards there and every thumbnail drawn. */
async function openJunk(page: Page, junkId: string, names: string[]): Promise<void> {
  await page.goto(`/home?view=departmentJunk&folder=${junkId}`);
  for (const name of names) await expect(page.getByRole('option', { name })).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByRole('listbox')
        .locator('img')
        .evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
}

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
});

test.afterAll(async () => {
  if (seeded.length) {
    await db.query('DELETE FROM hub.legal_hold WHERE target_id = ANY($1::text[])', [seeded]);
    await db.query('DELETE FROM provider.content WHERE id = ANY($1::uuid[])', [seeded]);
  }
  await db.end();
});

test.describe('a held asset survives the junk purge', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ['it', 'en', 'fr'] as Lang[]) {
    test(`the admin holds an asset in the junk, the purge keeps it and takes the other, the hold is released (${lang})`, async ({
      browser,
    }) => {
      const t = TEXTS[lang];
      const context = await browser.newContext({ locale: BROWSER_LOCALES[lang] });
      const page = await context.newPage();
      await signIn(page, 'admin', lang);
      const junkId = (await folderByCode(page, JUNK)).id;
      const heldName = `Contract ${RUN} ${lang}`;
      const freeName = `Draft ${RUN} ${lang}`;
      const reason = `Causa ${RUN} ${lang}`;
      const held = await deletedDaysAgo(junkId, heldName, LIMITS.junkRetentionDays + 1);
      const free = await deletedDaysAgo(junkId, freeName, LIMITS.junkRetentionDays + 2);

      // Each card says when the purge may take it: 30 days after it was deleted (SPEC §4, §9).
      await openJunk(page, junkId, [heldName, freeName]);
      const dueOn = (days: number) => {
        const due = Math.floor(Date.now() / 1000) - days * DAY + LIMITS.junkRetentionDays * DAY;
        return `${t.legalHold.card.purgeLabel} ${formatDeletionDate(due)}`;
      };
      const heldCard = page.getByRole('option', { name: heldName });
      await expect(heldCard.getByTestId('purge-due')).toHaveText(dueOn(LIMITS.junkRetentionDays + 1));

      // The hold, from the asset's detail, with its reason; typed and confirmed from the keyboard.
      await heldCard.dblclick();
      const detail = page.getByRole('dialog', { name: heldName });
      const section = detail.getByRole('region', { name: t.legalHold.detail.title });
      await expect(section).toContainText(t.legalHold.detail.none);
      await section.getByRole('button', { name: t.legalHold.place.action }).click();
      const placing = page.getByRole('dialog', {
        name: t.legalHold.place.title.asset.replace('{{name}}', heldName),
      });
      await expect(placing).toContainText(t.legalHold.place.explain.asset);
      await placing.getByRole('textbox').focus();
      await page.keyboard.type(reason);
      await keepScreenshot(page, `legal-hold-place-${lang}`);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(placing.getByRole('button', { name: t.legalHold.place.confirm })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(placing).toBeHidden();
      await expect(section).toContainText(t.legalHold.card.held.replace('{{reason}}', reason));
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // The junk says it is held, and why.
      await openJunk(page, junkId, [heldName, freeName]);
      await expect(heldCard.getByTestId('held-mark')).toHaveText(
        t.legalHold.card.held.replace('{{reason}}', reason),
      );
      await expect(page.getByRole('option', { name: freeName }).getByTestId('held-mark')).toHaveCount(0);
      await keepScreenshot(page, `legal-hold-junk-${lang}`);
      // The list has room for the whole reason; the grid comes back for whoever signs in next.
      await page.getByRole('button', { name: t.assets.viewMode.list }).click();
      await expect(heldCard.getByTestId('purge-due')).toHaveText(dueOn(LIMITS.junkRetentionDays + 1));
      await keepScreenshot(page, `legal-hold-junk-list-${lang}`);
      await page.getByRole('button', { name: t.assets.viewMode.grid }).click();

      // The nightly purge, asked now: the held asset stays, the other one goes.
      await completedJob(page, '/api/jobs/maintenance/purge-junk');
      expect([await stillThere(held), await stillThere(free)]).toEqual([true, false]);
      await openJunk(page, junkId, [heldName]);
      await expect(page.getByRole('option', { name: freeName })).toHaveCount(0);
      await expect(heldCard.getByTestId('held-mark')).toBeVisible();
      await keepScreenshot(page, `legal-hold-after-purge-${lang}`);

      // Released in /manage, where the hold is listed; its record stays among the released.
      await page.goto('/manage');
      await page.getByRole('tab', { name: t.manage.tabs.legalHolds }).click();
      const panel = page.getByTestId('legal-holds-panel');
      const row = panel.getByRole('row', { name: new RegExp(reason) });
      await expect(row).toContainText(heldName);
      await keepScreenshot(page, `legal-hold-manage-${lang}`);
      await row.getByRole('button', { name: t.legalHold.release.action }).click();
      const releasing = page.getByRole('alertdialog', {
        name: t.legalHold.release.title.replace('{{name}}', heldName),
      });
      await releasing.getByRole('button', { name: t.legalHold.release.confirm }).click();
      await expect(row).toBeHidden();
      await panel
        .getByRole('combobox', { name: t.legalHold.panel.show })
        .selectOption({ label: t.legalHold.panel.states.released });
      await expect(panel.getByRole('row', { name: new RegExp(reason) })).toContainText('admin');

      // Released, the next purge takes it.
      await completedJob(page, '/api/jobs/maintenance/purge-junk');
      expect(await stillThere(held)).toBe(false);
      await context.close();
    });
  }
});
