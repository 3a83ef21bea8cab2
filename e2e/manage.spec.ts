import { expect, test } from '@playwright/test';
import { csrfToken, keepScreenshot, signIn, TEXTS, type Lang } from './support';

for (const lang of ['it', 'en', 'fr'] as Lang[])
  test(`an administrator watches queues, jobs and the audit log in ${lang.toUpperCase()}`, async ({
    page,
  }) => {
    // The demo seed's preview jobs keep the two cores busy while the first of these runs.
    test.setTimeout(60_000);
    const t = TEXTS[lang];
    await signIn(page, 'admin', lang);
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
    await expect(purgeRow).toContainText('admin');
    await keepScreenshot(page, `manage-jobs-${lang}`);

    await purgeRow.getByRole('button', { name: t.manage.jobs.details }).click();
    const drawer = page.getByRole('dialog', { name: t.manage.jobNames['purge-expired-sessions'] });
    await expect(drawer).toContainText(t.manage.detail.noPayload);
    await keepScreenshot(page, `manage-job-detail-${lang}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('tab', { name: t.manage.tabs.audit }).click();
    await page.getByLabel(t.manage.audit.actor).fill('admin');
    await page.getByRole('button', { name: t.manage.audit.search }).click();
    await expect(
      page.getByTestId('audit-row').filter({ hasText: t.manage.jobNames['purge-expired-sessions'] }).first(),
    ).toContainText(t.manage.auditOutcomes.success);
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
