import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import type { FolderNode } from '@paddock/rules';
import pg from 'pg';
import {
  TEXTS,
  csrfToken,
  e2eDatabaseUrl,
  folderByCode,
  keepScreenshot,
  seedBareContent,
  signIn,
  type Lang,
} from './support';

const ARCHIVE = 'arch04-marketing';
const RUN = Date.now().toString(36);

let db: pg.Client;
const seededContents: string[] = [];
const createdFolders: string[] = [];

/** One content straight into the provider's schema (no file behind it: the move is what counts). */
async function seed(folderId: string, name: string): Promise<void> {
  seededContents.push(await seedBareContent(db, folderId, name));
}

/**
 * A folder below the department archive that the user writes and the workflow's service account
 * may not: the provider refuses the job's link there, a real refusal (SPEC §4 "if a move fails").
 */
async function folderRefusingTheWorkflow(page: Page, parentId: string, name: string): Promise<void> {
  const created = await page.request.post('/api/folders?lang=en', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { parentId, name },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as FolderNode).id;
  createdFolders.push(id);
  await db.query(
    `DELETE FROM provider.category_acl WHERE category_id = $1
       AND group_id IN (SELECT id FROM provider."group" WHERE name = 'PADDOCK.WORKFLOW')`,
    [id],
  );
}

/** Moves the asset from the archive's listing into `folder` through the detail's Move and picker. */
async function moveThroughTheDetail(page: Page, lang: Lang, archive: string, name: string, folder: string) {
  const wf = TEXTS[lang].workflow;
  await page.goto(`/home?folder=${archive}`);
  await page.getByRole('option', { name }).dblclick();
  const detail = page.getByRole('dialog', { name });
  await detail
    .getByRole('toolbar', { name: wf.buttons.label })
    .getByRole('button', { name: wf.buttons.move, exact: true })
    .click();
  const picker = page.getByRole('dialog', { name: wf.move.title });
  const tree = picker.getByRole('tree');
  await tree.getByRole('treeitem', { name: 'Marketing', exact: true }).press('ArrowRight');
  await tree
    .getByRole('treeitem', { name: /^(Archivio di reparto|Department archive|Archives du service)$/ })
    .press('ArrowRight');
  await tree.getByRole('treeitem', { name: folder, exact: true }).click();
  await picker.getByRole('button', { name: wf.picker.confirm }).click();
  return page.getByRole('alertdialog');
}

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
});

test.afterAll(async () => {
  if (seededContents.length)
    await db.query('DELETE FROM provider.content WHERE id = ANY($1::uuid[])', [seededContents]);
  if (createdFolders.length)
    await db.query('DELETE FROM provider.category WHERE id = ANY($1::uuid[])', [createdFolders]);
  await db.end();
});

test.describe('a move the provider refuses ends in the department junk, and the user is told', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ['it', 'en', 'fr'] as Lang[]) {
    test(`the admin reads where it went and opens the junk from the message (${lang})`, async ({
      browser,
    }) => {
      const outcomes = TEXTS[lang].workflow.outcomes;
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, 'admin', lang);
      const archive = (await folderByCode(page, ARCHIVE)).id;
      const name = `Refused move ${RUN} ${lang}`;
      const target = `No entry ${RUN} ${lang}`;
      await folderRefusingTheWorkflow(page, archive, target);
      await seed(archive, name);

      const report = await moveThroughTheDetail(page, lang, archive, name, target);
      await expect(report).toContainText(TEXTS[lang].workflow.errors.E049, { timeout: 60_000 });
      await expect(report).toContainText(outcomes.inJunk);
      await expect(report).toContainText('E049');
      await keepScreenshot(page, `junk-fallback-admin-${lang}`);

      await report.getByRole('link', { name: outcomes.openJunk }).click();
      await expect(report).toBeHidden();
      await expect(page).toHaveURL(/view=departmentJunk/);
      await expect(page.getByRole('option', { name })).toBeVisible();
      await keepScreenshot(page, `junk-fallback-admin-${lang}-junk`);
      await context.close();
    });
  }

  test('staff, who may not open the junk, are told who can restore it, with no link', async ({ browser }) => {
    const outcomes = TEXTS.en.workflow.outcomes;
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'mario.rossi', 'en');
    const archive = (await folderByCode(page, ARCHIVE)).id;
    const name = `Refused move ${RUN} staff`;
    const target = `No entry ${RUN} staff`;
    await folderRefusingTheWorkflow(page, archive, target);
    await seed(archive, name);

    const report = await moveThroughTheDetail(page, 'en', archive, name, target);
    await expect(report).toContainText(outcomes.inJunkAskAdmin, { timeout: 60_000 });
    await expect(report.getByRole('link')).toHaveCount(0);
    await keepScreenshot(page, 'junk-fallback-staff-en');
    // The junk does not exist for staff (SPEC §6): not in their tree, and its listing is empty.
    const tree = JSON.stringify(await (await page.request.get('/api/folders/tree?lang=en')).json());
    expect(tree).not.toContain('junk-marketing');
    const junkId = (
      await db.query<{ id: string }>(`SELECT id FROM provider.category WHERE pretty_id = 'junk-marketing'`)
    ).rows[0]!.id;
    const junk = await page.request.get(`/api/assets?folderId=${junkId}`);
    expect([junk.status(), ((await junk.json()) as { items: unknown[] }).items]).toEqual([200, []]);
    await context.close();
  });
});
