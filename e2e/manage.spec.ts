import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './portal';
import { ENRICHMENT_CLASSIFICATIONS, type FolderNode } from '@paddock/rules';
import { as, csrfToken, derivedListing, keepScreenshot, signIn, TEXTS, type Lang } from './support';

/** The demo's Marketing campaign folder, below the department archive, where SPEC §6 lets staff tag. */
async function campaignFolderId(page: Page): Promise<string> {
  const tree = (await (await page.request.get('/api/folders/tree?lang=en')).json()) as {
    roots: FolderNode[];
  };
  const find = (nodes: FolderNode[]): FolderNode | undefined =>
    nodes.map((n) => (n.prettyId === 'campagne-2026-marketing' ? n : find(n.children ?? []))).find(Boolean);
  const folder = find(tree.roots);
  expect(folder, 'campagne-2026-marketing is in the tree').toBeDefined();
  return folder!.id;
}

/**
 * mario.rossi's bulk tag job on two campaign assets: the demo tag Exterior and the body colour taken
 * off (which they do not carry, so the demo data stays as it is). Answers the assets as `lang` names them.
 */
async function bulkTagJob(browser: Browser, lang: Lang): Promise<{ names: string[] }> {
  let names: string[] = [];
  await as(browser, 'mario.rossi', async (page) => {
    const folderId = await campaignFolderId(page);
    // The newest two, as the home lists them.
    const assets = (await derivedListing(page.request, folderId, undefined, lang)).slice(0, 2);
    names = assets.map((a) => a.name);
    const submitted = await page.request.post('/api/tags/bulk', {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: {
        contentIds: assets.map((a) => a.id),
        folderId,
        action: 'remove',
        tags: [{ id: 'tag-exterior', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }],
        metadata: [{ key: 'bodycolor' }],
      },
    });
    expect(submitted.status()).toBe(202);
  });
  return { names };
}

const TAG = { it: 'Esterni', en: 'Exterior', fr: 'Extérieur' } as const;

for (const lang of ['it', 'en', 'fr'] as Lang[])
  test(`an administrator watches queues, jobs and the audit log in ${lang.toUpperCase()}`, async ({
    page,
    browser,
  }) => {
    // The demo seed's preview jobs keep the two cores busy while the first of these runs.
    test.setTimeout(180_000);
    const t = TEXTS[lang];
    const { names } = await bulkTagJob(browser, lang);
    await signIn(page, 'admin', lang);
    await page.setViewportSize({ width: 1280, height: 720 });
    // A job of the administrator's own, so the list has a known row.
    const purge = await page.request.post('/api/jobs/maintenance/purge-expired-sessions', {
      headers: { 'x-csrf-token': await csrfToken(page) },
    });
    expect(purge.status()).toBe(202);

    await page.getByRole('link', { name: t.sections.manage }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.sections.manage })).toBeVisible();
    for (const queue of ['maintenance', 'media', 'workflow'] as const)
      await expect(page.getByTestId(`queue-${queue}`)).toContainText(t.manage.queues[queue]);
    const purgeRow = page
      .getByTestId('job-row')
      .filter({ hasText: t.manage.jobNames['purge-expired-sessions'] })
      .first();
    // Auto-refresh brings it to its end without a reload.
    await expect(purgeRow).toContainText(t.manage.states.completed);
    // Its submitter by name (the demo directory's), not by username (issue 23).
    await expect(purgeRow).toContainText('Amministratore Paddock');
    // The purge finished within the hour: the maintenance queue has a failure rate, not a dash.
    const maintenance = page.getByTestId('queue-maintenance');
    await expect(maintenance).toContainText(t.manage.jobs.depth);
    await expect(maintenance).toContainText(t.manage.jobs.failureRate);
    await expect(maintenance).toContainText(/\d+(,\d+|\.\d+)?\s?%/);
    await keepScreenshot(page, `manage-jobs-${lang}`);

    await purgeRow.getByRole('button', { name: t.manage.jobs.details }).click();
    const drawer = page.getByRole('dialog', { name: t.manage.jobNames['purge-expired-sessions'] });
    await expect(drawer.getByTestId('job-story')).toContainText(
      t.manage.jobSentences['purge-expired-sessions'].replace('{{actor}}', 'Amministratore Paddock'),
    );
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // mario.rossi's bulk tag job, told with names in the administrator's language.
    const tagRow = page
      .getByTestId('job-row')
      .filter({ hasText: t.manage.jobNames['tags-bulk'] })
      .filter({ hasText: 'Mario Rossi' })
      .first();
    await expect(tagRow).toContainText(t.manage.states.completed, { timeout: 30_000 });
    await tagRow.getByRole('button', { name: t.manage.jobs.details }).click();
    const tagDrawer = page.getByRole('dialog', { name: t.manage.jobNames['tags-bulk'] });
    const story = tagDrawer.getByTestId('job-story');
    // The demo folders are named in each language (issue 23).
    const archive = { it: 'Campagne 2026', en: '2026 campaigns', fr: 'Campagnes 2026' }[lang];
    const quoted = (name: string) => t.manage.story.quoted.replace('{{name}}', name);
    await expect(story).toContainText(
      t.manage.jobSentences['tags-bulk'].split('{{assets}}')[0]!.replace('{{actor}}', 'Mario Rossi'),
    );
    for (const name of names) await expect(story).toContainText(quoted(name));
    await expect(story).toContainText(archive);
    await expect(story).toContainText(TAG[lang]);
    await expect(story).toContainText(t.metadataKeys.bodycolor);
    await expect(story).not.toContainText('tag-exterior');
    // Each asset by name, as done.
    const assets = tagDrawer.getByTestId('job-sentences').getByRole('listitem');
    await expect(assets).toHaveCount(2);
    await expect(assets.first()).toContainText(t.manage.outcomes.done);
    await keepScreenshot(page, `manage-job-detail-${lang}`);
    await page.keyboard.press('Escape');
    await expect(tagDrawer).toBeHidden();

    await page.getByRole('tab', { name: t.manage.tabs.audit }).click();
    await page.getByLabel(t.manage.audit.actor).fill('mario');
    await page.getByRole('button', { name: t.manage.audit.search }).click();
    const jobRow = page
      .getByTestId('audit-row')
      .filter({ hasText: t.manage.jobNames['tags-bulk'] })
      .filter({ hasText: TAG[lang] })
      .first();
    await expect(jobRow).toContainText(t.manage.auditOutcomes.success);
    await expect(jobRow).toContainText(archive);
    await keepScreenshot(page, `manage-audit-${lang}`);
  });

test('someone who is not an administrator is told administration is not for them', async ({ page }) => {
  const t = TEXTS.it;
  await signIn(page, 'mario.rossi');
  await expect(page.getByRole('link', { name: t.sections.manage })).toHaveCount(0);
  await page.goto('/manage');
  await expect(page.getByText(t.manage.notAllowed.title)).toBeVisible();
  await expect(page.getByTestId('job-row')).toHaveCount(0);
  const jobs = await page.request.get('/api/jobs');
  expect(jobs.status()).toBe(403);
  await keepScreenshot(page, 'manage-not-allowed-it');
});
