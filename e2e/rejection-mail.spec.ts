import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import { LAPTOP_SIZES, TEXTS, as, keepScreenshot, type Lang } from './support';

/** Does `action` and waits until the hub has stored the preferences it changed. */
async function saved(page: Page, action: () => Promise<void>): Promise<void> {
  const stored = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/profile/user-preferences') && r.ok(),
  );
  await action();
  await stored;
}

for (const lang of ['it', 'en', 'fr'] as Lang[]) {
  test(`${lang}: a supplier turns on the rejection e-mail in the header, and finds it on after a reload`, async ({
    browser,
  }) => {
    const t = TEXTS[lang];
    await as(
      browser,
      'foto.studio',
      async (page) => {
        const header = page.getByRole('banner');
        const choice = header.getByRole('checkbox', { name: t.preferences.rejectionMail });
        await expect(choice).toBeEnabled();
        await expect(choice).not.toBeChecked();
        // The switch's own element is visually hidden: its label is what the supplier clicks.
        await saved(page, () => header.getByText(t.preferences.rejectionMail, { exact: true }).click());
        await expect(choice).toBeChecked();

        await page.reload();
        await expect(choice).toBeChecked();
        await expect(page.getByRole('list', { name: t.supplier.chooseDepartment.label })).toBeVisible();
        for (const size of LAPTOP_SIZES) {
          await page.setViewportSize(size);
          const box = (await header.getByText(t.preferences.rejectionMail, { exact: true }).boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(size.width);
          await keepScreenshot(page, `rejection-mail-switch-${lang}-${size.width}x${size.height}`);
        }

        // Off again, so the other specs' supplier gets no mail.
        await saved(page, () => header.getByText(t.preferences.rejectionMail, { exact: true }).click());
        await expect(choice).not.toBeChecked();
      },
      { lang, viewport: LAPTOP_SIZES[0] },
    );
  });
}
