import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './portal';
import {
  E_CODES,
  WORKFLOW_METADATA,
  WORKFLOW_TAGS,
  type AssetDetail,
  type AssetListResponse,
  type FolderNode,
} from '@paddock/rules';
import pg from 'pg';
import {
  BROWSER_LOCALES,
  TEXTS,
  csrfToken,
  e2eDatabaseUrl,
  folderByCode,
  inFreshBrowser,
  keepScreenshot,
  seedBareContent,
  signIn,
  type Lang,
} from './support';

const ARCHIVE = 'arch04-marketing';
const STEP_1 = 'appstp1-marketing';
const STEP_2 = 'appstp2-marketing';
const JUNK = 'junk-marketing';
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

/** Where the content is linked now, by SPEC §3 folder code, read in the provider's schema (no user's view of it). */
async function foldersOf(contentId: string): Promise<string[]> {
  const { rows } = await db.query<{ pretty_id: string }>(
    `SELECT f.pretty_id FROM provider.content_category cc JOIN provider.category f ON f.id = cc.category_id
      WHERE cc.content_id = $1 ORDER BY f.pretty_id`,
    [contentId],
  );
  return rows.map((row) => row.pretty_id);
}

/**
 * `steps` while the workflow's service account still sees step 2 but may not write it: the provider
 * refuses the accept's link there, a real refusal (SPEC §4, §8 E046 "link failed on accept"). The
 * row stays with `show`: the hub finds the next step with that account, and a step 2 it could not
 * see would make step 1 the last one (the enrichment picker). Written back whatever happens.
 */
async function whileStep2RefusesTheWorkflow(steps: () => Promise<void>): Promise<void> {
  const row = `category_id = (SELECT id FROM provider.category WHERE pretty_id = '${STEP_2}')
    AND group_id IN (SELECT id FROM provider."group" WHERE name = 'PADDOCK.WORKFLOW')`;
  const before = await db.query<{ write: boolean }>(`SELECT write FROM provider.category_acl WHERE ${row}`);
  expect(before.rows).toEqual([{ write: true }]);
  await db.query(`UPDATE provider.category_acl SET write = false WHERE ${row}`);
  try {
    await steps();
  } finally {
    await db.query(`UPDATE provider.category_acl SET write = true WHERE ${row}`);
  }
}

/**
 * `steps` with the admin also a step-1 approver of Marketing (APP.MARKETING.STEP1): a user who may
 * both accept there and open the junk (SPEC §6). The membership goes afterwards whatever happens,
 * and the hub's directory, which learns a user's groups when their session is read, is told at once.
 */
async function asAdminApprovingStep1(
  browser: Browser,
  lang: Lang,
  steps: (page: Page) => Promise<void>,
): Promise<void> {
  const membership = `FROM provider."user" u, provider."group" g
    WHERE u.username = 'admin' AND g.name = 'APP.MARKETING.STEP1'`;
  await db.query(`INSERT INTO provider.user_group (user_id, group_id) SELECT u.id, g.id ${membership}`);
  const context = await browser.newContext({ locale: BROWSER_LOCALES[lang] });
  const page = await context.newPage();
  try {
    await signIn(page, 'admin', lang);
    await steps(page);
  } finally {
    await db.query(
      `DELETE FROM provider.user_group WHERE (user_id, group_id) IN (SELECT u.id, g.id ${membership})`,
    );
    await page.request.get('/api/session');
    await context.close();
  }
}

/** Accepts the asset from the step 1 listing through the detail's Accept and its question; answers the report. */
async function acceptThroughTheDetail(page: Page, lang: Lang, step1: string, name: string) {
  const wf = TEXTS[lang].workflow;
  await page.goto(`/home?folder=${step1}`);
  await page.getByRole('option', { name }).dblclick();
  const detail = page.getByRole('dialog', { name });
  await detail
    .getByRole('toolbar', { name: wf.buttons.label })
    .getByRole('button', { name: wf.buttons.accept, exact: true })
    .click();
  await page
    .getByRole('alertdialog', { name: wf.accept.title })
    .getByRole('button', { name: wf.accept.confirm, exact: true })
    .click();
  return page.getByRole('alertdialog', { name: TEXTS[lang].error.titleError });
}

/** The report's words for one asset of one sent to the junk: how many, SPEC §8 E046's text, where it is. */
function acceptReportText(lang: Lang, where: 'inJunk' | 'inJunkAskAdmin'): string {
  const { outcomes, errors } = TEXTS[lang].workflow;
  const summary = outcomes.summary_one.replace('{{count}}', '1').replace('{{total}}', '1');
  return `${summary} ${errors[E_CODES.ACCEPT_LINK_FAILED]} ${outcomes[where]}`;
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

test.describe('an accept the provider refuses at the next step ends in the department junk, and the user is told', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ['it', 'en', 'fr'] as Lang[]) {
    test(`an admin approving step 1 reads E046, where it went, and opens the junk from the message (${lang})`, async ({
      browser,
    }) => {
      const t = TEXTS[lang];
      const name = `Refused accept ${RUN} ${lang}`;
      await asAdminApprovingStep1(browser, lang, async (page) => {
        const step1 = (await folderByCode(page, STEP_1)).id;
        const step2 = (await folderByCode(page, STEP_2)).id;
        const junk = (await folderByCode(page, JUNK)).id;
        await seed(step1, name);
        const id = seededContents[seededContents.length - 1]!;

        await whileStep2RefusesTheWorkflow(async () => {
          const report = await acceptThroughTheDetail(page, lang, step1, name);
          await expect(report).toContainText(acceptReportText(lang, 'inJunk'), { timeout: 60_000 });
          await expect(report).toContainText(t.error.code.replace('{{0}}', E_CODES.ACCEPT_LINK_FAILED));
          await expect(report.getByRole('link', { name: t.workflow.outcomes.openJunk })).toBeVisible();
          await keepScreenshot(page, `junk-fallback-accept-admin-${lang}`);
        });

        // In the junk only, out of both steps: as the provider links it, and as the admin reads it.
        expect(await foldersOf(id)).toEqual([JUNK]);
        const detail = (await (await page.request.get(`/api/assets/${id}`)).json()) as AssetDetail;
        expect(detail.folders.map((folder) => folder.id)).toEqual([junk]);
        expect(detail.workflow).toMatchObject({ step: null, accepted: true, deletedAt: expect.any(Number) });
        for (const folderId of [step1, step2]) {
          const listing = await page.request.get(`/api/assets?folderId=${folderId}&limit=100`);
          const ids = ((await listing.json()) as AssetListResponse).items.map((item) => item.id);
          expect(ids, `not listed in ${folderId}`).not.toContain(id);
        }

        const report = page.getByRole('alertdialog', { name: t.error.titleError });
        await report.getByRole('link', { name: t.workflow.outcomes.openJunk }).click();
        await expect(report).toBeHidden();
        await expect(page).toHaveURL(/view=departmentJunk/);
        await expect(page).toHaveURL(new RegExp(`folder=${junk}`));
        await expect(page.getByRole('option', { name })).toBeVisible();
        // Shot once the page has settled: the folder tree read, every card's thumbnail drawn.
        await expect(
          page.getByRole('tree').getByRole('treeitem', { name: 'Marketing', exact: true }),
        ).toBeVisible();
        await expect
          .poll(() =>
            page
              .getByRole('listbox')
              .locator('img')
              .evaluateAll((imgs: HTMLImageElement[]) =>
                imgs.every((img) => img.complete && img.naturalWidth > 0),
              ),
          )
          .toBe(true);
        await keepScreenshot(page, `junk-fallback-accept-admin-${lang}-junk`);
      });
    });
  }

  test('a step-1 approver, who may not open the junk, reads E046 and to ask an administrator, with no link', async ({
    browser,
  }) => {
    const t = TEXTS.en;
    const name = `Refused accept ${RUN} approver`;
    await inFreshBrowser(browser, 'anna.bianchi', 'en', async (page) => {
      const step1 = (await folderByCode(page, STEP_1)).id;
      await seed(step1, name);
      const id = seededContents[seededContents.length - 1]!;

      await whileStep2RefusesTheWorkflow(async () => {
        const report = await acceptThroughTheDetail(page, 'en', step1, name);
        await expect(report).toContainText(acceptReportText('en', 'inJunkAskAdmin'), { timeout: 60_000 });
        await expect(report).toContainText(t.error.code.replace('{{0}}', E_CODES.ACCEPT_LINK_FAILED));
        await expect(report.getByRole('link')).toHaveCount(0);
        await keepScreenshot(page, 'junk-fallback-accept-approver-en');
        await report.getByRole('button', { name: t.error.ok, exact: true }).click();
        await expect(report).toBeHidden();
      });

      // In the junk only, out of both steps, accepted and marked deleted there, so the 30-day purge
      // finds it (docs/workflow.md "Move").
      expect(await foldersOf(id)).toEqual([JUNK]);
      const { rows: marks } = await db.query<{ mark: string }>(
        `SELECT d.pretty_id AS mark FROM provider.content_tag ct JOIN provider.tag_definition d ON d.id = ct.tag_id
          WHERE ct.content_id = $1
         UNION ALL SELECT m.key FROM provider.content_metadata m WHERE m.content_id = $1 AND m.key = $2
         ORDER BY 1`,
        [id, WORKFLOW_METADATA.deletedAt],
      );
      expect(marks.map((row) => row.mark)).toEqual(
        [WORKFLOW_TAGS.accepted, WORKFLOW_TAGS.deleted, WORKFLOW_METADATA.deletedAt].sort(),
      );
      // Gone from the approver's step 1 once the job ended.
      await expect(page.getByRole('option', { name })).toHaveCount(0);
    });
  });
});
