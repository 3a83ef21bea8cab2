import { expect } from '@playwright/test';
import { test } from './portal';
import { TEXTS, as, asInFolder, keepScreenshot, selectionBar, type Lang } from './support';

const LANGS: Lang[] = ['it', 'en', 'fr'];

for (const lang of LANGS)
  test(`a failed folder tree says E009 with its code and a Retry that loads it, in ${lang}`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const t = TEXTS[lang];
    await as(
      browser,
      'mario.rossi',
      async (page) => {
        // The hub's answer to a provider outage while the tree loads (its error filter's body).
        await page.route('**/api/folders/tree**', (route) =>
          route.fulfill({
            status: 503,
            json: { code: 'E009', message: 'provider unreachable', correlationId: 'e2e-tree' },
          }),
        );
        await page.goto('/home');
        const panel = page.getByRole('complementary', { name: t.assets.folders });
        const alert = panel.getByRole('alert');
        await expect(alert).toContainText(t.error.codes.E009, { timeout: 20_000 });
        await expect(alert).toContainText(t.error.code.replace('{{0}}', 'E009'));
        await keepScreenshot(page, `tree-failed-${lang}`);

        await page.unroute('**/api/folders/tree**');
        await alert.getByRole('button', { name: t.common.retry }).click();
        await expect(panel.getByRole('tree')).toBeVisible();
        await expect(alert).toBeHidden();
      },
      { lang },
    );
  });

for (const lang of LANGS)
  test(`sets a metadata on the selection from the smart bar's metadata dialog, in ${lang}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    await asInFolder(
      browser,
      'mario.rossi',
      // Tagging is for the archive's subfolders (SPEC §6), not the archive itself.
      'campagne-2026-marketing',
      async (page) => {
        const cards = page.getByRole('listbox').getByRole('option');
        await cards.nth(0).click();
        await cards.nth(1).click({ modifiers: ['ControlOrMeta'] });
        const bar = selectionBar(page, lang);
        await bar.getByRole('button', { name: t.tagging.metadata.open, exact: true }).click();

        const dialog = page.getByRole('dialog', {
          name: t.tagging.metadata.title_other.replace('{{count}}', '2'),
        });
        await dialog
          .getByRole('combobox', { name: t.tagging.metadata.key })
          .selectOption({ value: 'modelyear' });
        const value = `MY${lang.toUpperCase()}2026`;
        await dialog.getByRole('textbox').fill(value);
        await keepScreenshot(page, `bulk-metadata-${lang}`);
        await dialog.getByRole('button', { name: t.tagging.metadata.confirm.add, exact: true }).click();

        await expect(page.getByText(t.tagging.metadata.done.add_other.replace('{{count}}', '2'))).toBeVisible(
          {
            timeout: 60_000,
          },
        );
      },
      { lang },
    );
  });
