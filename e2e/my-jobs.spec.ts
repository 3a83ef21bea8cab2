import { expect } from '@playwright/test';
import { test } from './portal';
import { E_CODES, type SharingFoldersResponse } from '@paddock/rules';
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

/** One content straight into the provider's schema (no file behind it: the link is what counts). */
async function seed(folderId: string, name: string): Promise<string> {
  const id = await seedBareContent(db, folderId, name);
  seededContents.push(id);
  return id;
}

/**
 * The workflow's service account loses its rights on the folder, so the provider refuses the job's
 * links there (a real refusal, per asset); `restore` gives them back.
 */
async function refuseTheWorkflow(folderId: string): Promise<{ restore(): Promise<void> }> {
  const saved = `e2e_acl_${RUN}_${Math.random().toString(36).slice(2, 8)}`;
  const rows = `FROM provider.category_acl WHERE category_id = $1
    AND group_id IN (SELECT id FROM provider."group" WHERE name = 'PADDOCK.WORKFLOW')`;
  await db.query(`CREATE TEMP TABLE ${saved} AS SELECT * ${rows}`, [folderId]);
  await db.query(`DELETE ${rows}`, [folderId]);
  return {
    restore: async () => {
      await db.query(`INSERT INTO provider.category_acl SELECT * FROM ${saved}`);
      await db.query(`DROP TABLE ${saved}`);
    },
  };
}

test.beforeAll(async () => {
  db = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await db.connect();
});

test.afterAll(async () => {
  if (seededContents.length)
    await db.query('DELETE FROM provider.content WHERE id = ANY($1::uuid[])', [seededContents]);
  await db.end();
});

for (const lang of ['it', 'en', 'fr'] as Lang[]) {
  test(`My jobs: a share whose links were refused, its E-code, and its failed items retried (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const t = TEXTS[lang];
    const my = t.myJobs;
    await signIn(page, 'mario.rossi', lang);
    const archive = (await folderByCode(page, ARCHIVE)).id;
    const ids = [
      await seed(archive, `My jobs ${RUN} ${lang} a`),
      await seed(archive, `My jobs ${RUN} ${lang} b`),
    ];
    const folders = (await (await page.request.get('/api/shares/folders')).json()) as SharingFoldersResponse;
    const target = folders.items[0]!.id;

    // The share is submitted while the provider refuses the workflow's links into the target.
    const refusal = await refuseTheWorkflow(target);
    const submitted = await page.request.post('/api/shares', {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { folderId: archive, contentIds: ids, targetFolderIds: [target] },
    });
    expect(submitted.status()).toBe(202);
    const { jobId } = (await submitted.json()) as { jobId: string };
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { state: string }).state,
        {
          timeout: 60_000,
        },
      )
      .toBe('completed');
    await refusal.restore();

    await page.goto('/home');
    await page.getByRole('button', { name: new RegExp(`^${my.open}`) }).click();
    const drawer = page.getByRole('dialog', { name: my.title });
    const first = drawer.getByRole('listitem', { name: t.manage.jobNames['internal-share'] }).first();
    await expect(first.getByText(my.items.replace('{{done}}', '2').replace('{{total}}', '2'))).toBeVisible();
    await first.getByRole('button', { name: my.showOutcomes }).click();
    const outcomes = first.getByRole('list', { name: my.outcomes });
    await expect(outcomes.getByRole('listitem')).toHaveCount(2);
    await expect(outcomes.getByText(t.manage.outcomes.failed, { exact: true })).toHaveCount(2);
    await expect(outcomes.getByText(E_CODES.MOVE_LINK_FAILED, { exact: true })).toHaveCount(2);
    await keepScreenshot(page, `my-jobs-outcomes-${lang}`);

    // The notice saying so lives 6 s, too short to assert on a loaded machine; the web test checks it.
    await first.getByRole('button', { name: my.retryFailed }).click();
    const retry = drawer.getByRole('listitem', { name: t.manage.jobNames['internal-share'] }).first();
    await expect(retry.getByText(my.retryOf.replace('{{id}}', jobId.slice(0, 8)))).toBeVisible();
    // The provider takes the links now: the new job ends with both assets done.
    await expect(retry.getByText(t.manage.states.completed, { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await retry.getByRole('button', { name: my.showOutcomes }).click();
    await expect(
      retry.getByRole('list', { name: my.outcomes }).getByText(t.manage.outcomes.done, { exact: true }),
    ).toHaveCount(2);
    await expect(retry.getByRole('button', { name: my.retryFailed })).toHaveCount(0);
    await keepScreenshot(page, `my-jobs-retried-${lang}`);
  });
}
