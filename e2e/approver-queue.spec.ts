import { expect } from '@playwright/test';
import { test } from './portal';
import { inFreshBrowser, keepScreenshot, openFolderByCode, TEXTS, type Lang } from './support';

/** Any plural form of a text with one {{count}}, the count captured. */
function countPattern(one: string, other: string): RegExp {
  const form = (text: string) =>
    text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{count\\}\\}', '(\\d+)');
  return new RegExp(`^(?:${form(one)}|${form(other)})$`);
}

for (const lang of ['it', 'en', 'fr'] as Lang[]) {
  test(`the approval view counts what waits for the approver; the disabled search says why (${lang})`, async ({
    browser,
  }) => {
    const t = TEXTS[lang];
    // anna.bianchi approves step 1 of Marketing only.
    await inFreshBrowser(browser, 'anna.bianchi', lang, async (page) => {
      const badge = page
        .getByRole('navigation')
        .getByRole('link', { name: countPattern(t.views.waitingForYou_one, t.views.waitingForYou_other) });
      await expect(badge).toBeVisible();
      const counted = Number(await badge.textContent());
      expect(counted).toBeGreaterThan(0);

      await openFolderByCode(page, 'appstp1-marketing');
      const results = t.assets.count.replace('{{count, number}}', String(counted));
      await expect(page.getByText(results, { exact: true })).toBeVisible();

      const search = page.getByRole('searchbox', { name: t.assets.search.label });
      await expect(search).toBeDisabled();
      await expect(search).toHaveAttribute('placeholder', t.assets.search.disabledPlaceholder);
      await expect(search).toHaveAccessibleDescription(t.assets.search.disabledHint);
      await keepScreenshot(page, `approver-queue-${lang}`);
    });
  });
}
