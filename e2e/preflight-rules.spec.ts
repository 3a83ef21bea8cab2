import { expect } from '@playwright/test';
import { test } from './portal';
import { TEXTS, as, keepScreenshot } from './support';

test("an administrator edits a department's pre-flight rules, is told what is wrong, saves and goes back to the defaults (issue 27)", async ({
  browser,
}) => {
  const t = TEXTS.it;
  await as(
    browser,
    'admin',
    async (page) => {
      await page.goto('/manage');
      await page.getByRole('tab', { name: t.manage.tabs.preflight }).click();
      // The end-to-end tests run one at a time: Marketing's warning on megapixels may change for a moment.
      await expect(page.getByRole('combobox', { name: t.manage.preflight.department })).toHaveValue(
        'marketing',
      );
      await expect(page.getByText(t.manage.preflight.defaults)).toBeVisible();
      const row = page.getByRole('row', { name: t.preflight.checks.minMegapixels });
      const min = row.getByRole('textbox', { name: t.preflight.params.min });
      await expect(min).toHaveValue('12');

      await min.fill('0');
      await page.getByRole('button', { name: t.manage.preflight.save }).click();
      await expect(row.getByRole('alert')).toHaveText(
        `${t.preflight.params.min}: ${t.preflight.problems.outOfRange}`,
      );
      await keepScreenshot(page, 'preflight-rules-problem-it');

      await min.fill('10');
      await page.getByRole('button', { name: t.manage.preflight.save }).click();
      await expect(page.getByRole('status')).toHaveText(t.manage.preflight.saved);
      await expect(page.getByText(/^Salvate da admin il /)).toBeVisible();
      await keepScreenshot(page, 'preflight-rules-saved-it');

      await page.getByRole('button', { name: t.manage.preflight.reset }).click();
      await expect(page.getByText(t.manage.preflight.defaults)).toBeVisible();
      await expect(min).toHaveValue('12');
    },
    { lang: 'it' },
  );
});
